/// A tracker as of now: what `status`, `streak` and a log reply show.
public struct TrackerStatus: Sendable {
    public var tracker: TrackerDefinition
    /// The tracker's today (its day boundary applied).
    public var today: Day
    public var current: Int
    public var longest: Int
    /// The current period's outcome.
    public var outcome: Outcome
    public var atRisk: Bool
    public var jokers: (available: Int, earned: Int, used: Int)
    /// Nil when freezes are unlimited.
    public var freezesAvailable: Int?
    public var score: Double
    public var archived: [ArchivedStreak]
    /// Today's entries: how many, their sum, and the deciding level.
    public var entriesToday: Int
    public var sumToday: Double
    public var levelToday: String?
    /// Rolling periods: the days left to keep the streak (SPEC §4.6).
    public var daysLeft: Int? = nil
    /// Rolling periods only: successes needed from today, and by when.
    public var need: (count: Int, by: Day)? = nil
    /// Rolling periods only: the day the streak last broke, if the walk saw it.
    public var ended: Day? = nil
    /// Week, month and rolling trackers: the current period so far.
    public var progress: PeriodProgress? = nil
    /// A milestone of an avoidance streak seen for the first time by this command.
    public var milestone: Int? = nil
    /// The first day pictures judge: days before it (before the first entry
    /// of a tracker not yet in use) are shown as not started, never broken.
    public var judgedFrom: Day? = nil

    /// The status before a walk: nothing logged, no streak, pending.
    public init(tracker: TrackerDefinition, today: Day, archived: [ArchivedStreak]) {
        self.tracker = tracker
        self.today = today
        current = 0
        longest = 0
        outcome = .pending
        atRisk = false
        jokers = (0, 0, 0)
        freezesAvailable = nil
        score = 0
        self.archived = archived
        entriesToday = 0
        sumToday = 0
        levelToday = nil
    }

    /// Nothing more is asked of the person today: the day or period is met,
    /// frozen or decided, or it is a week or month still open and something
    /// was logged today.
    public var settledToday: Bool {
        outcome != .pending || (progress != nil && entriesToday > 0)
    }

    /// Something is still asked of the person today (a reminder, the
    /// check-in): the day is not settled, or it is an avoidance day with
    /// nothing logged and not frozen, where a relapse is the question.
    public var openToday: Bool {
        !settledToday || (tracker.mode == .avoidance && entriesToday == 0 && outcome != .frozen)
    }
}
