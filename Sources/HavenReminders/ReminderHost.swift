import HavenCore

/// A reminder that is due now.
public struct DueReminder: Sendable {
    public var status: TrackerStatus
    public var reminder: Reminder
}

/// The notifications `remind` sends: reminders, and the evening check-in
/// with the trackers it names.
public struct NotificationsToSend: Sendable {
    public var reminders: [DueReminder] = []
    public var checkin: (day: Day, open: [TrackerStatus])?
    public var hookFailures: [String] = []

    public var isEmpty: Bool { reminders.isEmpty && checkin == nil }
}

/// Where a sent notification stands.
public enum NotificationState: String, Sendable {
    /// Shown (or being shown): waiting for an action.
    case open
    /// One of its actions logged an entry.
    case acted
    /// Closed by the person without an action.
    case dismissed
    /// Closed by Haven: the tracker was logged another way.
    case closed
    /// "Later": it may be sent again from `againAt` on.
    case later
}

/// What reminders need of the daily loop: the trackers and their state
/// today, "now", the home's check-in time, the record of what was sent,
/// and a log. Its errors pass through reminders as they are.
public protocol ReminderHost {
    associatedtype Failure: Error

    /// Every tracker, in display order.
    var trackers: [TrackerDefinition] { get }
    /// "Now": the local calendar day and time of day, and the instant.
    var now: (day: Day, time: TimeOfDay, milliseconds: Int64) { get }
    /// The evening check-in's time (`checkin: { at: }` of the home's
    /// `pack.yaml`), or nil: it is opt-in.
    var checkinAt: TimeOfDay? { get }
    /// A tracker's state today.
    func status(_ tracker: TrackerDefinition) throws(Failure) -> TrackerStatus
    /// Every tracker's state today, in display order (those whose hook fails left out).
    func statuses() throws(Failure) -> [TrackerStatus]
    /// The message of a failure that is one tracker's hook failing, else nil.
    func hookFailure(_ failure: Failure) -> String?
    /// The state and "Later" time of each notification of `day`, by key.
    func notifications(on day: Day) throws(Failure) -> [String: (state: NotificationState, againAt: Int64?)]
    /// Records a notification as sent, unless another run did: true when this one may send it.
    func claimNotification(_ key: String, day: Day, at: Int64) throws(Failure) -> Bool
    /// The notification server's number for a notification.
    func notificationShown(_ key: String, day: Day, serverID: Int64) throws(Failure)
    /// A notification's new state.
    func notificationEnded(_ key: String, day: Day, _ state: NotificationState, againAt: Int64?) throws(Failure)
    /// Logs `value` on `tracker` for `day` (at its last minute once the
    /// day is over), as an answer to a notification.
    func logAnswer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(Failure)
}
