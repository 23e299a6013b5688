import HavenCore

/// Which of a tracker's notifications of a day: a reminder time, the
/// at-risk reminder, its part of the evening check-in, or the check-in's
/// summary (SPEC §11).
public struct NotificationKey: Sendable, Hashable, CustomStringConvertible {
    /// A tracker id, or `@checkin` for the check-in's summary.
    public var tracker: String
    /// `HH:MM` for a reminder time, `at_risk`, `checkin`; empty for the summary.
    public var slot: String

    public init(tracker: String, slot: String) {
        self.tracker = tracker
        self.slot = slot
    }

    public static func reminder(_ tracker: String, at: TimeOfDay) -> Self { Self(tracker: tracker, slot: at.description) }
    public static func atRisk(_ tracker: String) -> Self { Self(tracker: tracker, slot: "at_risk") }
    public static func checkinItem(_ tracker: String) -> Self { Self(tracker: tracker, slot: "checkin") }
    /// The evening check-in's summary.
    public static let checkin = Self(tracker: "@checkin", slot: "")

    public var isCheckin: Bool { self == Self.checkin }
    public var isCheckinItem: Bool { slot == "checkin" }
    /// One of a tracker's own reminder times.
    public var isReminder: Bool { !isCheckin && slot != "at_risk" && slot != "checkin" }

    public var description: String { slot.isEmpty ? tracker : tracker + "/" + slot }
}

/// A reminder that is due now: one of the tracker's reminder times, or
/// the home's at-risk time.
public struct DueReminder: Sendable {
    public enum Reason: String, Sendable {
        /// One of the tracker's own reminder times.
        case reminder
        /// `at_risk:` in the home's pack.yaml: a running streak still open.
        case atRisk = "at_risk"
    }

    public var status: TrackerStatus
    public var at: TimeOfDay
    public var message: LocalizedText?
    public var reason: Reason

    public init(status: TrackerStatus, at: TimeOfDay, message: LocalizedText?, reason: Reason) {
        self.status = status
        self.at = at
        self.message = message
        self.reason = reason
    }

    public var key: NotificationKey {
        reason == .atRisk ? .atRisk(status.tracker.id) : .reminder(status.tracker.id, at: at)
    }
}

/// The notifications `remind` sends: reminders, and the evening check-in
/// with the trackers it names, each of which gets a notification of its own.
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
    /// Closed by Haven: the tracker was logged another way, or the
    /// check-in has nothing left to ask.
    case closed
    /// "Later": it may be sent again from `againAt` on.
    case later
    /// A newer notification about the same tracker took its place.
    case replaced
}

/// A notification sent today, as the host recorded it.
public struct SentNotification: Sendable, Equatable {
    public var state: NotificationState
    public var againAt: Int64?

    public init(state: NotificationState, againAt: Int64? = nil) {
        self.state = state
        self.againAt = againAt
    }
}

/// What reminders need of the daily loop: the trackers and their state
/// today, "now", the home's times, the record of what was sent, the
/// desktop, and a log. Its errors pass through reminders as they are.
public protocol ReminderHost {
    associatedtype Failure: Error

    /// Every tracker, in display order.
    var trackers: [TrackerDefinition] { get }
    /// "Now": the local calendar day and time of day, and the instant.
    var now: (day: Day, time: TimeOfDay, milliseconds: Int64) { get }
    /// The evening check-in's time (`checkin: { at: }` of the home's
    /// `pack.yaml`), or nil: it is opt-in.
    var checkinAt: TimeOfDay? { get }
    /// The at-risk reminder's time (`at_risk: { at: }` of the home's
    /// `pack.yaml`), or nil: it is opt-in.
    var atRiskAt: TimeOfDay? { get }
    /// A tracker's state today.
    func status(_ tracker: TrackerDefinition) throws(Failure) -> TrackerStatus
    /// Every tracker's state today, in display order (those whose hook fails left out).
    func statuses() throws(Failure) -> [TrackerStatus]
    /// The message of a failure that is one tracker's hook failing, else nil.
    func hookFailure(_ failure: Failure) -> String?
    /// The notifications of `day`.
    func notifications(on day: Day) throws(Failure) -> [NotificationKey: SentNotification]
    /// Records a notification as sent, unless another run did: true when this one may send it.
    func claimNotification(_ key: NotificationKey, day: Day, at: Int64) throws(Failure) -> Bool
    /// The notification server's number for a notification.
    func notificationShown(_ key: NotificationKey, day: Day, serverID: Int64) throws(Failure)
    /// A notification's new state; closes it on the desktop when it was open there.
    func notificationEnded(_ key: NotificationKey, day: Day, _ state: NotificationState, againAt: Int64?) throws(Failure)
    /// Closes the check-in's summary (here and on the desktop) once none of its parts is open.
    func closeAnsweredCheckin() throws(Failure)
    /// Logs `value` on `tracker` for `day` (at its last minute once the
    /// day is over), as an answer to a notification; this closes the
    /// tracker's other notifications of that day. Returns the milestone the
    /// entry reached, if it reached one.
    func logAnswer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(Failure) -> Int?
}
