import HavenConfig
import HavenCore
import HavenReminders
import HavenStore

/// Reminders over this session (SPEC §11).
public typealias SessionReminders = Reminders<SessionReminderHost>

extension Session {
    /// Smart reminders, the evening check-in and the answers to them, over
    /// this session's trackers, clock and database.
    public var reminders: SessionReminders { Reminders(host: SessionReminderHost(session: self)) }

    /// Notices kept for the next `status` (no notification server, say), once.
    public func takeNotices() -> [String] {
        (try? store.takeNotices()) ?? []
    }

    /// Keeps a line for the next `status`.
    public func notice(_ key: String, _ text: String) {
        try? store.setNotice(key, text)
    }

    /// The local calendar day and time of day of "now".
    func localNow() -> (day: Day, time: TimeOfDay) {
        let (day, second) = localSecond()
        return (day, TimeOfDay(hour: second / 3600, minute: second % 3600 / 60)!)
    }

    /// The local calendar day of "now" and the second of that day.
    func localSecond() -> (day: Day, second: Int) {
        let local = clock.milliseconds / 1000 + Int64(clock.offset(at: clock.now))
        let second = Int(((local % 86_400) + 86_400) % 86_400)
        return (Day(number: Int((local - Int64(second)) / 86_400)), second)
    }
}

/// What reminders ask of a session, answered from its catalog, clock and database.
public struct SessionReminderHost: ReminderHost {
    let session: Session

    public var trackers: [TrackerDefinition] { session.orderedTrackers() }

    public var now: (day: Day, time: TimeOfDay, milliseconds: Int64) {
        let (day, time) = session.localNow()
        return (day, time, session.clock.milliseconds)
    }

    private var home: PackManifest? { session.runtime.catalog.packs.first { $0.location.kind == .local }?.manifest }

    public var checkinAt: TimeOfDay? { home?.checkinAt }

    public var atRiskAt: TimeOfDay? { home?.atRiskAt }

    public func status(_ tracker: TrackerDefinition) throws(RuntimeError) -> TrackerStatus { try session.status(tracker) }

    public func statuses() throws(RuntimeError) -> [TrackerStatus] { try session.statuses().statuses }

    public func hookFailure(_ failure: RuntimeError) -> String? {
        if case .hook(let message) = failure { return message }
        return nil
    }

    public func notifications(on day: Day) throws(RuntimeError) -> [NotificationKey: SentNotification] {
        var result: [NotificationKey: SentNotification] = [:]
        for (key, record) in try session.db({ () throws(StoreError) in try session.store.notifications(on: day) }) {
            result[NotificationKey(tracker: key.tracker, slot: key.slot)] =
                SentNotification(state: NotificationState(rawValue: record.state.rawValue) ?? .open, againAt: record.againAt)
        }
        return result
    }

    public func claimNotification(_ key: NotificationKey, day: Day, at: Int64) throws(RuntimeError) -> Bool {
        try session.db { () throws(StoreError) in try session.store.claimNotification(Self.stored(key), day: day, at: at) }
    }

    public func notificationShown(_ key: NotificationKey, day: Day, serverID: Int64) throws(RuntimeError) {
        try session.db { () throws(StoreError) in try session.store.notificationShown(Self.stored(key), day: day, serverID: serverID) }
    }

    public func notificationEnded(_ key: NotificationKey, day: Day, _ state: NotificationState, againAt: Int64?)
        throws(RuntimeError) {
        let stored = NotificationRecord.State(rawValue: state.rawValue) ?? .open
        let shown = try session.db { () throws(StoreError) in
            try session.store.endNotification(Self.stored(key), day: day, stored, againAt: againAt)
        }
        if let shown { Notifier.close(shown, environment: session.runtime.environment) }
    }

    public func closeAnsweredCheckin() throws(RuntimeError) {
        let shown = try session.db { () throws(StoreError) in try session.store.closeAnsweredCheckin() }
        for id in shown { Notifier.close(id, environment: session.runtime.environment) }
    }

    /// Logs for the day the notification was about, even once that day is
    /// over (then at its last minute, local time).
    public func logAnswer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(RuntimeError) -> Int? {
        let at: String? = session.today(tracker) == day ? nil : "\(day) 23:59"
        return try session.log(tracker.id, value: value, at: at, note: nil, trigger: nil, source: "notification").milestone
    }

    private static func stored(_ key: NotificationKey) -> NotificationRecord.Key {
        NotificationRecord.Key(tracker: key.tracker, slot: key.slot)
    }
}
