import Foundation
import HavenCore

/// Reads times people type: `2026-03-01 21:30`, `2026-03-01T21:30:15`,
/// optionally with `Z` or an offset (`+01:00`); without one, the time is
/// local in `zone`. Nothing else is accepted.
public enum TimeInput {
    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        moment(text, zone: zone)?.date
    }

    /// The instant and the zone it was written in: `zone`, or a fixed zone
    /// of the offset the text names (SPEC §3: an explicit offset means that
    /// instant, and the entry's zone is that offset).
    static func moment(_ text: String, zone: TimeZone) -> (date: Date, zone: TimeZone)? {
        var rest = Substring(text)
        // Spaces and tabs around it, as `CharacterSet.whitespaces` has them.
        func blank(_ c: Character?) -> Bool {
            c.map { $0 == "\t" || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator } } ?? false
        }
        while blank(rest.first) { rest.removeFirst() }
        while blank(rest.last) { rest.removeLast() }
        guard rest.count >= 16 else { return nil }
        let datePart = rest.prefix(10)
        rest = rest.dropFirst(10)
        guard let day = Day(String(datePart)), let separator = rest.first, separator == " " || separator == "T" else {
            return nil
        }
        rest = rest.dropFirst()
        func twoDigits() -> Int? {
            guard rest.count >= 2, let n = Int(rest.prefix(2)), rest.prefix(2).allSatisfy(\.isASCII) else { return nil }
            rest = rest.dropFirst(2)
            return n
        }
        guard let hour = twoDigits(), rest.first == ":" else { return nil }
        rest = rest.dropFirst()
        guard let minute = twoDigits() else { return nil }
        var second = 0
        if rest.first == ":" {
            rest = rest.dropFirst()
            guard let s = twoDigits() else { return nil }
            second = s
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        var offset: Int?
        if rest == "Z" {
            offset = 0
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let h = twoDigits() else { return nil }
            if rest.first == ":" { rest = rest.dropFirst() }
            guard let m = twoDigits(), rest.isEmpty, h < 24, m < 60 else { return nil }
            offset = (sign == "+" ? 1 : -1) * (h * 3600 + m * 60)
        } else if !rest.isEmpty {
            return nil
        }
        if let offset {
            let local = Double(day.number) * 86_400 + Double(hour * 3600 + minute * 60 + second)
            guard let fixed = TimeZone(secondsFromGMT: offset) else { return nil }
            return (Date(timeIntervalSince1970: local - Double(offset)), fixed)
        }
        let local = Int64(day.number) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return (Date(timeIntervalSince1970: Double(instant(local: local, zone: zone))), zone)
    }

    /// The instant (seconds since 1970 UTC) a local time in `zone` names,
    /// by the zone's offsets alone (a Calendar would load ICU for one
    /// date). A time inside a spring-forward gap is moved on by the gap's
    /// length, and a repeated fall-back time is its first occurrence, as
    /// SPEC §3 asks (and as Foundation's Calendar does).
    static func instant(local: Int64, zone: TimeZone) -> Int64 {
        func offset(_ t: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))) }
        // Every instant that reads as `local` lies within these bounds
        // (offsets run from -12 to +14 hours); the offsets just outside
        // them are the ones before and after any change in between.
        let before = offset(local - 15 * 3600), after = offset(local + 13 * 3600)
        let early = local - before, late = local - after
        let candidates = [early, late].filter { $0 + offset($0) == local }
        // No candidate: the time fell into a gap, and the earlier offset
        // carries it past the change, by the gap's length.
        return candidates.min() ?? early
    }

    /// Milliseconds since 1970 UTC.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// "Now" and the zone the person is in: the clock, or `--now` / `HAVEN_NOW`.
public struct Clock: Sendable {
    public var now: Date
    public var zone: TimeZone

    public init(now: Date, zone: TimeZone) {
        self.now = now
        self.zone = zone
    }

    public var milliseconds: Int64 { TimeInput.milliseconds(now) }

    /// The UTC offset, in seconds, at `date` in this zone.
    public func offset(at date: Date) -> Int { zone.secondsFromGMT(for: date) }

    /// Today for a tracker with this day boundary.
    public func today(boundary: TimeOfDay) -> Day {
        DayAssignment.day(instant: milliseconds, offset: offset(at: now), boundary: boundary)
    }

    /// The first day of a tracker seen now: today, or, before a late day
    /// boundary (NoAlc's 18:00 on a morning), the day that starts at it, so
    /// that an evening which ended before the tracker existed is never its
    /// first failure. An entry logged for that evening still starts it there.
    public func firstDay(boundary: TimeOfDay) -> Day {
        max(today(boundary: boundary), today(boundary: .midnight))
    }
}
