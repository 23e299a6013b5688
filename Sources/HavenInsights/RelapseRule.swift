import HavenCore

/// Which entries of a tracker are relapses (SPEC §4.2, §16), for the days
/// between them and when they cluster.
enum RelapseRule {
    /// Avoidance with `check` input: every entry.
    case everyEntry
    /// Avoidance with `levels` input: a level whose effect is `break` or `grace`.
    case levels(Set<String>)
    /// `count`/`amount` in avoidance or with an `at_most` goal: the entry
    /// that takes its period's sum beyond the limit, in thousandths.
    case beyond(milli: Int64, rules: EngineRules)

    /// The rule of `tracker`, or nil when it has no relapses.
    init?(_ tracker: TrackerDefinition) {
        let avoidance = tracker.avoids
        var limit: Double?
        if case .atMost(let n)? = tracker.goal { limit = n }
        switch tracker.input {
        case .check where avoidance:
            self = .everyEntry
        case .levels where avoidance:
            let relapses = (tracker.levels?.levels ?? []).filter { $0.effect == .break || $0.effect == .grace }
            self = .levels(Set(relapses.map(\.key)))
        case .count where avoidance || limit != nil, .amount where avoidance || limit != nil:
            self = .beyond(milli: DayTable.milli(limit ?? 0), rules: EngineRules(tracker))
        default:
            return nil
        }
    }

    /// Calls `body` with each relapse among `days` (in order): its day and local minute.
    func forEach(in days: HookDays, _ body: (Int, Int) -> Void) {
        var periodStart = Int.min, sum: Int64 = 0
        for summary in days.days {
            switch self {
            case .everyEntry:
                days.forEachEntry(of: summary) { body(summary.day, $0.minute) }
            case .levels(let keys):
                days.forEachEntry(of: summary) { entry in
                    if let level = entry.level, keys.contains(level) { body(summary.day, entry.minute) }
                }
            case .beyond(let limit, let rules):
                let start = rules.periodStart(summary.day)
                if start != periodStart { (periodStart, sum) = (start, 0) }
                guard sum <= limit else { continue }
                days.forEachEntry(of: summary) { entry in
                    let before = sum
                    sum += DayTable.milli(entry.number ?? 0)
                    if before <= limit, sum > limit { body(summary.day, entry.minute) }
                }
            }
        }
    }
}
