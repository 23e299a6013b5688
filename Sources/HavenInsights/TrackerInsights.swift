import HavenCore

/// What `haven insights ID` finds in a tracker's history (SPEC §16).
public struct TrackerInsights: Sendable {
    public var tracker: TrackerDefinition
    public var range: InsightsRange
    /// The tracker's first day: days before it are not counted.
    public var start: Day
    /// Amounts (count and amount trackers) rather than entries fill the grid.
    public var amounts: Bool
    public var grid: HourGrid
    /// Entries in the range.
    public var moments: Int
    /// The sum of their numbers.
    public var total: Double
    public var triggers: [Tally]
    public var words: [Tally]
    /// Avoidance and `at_most` trackers.
    public var relapses: Relapses?
    /// Awareness trackers.
    public var noticing: Noticing?
    /// Monday first: how many of the range's days (in the tracker's life) had an entry.
    public var weekdays: [WeekdayShare]

    /// Days between relapses, and when relapses happen.
    public struct Relapses: Sendable, Equatable {
        /// Relapse moments in the range.
        public var moments: Int
        /// The distinct days with one.
        public var days: [Day]
        public var gaps: RelapseGaps { RelapseGaps(days: days) }
        /// Relapse moments by weekday, Monday first.
        public var byWeekday: [Int]
        /// Relapse moments by block of 4 hours (00–04 …).
        public var byBlock: [Int]
    }

    /// When in its day a moment is noticed: the median minute after the
    /// day's start (its boundary), now and in the period before.
    public struct Noticing: Sendable, Equatable {
        /// Local minute of the day (0...1439), nil without moments.
        public var median: Int?
        public var previousMedian: Int?
        /// Earlier (negative) or later than before, in minutes along the tracker's day; nil without both.
        public var shift: Int?
        /// Within this many minutes the two are about the same.
        public static var sameWithin: Int { 15 }
    }

    public struct WeekdayShare: Sendable, Equatable {
        public var weekday: Weekday
        public var days: Int
        public var withEntry: Int
    }
}
