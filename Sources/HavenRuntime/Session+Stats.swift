import HavenCore
import HavenStore

/// `haven stats ID`: a tracker's life in numbers.
public struct TrackerStats: Sendable {
    /// The numbers of the tracker's whole life, or of one week, month or weekday of it.
    public struct Numbers: Sendable, Equatable {
        /// `2026-03` for a month, the Monday `2026-03-02` for a week, `mon` for a weekday; "" for the whole.
        public var key: String
        /// Days of the tracker's life in it.
        public var days = 0
        public var entries = 0
        /// The sum of the entries' numbers (count and amount trackers).
        public var total = 0.0
        /// Periods (days, weeks or months, as the streak counts them) met: success or healed.
        public var met = 0
        /// Periods closed or decided (all but the one still pending).
        public var closed = 0
    }

    public var tracker: TrackerDefinition
    public var from: Day
    public var to: Day
    public var whole: Numbers
    public var current: Int
    public var longest: Int
    public var score: Double
    /// The score 30 and 365 days ago; nil before the tracker started.
    public var score30: Double?
    public var score365: Double?
    /// By week, month or weekday when asked for.
    public var groups: [Numbers]
}

/// How `stats --by` groups.
public enum StatsGrouping: String, Sendable, CaseIterable {
    case week, month, weekday
}

extension Session {
    /// A tracker's numbers from its start through today (SPEC §7 `stats`),
    /// grouped `by` week, month or weekday when asked.
    public func stats(_ id: String, by grouping: StatsGrouping?) throws(RuntimeError) -> TrackerStats {
        let tracker = try runtime.tracker(id)
        let status = try status(tracker)
        let today = status.today
        let (start, score30, score365): (Day, Double?, Double?) = try reading(tracker) { reader in
            let plan = try plan(tracker, reader)
            func score(_ daysAgo: Int) throws -> Double? {
                let day = today.adding(days: -daysAgo)
                guard plan.start <= day else { return nil }
                return try walk(tracker, plan: plan, through: day, checkpoints: false, reader).result.state.score
            }
            return ((plan.start, try score(30), try score(365)), nil, [])
        }
        let periods = start <= today ? try history(tracker, from: start, to: today) : []
        let entries = start <= today ? try db { () throws(StoreError) in
            try store.entries(tracker: tracker.id, from: start, through: today)
        } : []

        func key(_ day: Day) -> String {
            switch grouping {
            case .month?: return String(day.description.prefix(7))
            case .week?: return day.adding(days: -Day.weekdayIndex(day.number)).description
            case .weekday?: return day.weekday.rawValue
            case nil: return ""
            }
        }
        var groups: [String: TrackerStats.Numbers] = [:]
        var whole = TrackerStats.Numbers(key: "")
        func add(_ day: Day, _ change: (inout TrackerStats.Numbers) -> Void) {
            change(&whole)
            if grouping != nil { change(&groups[key(day), default: TrackerStats.Numbers(key: key(day))]) }
        }
        if start <= today {
            for number in start.number...today.number { add(Day(number: number)) { $0.days += 1 } }
        }
        for entry in entries {
            add(entry.day) {
                $0.entries += 1
                $0.total += entry.value.number
            }
        }
        for period in periods {
            add(Day(number: period.start)) {
                if period.outcome == .success || period.outcome == .healed { $0.met += 1 }
                if period.outcome != .pending { $0.closed += 1 }
            }
        }
        let order: [String] = grouping == .weekday ? Weekday.allCases.map(\.rawValue) : groups.keys.sorted()
        return TrackerStats(tracker: tracker, from: start, to: today, whole: whole, current: status.current,
                            longest: status.longest, score: status.score, score30: score30, score365: score365,
                            groups: order.compactMap { groups[$0] })
    }
}
