import HavenCore

/// Each day's outcome, as the calendar, its JSON and the report show it:
/// a day tracker's own, and for week, month and rolling trackers the
/// outcome of the period the day belongs to.
public enum DayOutcomes {
    /// Day number → outcome, from `from` through the last period walked;
    /// nothing before `judgedFrom` (a tracker not yet in use is never
    /// painted as broken), nothing at all without it.
    public static func expand(_ periods: [PeriodRecord], rules: EngineRules, from: Day, judgedFrom: Day?) -> [Int: Outcome] {
        guard let judgedFrom else { return [:] }
        let from = max(from, judgedFrom)
        let byStart = Dictionary(periods.map { ($0.start, $0.outcome) }, uniquingKeysWith: { _, last in last })
        var days: [Int: Outcome] = [:]
        guard let last = periods.last.map({ rules.nextPeriod($0.start) - 1 }), last >= from.number else { return days }
        for n in from.number...last {
            if let outcome = byStart[rules.periodStart(n)] { days[n] = outcome }
        }
        return days
    }
}
