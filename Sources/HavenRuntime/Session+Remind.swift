import Foundation
import HavenConfig
import HavenCore
import HavenStore

/// A quick action of a reminder: what it logs when taken.
public struct QuickAction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Logs this value (a level key, `+1`, a number), or nothing for a
        /// check, a noticed moment or a relapse.
        case log(String?)
        /// Asks again in an hour.
        case later
    }

    /// The notification's action key.
    public var key: String
    /// Haven's English words for it (the CLI translates), or a level's own label.
    public var label: String
    public var kind: Kind
}

/// The notifications `remind` sends: reminders, and the evening check-in
/// with the trackers it names.
public struct NotificationsToSend: Sendable {
    public var reminders: [DueReminder] = []
    public var checkin: (day: Day, open: [TrackerStatus])?
    public var hookFailures: [String] = []

    public var isEmpty: Bool { reminders.isEmpty && checkin == nil }
}

extension Session {
    /// An hour: how long "Later" waits.
    public static let laterSeconds: Int64 = 3600

    /// The actions a tracker's notification offers (SPEC §11): one per
    /// level (the first three), Done for a check, Noticed (awareness) or
    /// Relapse (avoidance) for a saboteur's check, +1 for a count, +goal
    /// for an amount with one; Later always.
    public func quickActions(_ tracker: TrackerDefinition, language: String) -> [QuickAction] {
        var actions: [QuickAction] = []
        switch (tracker.input, tracker.mode) {
        case (.levels, _):
            for level in (tracker.levels?.levels ?? []).prefix(3) {
                actions.append(QuickAction(key: "level:" + level.key, label: level.label.resolve(language),
                                           kind: .log(level.key)))
            }
        case (.check, .awareness?): actions.append(QuickAction(key: "noticed", label: "Noticed", kind: .log(nil)))
        case (.check, .avoidance?): actions.append(QuickAction(key: "relapse", label: "Relapse", kind: .log(nil)))
        case (.check, nil): actions.append(QuickAction(key: "done", label: "Done", kind: .log(nil)))
        case (.count, _): actions.append(QuickAction(key: "add:1", label: "+1", kind: .log("+1")))
        case (.amount, _):
            if case .atLeast(let goal)? = tracker.goal {
                let text = goal == goal.rounded() ? String(Int(goal)) : String(goal)
                actions.append(QuickAction(key: "add:" + text, label: "+" + text, kind: .log("+" + text)))
            }
        }
        actions.append(QuickAction(key: "later", label: "Later", kind: .later))
        return actions
    }

    /// The notification key of the evening check-in: never a tracker id.
    public static let checkinKey = "@checkin"

    /// The time of the evening check-in notification, from the home's
    /// `pack.yaml` (`checkin: { at: "21:00" }`), or nil: it is opt-in.
    public var checkinAt: TimeOfDay? {
        runtime.catalog.packs.first { $0.location.kind == .local }?.manifest.checkinAt
    }

    /// What `remind` would send now (read only): the due reminders with no
    /// notification yet today (or whose "Later" has come), and the evening
    /// check-in once its time has passed while something is open. Hook
    /// failures are returned, as by `due`.
    public func notificationsToSend() throws(RuntimeError) -> NotificationsToSend {
        let (due, failures) = try due()
        var sent: [Day: [String: NotificationRecord]] = [:]
        func sendable(_ key: String, _ day: Day) throws(RuntimeError) -> Bool {
            if sent[day] == nil { sent[day] = try db { () throws(StoreError) in try store.notifications(on: day) } }
            guard let record = sent[day]?[key] else { return true }
            return record.state == .later && (record.againAt ?? 0) <= clock.milliseconds
        }
        var result = NotificationsToSend(hookFailures: failures)
        for reminder in due where try sendable(reminder.status.tracker.id, reminder.status.today) {
            result.reminders.append(reminder)
        }
        if let at = checkinAt {
            let (day, time) = localNow()
            if at <= time, try sendable(Session.checkinKey, day) {
                let open = try checkinOpen()
                if !open.isEmpty { result.checkin = (day, open) }
            }
        }
        return result
    }

    /// Claims each notification of `list` in the database, so that no other
    /// `remind` sends it too: what this run may send.
    public func claim(_ list: NotificationsToSend) throws(RuntimeError) -> NotificationsToSend {
        var claimed = NotificationsToSend(hookFailures: list.hookFailures)
        let now = clock.milliseconds
        for reminder in list.reminders where try db({ () throws(StoreError) in
            try store.claimNotification(tracker: reminder.status.tracker.id, day: reminder.status.today, at: now)
        }) {
            claimed.reminders.append(reminder)
        }
        if let checkin = list.checkin, try db({ () throws(StoreError) in
            try store.claimNotification(tracker: Session.checkinKey, day: checkin.day, at: now)
        }) {
            claimed.checkin = checkin
        }
        return claimed
    }

    /// The trackers the evening check-in names: those still open today.
    public func checkinOpen() throws(RuntimeError) -> [TrackerStatus] {
        try statuses().statuses.filter(\.openToday)
    }

    /// The server's number for a tracker's notification, once it is shown.
    public func notificationShown(_ tracker: String, day: Day, serverID: Int64) throws(RuntimeError) {
        try db { () throws(StoreError) in try store.updateNotification(tracker: tracker, day: day, serverID: serverID) }
    }

    /// A notification answered with "Later": it may be sent again in an hour.
    public func notificationLater(_ tracker: String, day: Day) throws(RuntimeError) {
        try ended(tracker, day: day, .later, againAt: clock.milliseconds + Session.laterSeconds * 1000)
    }

    /// A notification answered with an action that logs.
    public func notificationActed(_ tracker: String, day: Day) throws(RuntimeError) {
        try ended(tracker, day: day, .acted)
    }

    /// A notification closed without an answer: dismissed, unless Haven
    /// closed it already (the tracker was logged another way).
    public func notificationClosed(_ tracker: String, day: Day) throws(RuntimeError) {
        let state = try db { () throws(StoreError) in try store.notifications(on: day)[tracker]?.state }
        if state == .open { try ended(tracker, day: day, .dismissed) }
    }

    private func ended(_ tracker: String, day: Day, _ state: NotificationRecord.State, againAt: Int64? = nil)
        throws(RuntimeError) {
        try db { () throws(StoreError) in
            try store.updateNotification(tracker: tracker, day: day, state: state, againAt: againAt)
        }
    }

    /// Logs what a notification's action says, for the day it was about,
    /// even once that day is over (then at its last minute, local time).
    public func logFromNotification(_ tracker: TrackerDefinition, day: Day, value: String?) throws(RuntimeError)
        -> LogResult {
        let at: String? = today(tracker) == day ? nil : "\(day) 23:59"
        return try log(tracker.id, value: value, at: at, note: nil, trigger: nil, source: "notification")
    }

    /// Notices kept for the next `status` (no notification server, say), once.
    public func takeNotices() -> [String] {
        (try? store.takeNotices()) ?? []
    }

    /// Keeps a line for the next `status`.
    public func notice(_ key: String, _ text: String) {
        try? store.setNotice(key, text)
    }
}
