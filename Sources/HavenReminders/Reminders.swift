import HavenCore

/// Smart reminders and the evening check-in (SPEC §11) over a host's
/// trackers and its record of what was sent: what is due, what `remind`
/// sends, and what each answer does.
public struct Reminders<Host: ReminderHost> {
    public let host: Host

    public init(host: Host) { self.host = host }

    /// An hour: how long "Later" waits.
    public static var laterSeconds: Int64 { 3600 }

    /// The notification key of the evening check-in: never a tracker id.
    public static var checkinKey: String { "@checkin" }

    /// Smart reminders (SPEC §7 `due`): enabled reminders whose time has
    /// passed today, on one of their days, for trackers with no deciding
    /// entry today and, for a week or month, no entry today in a period not
    /// yet met; an avoidance tracker (clear until a relapse) while nothing is
    /// logged today: its reminder is a check-in with Relapse as its answer.
    /// Nothing else: a decided day or period never nags. `at` replaces
    /// the time of day of "now". A tracker whose hook fails is left out and
    /// its error kept, so that one broken hook silences no other reminder.
    public func due(at: TimeOfDay? = nil) throws(Host.Failure) -> (reminders: [DueReminder], hookFailures: [String]) {
        let now = host.now
        let time = at ?? now.time, weekday = now.day.weekday
        var result: [DueReminder] = [], failures: [String] = []
        for tracker in host.trackers {
            guard let reminder = tracker.reminder, reminder.enabled, reminder.days.contains(weekday),
                  reminder.at <= time else { continue }
            do {
                let status = try host.status(tracker)
                if status.openToday { result.append(DueReminder(status: status, reminder: reminder)) }
            } catch {
                guard let message = host.hookFailure(error) else { throw error }
                failures.append(message)
            }
        }
        return (result, failures)
    }

    /// What `remind` would send now (read only): the due reminders with no
    /// notification yet today (or whose "Later" has come), and the evening
    /// check-in once its time has passed while something is open. Hook
    /// failures are returned, as by `due`.
    public func toSend() throws(Host.Failure) -> NotificationsToSend {
        let (due, failures) = try due()
        let now = host.now
        var sent: [Day: [String: (state: NotificationState, againAt: Int64?)]] = [:]
        func sendable(_ key: String, _ day: Day) throws(Host.Failure) -> Bool {
            if sent[day] == nil { sent[day] = try host.notifications(on: day) }
            guard let record = sent[day]?[key] else { return true }
            return record.state == .later && (record.againAt ?? 0) <= now.milliseconds
        }
        var result = NotificationsToSend(hookFailures: failures)
        for reminder in due where try sendable(reminder.status.tracker.id, reminder.status.today) {
            result.reminders.append(reminder)
        }
        if let at = host.checkinAt, at <= now.time, try sendable(Self.checkinKey, now.day) {
            let open = try checkinOpen()
            if !open.isEmpty { result.checkin = (now.day, open) }
        }
        return result
    }

    /// Claims each notification of `list`, so that no other `remind` sends
    /// it too: what this run may send.
    public func claim(_ list: NotificationsToSend) throws(Host.Failure) -> NotificationsToSend {
        var claimed = NotificationsToSend(hookFailures: list.hookFailures)
        let now = host.now.milliseconds
        for reminder in list.reminders
        where try host.claimNotification(reminder.status.tracker.id, day: reminder.status.today, at: now) {
            claimed.reminders.append(reminder)
        }
        if let checkin = list.checkin, try host.claimNotification(Self.checkinKey, day: checkin.day, at: now) {
            claimed.checkin = checkin
        }
        return claimed
    }

    /// The trackers the evening check-in names: those still open today.
    public func checkinOpen() throws(Host.Failure) -> [TrackerStatus] {
        try host.statuses().filter(\.openToday)
    }

    /// The server's number for a notification, once it is shown.
    public func shown(_ key: String, day: Day, serverID: Int64) throws(Host.Failure) {
        try host.notificationShown(key, day: day, serverID: serverID)
    }

    /// A notification answered with "Later": it may be sent again in an hour.
    public func later(_ key: String, day: Day) throws(Host.Failure) {
        try host.notificationEnded(key, day: day, .later, againAt: host.now.milliseconds + Self.laterSeconds * 1000)
    }

    /// A notification answered with an action: logs what the action says
    /// for the day the notification was about, then marks it acted.
    public func answer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(Host.Failure) {
        try host.logAnswer(tracker, day: day, value: value)
        try host.notificationEnded(tracker.id, day: day, .acted, againAt: nil)
    }

    /// A notification closed without an answer: dismissed, unless Haven
    /// closed it already (the tracker was logged another way).
    public func closed(_ key: String, day: Day) throws(Host.Failure) {
        if try host.notifications(on: day)[key]?.state == .open {
            try host.notificationEnded(key, day: day, .dismissed, againAt: nil)
        }
    }
}
