/// Whether a tracker builds a habit or notices an autopilot behaviour.
public enum TrackerType: String, Sendable, CaseIterable, Hashable {
    case good, saboteur
}

/// How a saboteur is tracked: noticing each occurrence, or abstaining.
public enum TrackerMode: String, Sendable, CaseIterable, Hashable {
    case awareness, avoidance
}

/// What one entry holds.
public enum InputKind: String, Sendable, CaseIterable, Hashable {
    case check, count, amount, levels
}

/// How a level or a period resolves for the streak.
public enum Effect: String, Sendable, CaseIterable, Hashable {
    case success, grace
    case `break`
    case neutral
}

/// What a closed period with no deciding entry counts as.
public enum MissingRule: String, Sendable, CaseIterable, Hashable {
    case grace
    case `break`
    case neutral
}

/// What a day with a relapse counts as in avoidance mode.
public enum RelapseRule: String, Sendable, CaseIterable, Hashable {
    case `break`
    case grace
}

/// The unit a streak counts.
public enum Period: String, Sendable, CaseIterable, Hashable {
    case day, week, month

    /// The most successful days a period can hold for every instance of it
    /// (a month counts as 28 days so that February can be met too).
    public var maxTimes: Int {
        switch self {
        case .day: return 1
        case .week: return 7
        case .month: return 28
        }
    }
}

/// A day of the week, as written in files (`mon` … `sun`).
public enum Weekday: String, Sendable, CaseIterable, Hashable, Comparable {
    case mon, tue, wed, thu, fri, sat, sun

    public static func < (a: Weekday, b: Weekday) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The first day of a week period.
public enum WeekStart: String, Sendable, CaseIterable, Hashable {
    case monday, sunday
}
