/// The parts of a tracker definition the engine reads, in the form it
/// walks fastest.
public struct EngineRules: Sendable, Hashable {
    public enum Measure: Sendable, Hashable {
        /// check: entries counted (awareness/good: any entry is a success).
        case presence
        /// avoidance check: an entry is a relapse.
        case avoidance(RelapseRule)
        /// count/amount: the sum against an optional goal.
        case sum(Goal?)
        /// levels: the deciding level's effect.
        case levels
    }

    public var measure: Measure
    /// Avoidance mode: the current day counts as a success unless a relapse is logged.
    public var avoidance: Bool
    public var period: Period
    public var times: Int
    public var weekStart: WeekStart
    public var missing: MissingRule
    public var rewards: RewardRule?
    /// False for `streak: false`: outcomes and score only.
    public var streaks: Bool
    /// What a relapse does in avoidance mode (count, amount: beyond the limit).
    public var relapse: RelapseRule
    /// The days of a rolling window (SPEC §4.6), with `times` successes in
    /// it; the period is then `.day`.
    public var rolling: Int?

    public init(measure: Measure, avoidance: Bool = false, period: Period = .day, times: Int = 1,
                weekStart: WeekStart = .monday, missing: MissingRule = .grace, rewards: RewardRule? = nil,
                streaks: Bool = true, relapse: RelapseRule = .break, rolling: Int? = nil) {
        self.measure = measure
        self.avoidance = avoidance
        self.period = period
        self.times = times
        self.weekStart = weekStart
        self.missing = missing
        self.rewards = rewards
        self.streaks = streaks
        self.relapse = relapse
        self.rolling = rolling
    }

    public init(_ tracker: TrackerDefinition) {
        let rule = tracker.streak ?? StreakRule()
        let avoidance = tracker.avoids
        let measure: Measure
        switch tracker.input {
        case .check: measure = avoidance ? .avoidance(rule.relapse) : .presence
        case .count, .amount: measure = .sum(tracker.goal)
        case .levels: measure = .levels
        }
        self.init(measure: measure, avoidance: avoidance, period: rule.period, times: rule.times,
                  weekStart: rule.weekStart, missing: rule.missing, rewards: tracker.rewards,
                  streaks: tracker.streak != nil, relapse: rule.relapse, rolling: rule.window)
    }

    /// Days in a period for the score (SPEC §4.5: a month counts 30).
    var scoreDays: Int {
        if let rolling { return rolling }
        switch period {
        case .day: return 1
        case .week: return 7
        case .month: return 30
        }
    }

    /// The first day of the period holding day `n`.
    public func periodStart(_ n: Int) -> Int {
        switch period {
        case .day:
            return n
        case .week:
            let index = Day.weekdayIndex(n)
            return n - (weekStart == .monday ? index : (index + 1) % 7)
        case .month:
            let day = Day(number: n)
            return n - (day.day - 1)
        }
    }

    /// The first day of the period `back` periods before the one holding
    /// day `n`: a long streak's start without a step per period.
    public func periodStart(_ n: Int, back: Int) -> Int {
        let start = periodStart(n)
        switch period {
        case .day: return start - back
        case .week: return start - 7 * back
        case .month:
            let day = Day(number: start)
            let months = day.year * 12 + (day.month - 1) - back
            return Day(year: months / 12, month: months % 12 + 1, day: 1).map(\.number) ?? start - 31 * back
        }
    }

    /// The first day of the period after the one starting at `start`.
    public func nextPeriod(_ start: Int) -> Int {
        switch period {
        case .day: return start + 1
        case .week: return start + 7
        case .month:
            let day = Day(number: start)
            return start + Day.daysIn(month: day.month, year: day.year) - (day.day - 1)
        }
    }
}
