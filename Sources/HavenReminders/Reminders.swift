import HavenCore

/// Smart reminders and the evening check-in (SPEC §11) over a host's
/// trackers and its record of what was sent: what is due, what `remind`
/// sends, and what each answer does.
public struct Reminders<Host: ReminderHost> {
    public let host: Host

    public init(host: Host) { self.host = host }

    /// An hour: how long "Later" waits.
    public static var laterSeconds: Int64 { 3600 }

    /// What is due now (SPEC §11): for each tracker, its latest reminder
    /// time passed today on one of its days, while it asks (`asks`); else
    /// the home's at-risk time, while a running streak is still open
    /// (`isAtRisk`). A decided day or period never nags. `at` replaces the
    /// time of day of "now". A tracker whose hook fails is left out and its
    /// error kept, so that one broken hook silences no other reminder.
    public func due(at: TimeOfDay? = nil) throws(Host.Failure) -> (reminders: [DueReminder], hookFailures: [String]) {
        let now = host.now
        let time = at ?? now.time, weekday = now.day.weekday
        let atRiskAt = host.atRiskAt.flatMap { $0 <= time ? $0 : nil }
        var result: [DueReminder] = [], failures: [String] = []
        for tracker in host.trackers {
            let latest = tracker.reminders.filter { $0.enabled && $0.days.contains(weekday) && $0.at <= time }
                .max { $0.at < $1.at }
            guard latest != nil || atRiskAt != nil else { continue }
            do {
                let status = try host.status(tracker)
                if let latest, Self.asks(status, latest) {
                    result.append(DueReminder(status: status, at: latest.at, message: latest.message, reason: .reminder))
                } else if latest == nil, let atRiskAt, Self.isAtRisk(status) {
                    result.append(DueReminder(status: status, at: atRiskAt, message: nil, reason: .atRisk))
                }
            } catch {
                guard let message = host.hookFailure(error) else { throw error }
                failures.append(message)
            }
        }
        return (result, failures)
    }

    /// A reminder asks while the tracker has no entry today and the day is
    /// open (an avoidance day with nothing logged asks about a relapse);
    /// with `until: goal`, while the period's goal is not met.
    public static func asks(_ status: TrackerStatus, _ reminder: Reminder) -> Bool {
        reminder.untilGoal ? status.outcome == .pending : status.entriesToday == 0 && status.openToday
    }

    /// A running streak (two periods or more) whose current period can
    /// still be lost and has nothing logged yet.
    public static func isAtRisk(_ status: TrackerStatus) -> Bool {
        let calendarPeriod = status.tracker.streak.map { $0.period != .day && $0.window == nil } ?? false
        let logged = calendarPeriod ? status.progress?.entries ?? status.entriesToday : status.entriesToday
        return status.current >= 2 && status.atRisk && logged == 0
    }

    /// What `remind` would send now (read only): the evening check-in once
    /// its time has passed while something is open, with a notification
    /// for each open tracker; the due reminders with no notification yet
    /// today (or whose "Later" has come) for trackers the check-in has not
    /// asked about, an at-risk one only on a day no reminder time of the
    /// tracker has asked. Hook failures are returned, as by `due`.
    public func toSend() throws(Host.Failure) -> NotificationsToSend {
        let (due, failures) = try due()
        let now = host.now
        var sent: [Day: [NotificationKey: SentNotification]] = [:]
        func records(_ day: Day) throws(Host.Failure) -> [NotificationKey: SentNotification] {
            if let known = sent[day] { return known }
            let records = try host.notifications(on: day)
            sent[day] = records
            return records
        }
        func sendable(_ key: NotificationKey, _ day: Day) throws(Host.Failure) -> Bool {
            guard let record = try records(day)[key] else { return true }
            return record.state == .later && (record.againAt ?? 0) <= now.milliseconds
        }
        var result = NotificationsToSend(hookFailures: failures)
        if let at = host.checkinAt, at <= now.time, try sendable(.checkin, now.day) {
            var open: [TrackerStatus] = []
            for status in try checkinOpen() where try sendable(.checkinItem(status.tracker.id), status.today) {
                open.append(status)
            }
            if !open.isEmpty { result.checkin = (now.day, open) }
        }
        // Once the check-in asks about a tracker, it is its last word that day.
        let inCheckin = Set(result.checkin?.open.map(\.tracker.id) ?? [])
        for reminder in due where !inCheckin.contains(reminder.status.tracker.id) {
            let id = reminder.status.tracker.id, day = reminder.status.today
            let asked = try records(day).keys.filter { $0.tracker == id }
            if asked.contains(where: \.isCheckinItem) || (reminder.reason == .atRisk && asked.contains(where: \.isReminder)) {
                continue
            }
            if try sendable(reminder.key, day) { result.reminders.append(reminder) }
        }
        return result
    }

    /// Claims each notification of `list`, so that no other `remind` sends
    /// it too: what this run may send. Each one claimed takes the place of
    /// the tracker's notifications of that day still open.
    public func claim(_ list: NotificationsToSend) throws(Host.Failure) -> NotificationsToSend {
        var claimed = NotificationsToSend(hookFailures: list.hookFailures)
        let now = host.now.milliseconds
        for reminder in list.reminders where try host.claimNotification(reminder.key, day: reminder.status.today, at: now) {
            claimed.reminders.append(reminder)
            try replaceOthers(reminder.key, day: reminder.status.today)
        }
        if let checkin = list.checkin, try host.claimNotification(.checkin, day: checkin.day, at: now) {
            var open: [TrackerStatus] = []
            for status in checkin.open where try host.claimNotification(.checkinItem(status.tracker.id), day: status.today, at: now) {
                open.append(status)
                try replaceOthers(.checkinItem(status.tracker.id), day: status.today)
            }
            if open.isEmpty {
                try host.notificationEnded(.checkin, day: checkin.day, .closed, againAt: nil)
            } else {
                claimed.checkin = (checkin.day, open)
            }
        }
        return claimed
    }

    private func replaceOthers(_ key: NotificationKey, day: Day) throws(Host.Failure) {
        for (other, record) in try host.notifications(on: day)
        where other.tracker == key.tracker && other != key && record.state == .open {
            try host.notificationEnded(other, day: day, .replaced, againAt: nil)
        }
    }

    /// The trackers the evening check-in names: those still open today.
    public func checkinOpen() throws(Host.Failure) -> [TrackerStatus] {
        try host.statuses().filter(\.openToday)
    }

    /// The server's number for a notification, once it is shown.
    public func shown(_ key: NotificationKey, day: Day, serverID: Int64) throws(Host.Failure) {
        try host.notificationShown(key, day: day, serverID: serverID)
    }

    /// A notification answered with "Later": it may be sent again in an
    /// hour; for the check-in, with every part of it still open.
    public func later(_ key: NotificationKey, day: Day) throws(Host.Failure) {
        let again = host.now.milliseconds + Self.laterSeconds * 1000
        try host.notificationEnded(key, day: day, .later, againAt: again)
        guard key.isCheckin else { return }
        for (item, record) in try host.notifications(on: day) where item.isCheckinItem && record.state == .open {
            try host.notificationEnded(item, day: day, .later, againAt: again)
        }
    }

    /// A notification answered with an action: logs what the action says
    /// for the day the notification was about, then marks it acted.
    /// Returns the milestone the entry reached, to celebrate.
    @discardableResult
    public func answer(_ tracker: TrackerDefinition, key: NotificationKey, day: Day, value: String?) throws(Host.Failure)
        -> Int? {
        let milestone = try host.logAnswer(tracker, day: day, value: value)
        try host.notificationEnded(key, day: day, .acted, againAt: nil)
        return milestone
    }

    /// A notification closed without an answer: dismissed, unless Haven
    /// closed it already (the tracker was logged another way); the last
    /// part of the check-in closed takes its summary with it.
    public func closed(_ key: NotificationKey, day: Day) throws(Host.Failure) {
        if try host.notifications(on: day)[key]?.state == .open {
            try host.notificationEnded(key, day: day, .dismissed, againAt: nil)
        }
        if key.isCheckinItem { try host.closeAnsweredCheckin() }
    }
}
