import HavenCore
import HavenInsights

/// What `haven report` draws for one tracker, as the runtime found it.
public struct ReportTrackerData: Sendable {
    public var tracker: TrackerDefinition
    public var status: TrackerStatus
    /// Every period walked, from the tracker's first day through today, in order.
    public var periods: [PeriodRecord]
    /// The days with entries in the report's range.
    public var totals: [DayTotal]
    /// The frozen day numbers in the report's range.
    public var frozen: Set<Int>
    /// When its moments happen and what came with them, over the report's range ("When and why").
    public var insights: TrackerInsights?

    public init(tracker: TrackerDefinition, status: TrackerStatus, periods: [PeriodRecord], totals: [DayTotal],
                frozen: Set<Int>, insights: TrackerInsights? = nil) {
        self.insights = insights
        self.tracker = tracker
        self.status = status
        self.periods = periods
        self.totals = totals
        self.frozen = frozen
    }
}

/// The report's range and who reads it.
public struct ReportSettings: Sendable {
    /// The first and last day shown (the last is at most today).
    public var from: Day
    public var to: Day
    public var language: String
    /// When the report was made, as shown in its footer.
    public var generated: String

    public init(from: Day, to: Day, language: String, generated: String) {
        self.from = from
        self.to = to
        self.language = language
        self.generated = generated
    }
}
