import Foundation
import HavenCore

/// The short forms of times and days people type, read against now:
/// `21:30` or `9:00` (today at that time), `today`, `yesterday` (this time
/// yesterday), `yesterday 22:00`, `-2h`, `-30m`, `-1d`; for days `today`,
/// `yesterday` and `-3d`. German `heute` and `gestern` are read too. The
/// full forms (`2026-03-01 21:30`, `2026-03-01`) are `TimeInput`'s and `Day`'s.
public enum RelativeInput {
    /// The instant a short form names, in `clock`'s zone; nil when `text` is none of them.
    static func time(_ text: String, clock: Clock) -> Date? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty, words.count <= 2 else { return nil }
        let today = clock.today(boundary: .midnight).number
        let offset = clock.offset(at: clock.now)
        let ms = clock.milliseconds
        let secondOfDay = Int((((ms / 1000) + Int64(offset)) % 86_400 + 86_400) % 86_400)
        func at(_ day: Int, second: Int) -> Date {
            Date(timeIntervalSince1970: Double(TimeInput.instant(local: Int64(day) * 86_400 + Int64(second), zone: clock.zone)))
        }
        if words.count == 1, let (count, unit) = backwards(words[0]) {
            switch unit {
            case "d": return at(today - count, second: secondOfDay)
            case "h": return clock.now.addingTimeInterval(-Double(count) * 3600)
            default: return clock.now.addingTimeInterval(-Double(count) * 60)
            }
        }
        if words.count == 1, let time = clockTime(words[0]) { return at(today, second: time) }
        guard let back = dayWord(words[0]) else { return nil }
        if words.count == 1 { return back == 0 ? clock.now : at(today - back, second: secondOfDay) }
        guard let time = clockTime(words[1]) else { return nil }
        return at(today - back, second: time)
    }

    /// The day a short form names, counted from `today`; nil when `text` is none of them.
    public static func day(_ text: String, today: Day) -> Day? {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        if let back = dayWord(word) { return today.adding(days: -back) }
        if let (count, unit) = backwards(word), unit == "d" { return today.adding(days: -count) }
        return nil
    }

    /// `today` 0, `yesterday` 1 (and German).
    private static func dayWord(_ word: String) -> Int? {
        switch word {
        case "today", "heute": 0
        case "yesterday", "gestern": 1
        default: nil
        }
    }

    /// `-3d`, `-2h`, `-30m`: how many, and the unit's letter (up to 100 years back).
    private static func backwards(_ word: String) -> (Int, Character)? {
        guard word.hasPrefix("-"), let unit = word.last, "dhm".contains(unit),
              let count = Int(word.dropFirst().dropLast()), count >= 0, count <= 36_600 * 24 * 60 else { return nil }
        return (count, unit)
    }

    /// `21:30` or `9:00`: seconds since midnight.
    private static func clockTime(_ word: String) -> Int? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 3600 + minute * 60
    }
}

extension RelativeInput {
    /// A day as people type it: `2026-03-01`, `today`, `yesterday`, `-3d`.
    public static func anyDay(_ text: String, today: Day) -> Day? {
        Day(text.trimmingCharacters(in: .whitespaces)) ?? day(text, today: today)
    }

    /// `--day DAY` as a time `--at` reads: the middle of the tracker's day
    /// (twelve hours after its boundary), or now when that is still to
    /// come today; nil for a day that has not begun.
    public static func moment(ofDay day: Day, boundary: TimeOfDay, clock: Clock) -> String? {
        let middle = Int64(day.number) * 86_400 + Int64(boundary.minutes) * 60 + 12 * 3600
        let instant = TimeInput.instant(local: middle, zone: clock.zone)
        if Double(instant) <= clock.now.timeIntervalSince1970 {
            let date = Day(number: Int(middle / 86_400)), second = Int(middle % 86_400)
            return "\(date) \(TimeOfDay(hour: second / 3600, minute: second % 3600 / 60)!)"
        }
        guard clock.today(boundary: boundary) == day else { return nil }
        return Session.format(clock.now, zone: clock.zone)
    }
}
