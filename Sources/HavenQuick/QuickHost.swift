import HavenCore
import HavenReminders

/// What quick capture and the status bar ask of a session (SPEC §15),
/// answered by the runtime from its catalog, clock and database.
public protocol QuickHost {
    associatedtype Failure: Error

    /// The live trackers, in display order (pinned first).
    var trackers: [TrackerDefinition] { get }
    /// Local now: the calendar day, the second of the day, and the instant.
    var now: (day: Day, second: Int, milliseconds: Int64) { get }
    /// The home's at-risk time (SPEC §11), if it sets one.
    var atRiskAt: TimeOfDay? { get }

    /// Today's status of every tracker, in display order.
    func statuses() throws(Failure) -> [TrackerStatus]
    /// The reminders due now (SPEC §11).
    func due() throws(Failure) -> [DueReminder]
    /// How often each tracker (and level) was logged at local hour `hour`
    /// since the instant `since` (milliseconds).
    func usage(hour: Int, since: Int64) throws(Failure) -> [Usage]
    /// A tracker's triggers, the most recently used first, each once.
    func recentTriggers(of tracker: String, limit: Int) throws(Failure) -> [String]
}

/// How often a tracker, with a level or without, was logged in an hour of the day.
public struct Usage: Sendable, Equatable {
    public var tracker: String
    public var level: String?
    public var count: Int

    public init(tracker: String, level: String?, count: Int) {
        self.tracker = tracker
        self.level = level
        self.count = count
    }
}
