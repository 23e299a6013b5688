import HavenCore
import HavenInsights

/// What `haven insights` and the report's "When and why" say in words:
/// when moments happen, when they are noticed, the days between relapses.
/// It observes, never judges.
public struct InsightsSentences: Sendable {
    public let words: Words

    public init(words: Words) { self.words = words }

    /// A weekday's short name as a label: "Mon" ("Mo" in German).
    public func label(_ weekday: Weekday) -> String {
        let short = words(weekday.rawValue)
        return short.prefix(1).uppercased() + short.dropFirst()
    }

    /// "12 weeks", "26 days".
    public func length(_ range: InsightsRange) -> String {
        range.days % 7 == 0 ? words(range.days == 7 ? "{} week" : "{} weeks", range.days / 7)
            : words(range.days == 1 ? "{} day" : "{} days", range.days)
    }

    /// "Most often on Tuesdays 16–17 h (30) and Fridays 22–23 h (10).", or that no hour stands out.
    public func busiest(_ grid: HourGrid) -> String {
        let cells = grid.busiest(3).map { cell in
            words("{} {}–{} h ({})", words(Self.plural[cell.weekday]!), cell.hour, cell.hour + 1, words.number(cell.value))
        }
        return cells.isEmpty ? words("No hour stands out yet: none holds more than one entry.")
            : words("Most often on {}.", words.list(cells))
    }

    static let plural: [Weekday: String] = [.mon: "Mondays", .tue: "Tuesdays", .wed: "Wednesdays", .thu: "Thursdays",
                                            .fri: "Fridays", .sat: "Saturdays", .sun: "Sundays"]

    /// "Noticed at a median of 16:20, 18:40 in the 12 weeks before: earlier in the day: catching it sooner."
    public func noticing(_ n: TrackerInsights.Noticing, length: String) -> String {
        let w = words
        func clock(_ minute: Int) -> String { TimeOfDay(hour: minute / 60, minute: minute % 60)!.description }
        guard let median = n.median else { return w("Nothing noticed in these {}.", length) }
        guard let before = n.previousMedian, let shift = n.shift else {
            return w("Noticed at a median of {}; nothing in the {} before to compare.", clock(median), length)
        }
        let direction = shift <= -TrackerInsights.Noticing.sameWithin ? w("earlier in the day: catching it sooner")
            : shift >= TrackerInsights.Noticing.sameWithin ? w("later in the day") : w("about the same time of day")
        return w("Noticed at a median of {}, {} in the {} before: {}.", clock(median), clock(before), length, direction)
    }

    /// The days between relapses, and the weekday and hours they came most on.
    public func relapses(_ r: TrackerInsights.Relapses, length: String) -> [String] {
        let w = words
        guard r.moments > 0 else { return [w("No relapse logged in these {}.", length)] }
        var lines = [w("Relapses: {} on {} day.", r.moments, r.days.count)]
        if let median = r.gaps.median, let longest = r.gaps.longest {
            lines[0] = w("Relapses: {} on {} days; days between them: median {}, longest {}.", r.moments, r.days.count,
                         w.number(median), longest)
        }
        // The first of the busiest, on a tie.
        let day = r.byWeekday.indices.max { r.byWeekday[$0] < r.byWeekday[$1] || (r.byWeekday[$0] == r.byWeekday[$1] && $0 > $1) }!
        let block = r.byBlock.indices.max { r.byBlock[$0] < r.byBlock[$1] || (r.byBlock[$0] == r.byBlock[$1] && $0 > $1) }!
        lines.append(w("Most on {} ({} of {}), and between {} and {} h ({} of {}).", w(Self.plural[Weekday.allCases[day]]!),
                       r.byWeekday[day], r.moments, block * 4, block * 4 + 4, r.byBlock[block], r.moments))
        return lines
    }

    /// 0 for nothing, else 1 to 4: the quarter of the busiest cell's value `value` reaches up to.
    public static func quarter(_ value: Double, of most: Double) -> Int {
        guard value > 0, most > 0 else { return 0 }
        return min(4, max(1, Int((value / most * 4).rounded(.up))))
    }

    /// +4, −3, ±0.
    public static func change(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "±0" }
}
