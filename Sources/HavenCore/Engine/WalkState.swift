/// Where a walk stands between two periods: enough to resume it later
/// (a checkpoint) without looking at anything before.
public struct WalkState: Sendable, Hashable {
    public var streak = 0
    public var longest = 0
    public var earned = 0
    public var used = 0
    public var score = 0.0
    /// False until the first day with an entry: the score does not move before it.
    public var scoreStarted = false

    public init(streak: Int = 0, longest: Int = 0, earned: Int = 0, used: Int = 0, score: Double = 0,
                scoreStarted: Bool = false) {
        self.streak = streak
        self.longest = longest
        self.earned = earned
        self.used = used
        self.score = score
        self.scoreStarted = scoreStarted
    }

    /// Jokers held now.
    public var available: Int { earned - used }

    /// The state before the first period of a walk.
    public static func initial(_ rules: EngineRules) -> WalkState {
        if case .sum(.atMost?) = rules.measure { return WalkState(score: 1) }
        return WalkState()
    }
}

/// One period of a walk, for `history`.
public struct PeriodRecord: Sendable, Hashable {
    /// The period's first day number.
    public var start: Int
    public var outcome: Outcome
    public var streak: Int
    /// Jokers available after the period.
    public var jokers: Int
    /// The habit-strength score after the period's last day walked (SPEC §4.5), 0...1.
    public var score: Double

    public init(start: Int, outcome: Outcome, streak: Int, jokers: Int, score: Double = 0) {
        self.start = start
        self.outcome = outcome
        self.streak = streak
        self.jokers = jokers
        self.score = score
    }
}

/// What was logged on one day: how many entries, and their values' sum.
public struct DayTotal: Sendable, Hashable {
    public var day: Int
    public var count: Int
    public var sum: Double

    public init(day: Int, count: Int, sum: Double) {
        self.day = day
        self.count = count
        self.sum = sum
    }
}

/// What a walk found.
public struct WalkResult: Sendable {
    /// The state after the current period.
    public var state: WalkState
    /// The state before the current period: a checkpoint that stays valid
    /// while nothing before the current period changes.
    public var beforeCurrent: (start: Int, state: WalkState)
    /// States before the first period of each month that the walk passed.
    public var checkpoints: [(start: Int, state: WalkState)]
    /// The current period's outcome.
    public var today: Outcome
    /// The streak is above 0, the current period is pending, and ending it
    /// now would heal or break.
    public var atRisk: Bool
    /// Periods from `recordFrom` on, when asked for.
    public var periods: [PeriodRecord]
    /// Rolling periods only (SPEC §4.6): the days from today to the last
    /// day on which a success still keeps the streak going (0: it must be
    /// today); -1 when the streak is broken or has not started.
    public var daysLeft: Int? = nil
    /// Rolling periods only: how many successes, one a day from today,
    /// keep the streak, and the day the last of them is due ("1 more by
    /// Thursday", "2 more by Saturday").
    public var need: (count: Int, by: Int)? = nil
    /// Rolling periods only: the day the streak last broke, when the walk saw it.
    public var ended: Int? = nil
}
