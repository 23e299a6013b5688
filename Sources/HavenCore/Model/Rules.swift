/// How a tracker's streak counts.
public struct StreakRule: Sendable, Hashable {
    public var period: Period = .day
    /// Successful days needed in a week or month period, or in any `rolling` window.
    public var times: Int = 1
    /// `period: { rolling: W }`: the days of a window that slides day by
    /// day ("3 times in any 7 days", SPEC §4.6); nil for calendar periods.
    /// The period is then `.day`: the streak counts days.
    public var rolling: Int?
    /// The rolling window that behaves as one: a `{rolling: 1}` tracker is
    /// a day tracker in everything (SPEC §4.6), so it has none.
    public var window: Int? { rolling.flatMap { $0 > 1 ? $0 : nil } }
    public var missing: MissingRule = .grace
    public var relapse: RelapseRule = .break
    public var milestones: [Int] = []
    public var weekStart: WeekStart = .monday

    public init() {}
}

/// When jokers are earned and how many may be held.
public struct RewardRule: Sendable, Hashable {
    /// `pack/id` for a named rule, nil for an inline one.
    public var reference: String?
    public var earnEvery: Int
    public var max: Int
    public var heals: Bool

    public init(reference: String? = nil, earnEvery: Int, max: Int, heals: Bool = true) {
        self.reference = reference
        self.earnEvery = earnEvery
        self.max = max
        self.heals = heals
    }
}

/// A balance of freezes; a tracker without one has unlimited freezes.
public struct FreezePolicy: Sendable, Hashable {
    public var start: Int = 0
    public var max: Int = 3
    public var perMonth: Int = 0

    public init(start: Int = 0, max: Int = 3, perMonth: Int = 0) {
        self.start = start
        self.max = max
        self.perMonth = perMonth
    }
}

/// A per-period goal for count and amount trackers.
public enum Goal: Sendable, Hashable {
    case atLeast(Double)
    case atMost(Double)
}

/// A reminder time of a tracker (SPEC §11).
public struct Reminder: Sendable, Hashable {
    public var at: TimeOfDay
    public var days: [Weekday] = Weekday.allCases
    public var message: LocalizedText?
    public var enabled = true
    /// `until: goal`: a count or amount tracker is asked again until its
    /// goal is met; otherwise any entry today silences it.
    public var untilGoal = false

    public init(at: TimeOfDay) {
        self.at = at
    }
}

/// The health-data type a tracker's values map to.
public struct HealthMapping: Sendable, Hashable {
    public var type: String
    public var unit: String?
    /// How much of `unit` one of the tracker's units is (water: 250 mL a
    /// glass); nil when they are the same.
    public var per: Double?

    public init(type: String, unit: String? = nil, per: Double? = nil) {
        self.type = type
        self.unit = unit
        self.per = per
    }
}
