import HavenCore

/// A reminder that is due now.
public struct DueReminder: Sendable {
    public var status: TrackerStatus
    public var reminder: Reminder
}

extension Session {
    /// Smart reminders (SPEC §7 `due`): enabled reminders whose time has
    /// passed today, on one of their days, for trackers with no deciding
    /// entry today and, for a week or month, no entry today in a period not
    /// yet met; an avoidance tracker (clear until a relapse) while nothing is
    /// logged today: its reminder is a check-in with Relapse as its answer.
    /// Nothing else: a decided day or period never nags. `at` replaces
    /// the time of day of "now". A tracker whose hook fails is left out and
    /// its error kept, so that one broken hook silences no other reminder.
    public func due(at: TimeOfDay? = nil) throws(RuntimeError) -> (reminders: [DueReminder], hookFailures: [String]) {
        let (day, now) = localNow()
        let time = at ?? now, weekday = day.weekday
        var result: [DueReminder] = [], failures: [String] = []
        for tracker in orderedTrackers() {
            guard let reminder = tracker.reminder, reminder.enabled, reminder.days.contains(weekday),
                  reminder.at <= time else { continue }
            do {
                let status = try status(tracker)
                if status.openToday { result.append(DueReminder(status: status, reminder: reminder)) }
            } catch {
                guard case .hook(let message) = error else { throw error }
                failures.append(message)
            }
        }
        return (result, failures)
    }

    /// The local calendar day and time of day of "now".
    func localNow() -> (day: Day, time: TimeOfDay) {
        let local = clock.milliseconds / 1000 + Int64(clock.offset(at: clock.now))
        let seconds = Int(((local % 86_400) + 86_400) % 86_400)
        return (Day(number: Int((local - Int64(seconds)) / 86_400)), TimeOfDay(hour: seconds / 3600, minute: seconds % 3600 / 60)!)
    }
}
