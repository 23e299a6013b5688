import HavenCore
import HavenReminders
import XCTest

/// Reminders in process, over a host made of plain values: what is due,
/// what `remind` sends once, Later, the check-in and each answer.
final class RemindersTests: XCTestCase {
    /// A day of trackers and a record of notifications, in memory.
    final class Host: ReminderHost {
        struct Failure: Error, Equatable { var hook: String? }

        var trackers: [TrackerDefinition] = []
        var now = (day: Day("2026-03-10")!, time: TimeOfDay(hour: 21, minute: 0)!, milliseconds: Int64(1_000_000))
        var checkinAt: TimeOfDay?
        /// Trackers with something logged today, by id.
        var logged: Set<String> = []
        var failing: Set<String> = []
        var records: [String: (state: NotificationState, againAt: Int64?)] = [:]
        var answers: [String] = []

        func status(_ tracker: TrackerDefinition) throws(Failure) -> TrackerStatus {
            if failing.contains(tracker.id) { throw Failure(hook: "\(tracker.id).lua:1: boom") }
            var status = TrackerStatus(tracker: tracker, today: now.day, archived: [])
            if logged.contains(tracker.id) {
                status.outcome = .success
                status.entriesToday = 1
            }
            return status
        }

        func statuses() throws(Failure) -> [TrackerStatus] {
            var result: [TrackerStatus] = []
            for tracker in trackers where !failing.contains(tracker.id) { result.append(try status(tracker)) }
            return result
        }

        func hookFailure(_ failure: Failure) -> String? { failure.hook }

        func notifications(on day: Day) throws(Failure) -> [String: (state: NotificationState, againAt: Int64?)] {
            day == now.day ? records : [:]
        }

        func claimNotification(_ key: String, day: Day, at: Int64) throws(Failure) -> Bool {
            if let record = records[key], !(record.state == .later && (record.againAt ?? 0) <= at) { return false }
            records[key] = (.open, nil)
            return true
        }

        func notificationShown(_ key: String, day: Day, serverID: Int64) throws(Failure) {}

        func notificationEnded(_ key: String, day: Day, _ state: NotificationState, againAt: Int64?) throws(Failure) {
            records[key] = (state, againAt)
        }

        func logAnswer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(Failure) {
            answers.append("\(tracker.id) \(day) \(value ?? "·")")
        }
    }

    private func tracker(_ id: String, at: String?, input: InputKind = .check, mode: TrackerMode? = nil,
                         days: [Weekday] = Weekday.allCases) -> TrackerDefinition {
        var reminder = at.flatMap(TimeOfDay.init).map(Reminder.init)
        reminder?.days = days
        return TrackerDefinition(id: id, name: LocalizedText(id.capitalized), icon: "", type: mode == nil ? .good : .saboteur,
                                 mode: mode, input: input, reminder: reminder,
                                 origin: .init(pack: "local", file: "trackers/\(id).yaml"))
    }

    func testDueNamesOpenTrackersWhoseTimeHasPassedOnTheirDaysAndKeepsHookFailures() throws {
        let host = Host()
        host.trackers = [tracker("water", at: "09:00"), tracker("stretch", at: "22:00"), tracker("read", at: "20:00"),
                         tracker("walk", at: "08:00", days: [.mon]), tracker("noalc", at: "20:00"),
                         tracker("plain", at: nil), tracker("broken", at: "07:00")]
        host.logged = ["read"]
        host.failing = ["broken"]
        let due = try Reminders(host: host).due()
        XCTAssertEqual(due.reminders.map(\.status.tracker.id), ["water", "noalc"])  // 2026-03-10 is a Tuesday
        XCTAssertEqual(due.hookFailures, ["broken.lua:1: boom"])
        XCTAssertEqual(try Reminders(host: host).due(at: TimeOfDay(hour: 23, minute: 0)).reminders.map(\.status.tracker.id),
                       ["water", "stretch", "noalc"])
    }

    func testEachNotificationIsSentOnceAndLaterAsksAgainAfterAnHour() throws {
        let host = Host()
        host.trackers = [tracker("water", at: "09:00"), tracker("noalc", at: "20:00")]
        let reminders = Reminders(host: host)
        let first = try reminders.claim(try reminders.toSend())
        XCTAssertEqual(first.reminders.map(\.status.tracker.id), ["water", "noalc"])
        XCTAssertTrue(try reminders.toSend().isEmpty, "a second run the same day sends nothing")
        try reminders.later("water", day: host.now.day)
        XCTAssertEqual(host.records["water"]?.againAt, 1_000_000 + 3_600_000)
        host.now.milliseconds += 3_599_999
        XCTAssertTrue(try reminders.toSend().isEmpty)
        host.now.milliseconds += 1
        XCTAssertEqual(try reminders.toSend().reminders.map(\.status.tracker.id), ["water"])
    }

    func testTheCheckInComesOnceItsTimeHasPassedWhileSomethingIsOpen() throws {
        let host = Host()
        host.trackers = [tracker("water", at: nil), tracker("read", at: nil)]
        let reminders = Reminders(host: host)
        XCTAssertNil(try reminders.toSend().checkin, "opt-in")
        host.checkinAt = TimeOfDay(hour: 21, minute: 30)
        XCTAssertNil(try reminders.toSend().checkin, "not yet")
        host.checkinAt = TimeOfDay(hour: 20, minute: 30)
        XCTAssertEqual(try reminders.toSend().checkin?.open.map(\.tracker.id), ["water", "read"])
        XCTAssertNotNil(try reminders.claim(try reminders.toSend()).checkin)
        XCTAssertNil(try reminders.toSend().checkin, "once a day")
        host.records = [:]
        host.logged = ["water", "read"]
        XCTAssertNil(try reminders.toSend().checkin, "nothing open")
    }

    func testAnAnswerLogsAndMarksActedAndAClosedOneIsDismissedOnlyWhileOpen() throws {
        let host = Host()
        let water = tracker("water", at: "09:00", input: .count)
        host.trackers = [water]
        let reminders = Reminders(host: host)
        _ = try reminders.claim(try reminders.toSend())
        try reminders.answer(water, day: host.now.day, value: "+1")
        XCTAssertEqual(host.answers, ["water 2026-03-10 +1"])
        XCTAssertEqual(host.records["water"]?.state, .acted)
        try reminders.closed("water", day: host.now.day)
        XCTAssertEqual(host.records["water"]?.state, .acted, "closed after an answer stays acted")
        host.records["water"] = (.open, nil)
        try reminders.closed("water", day: host.now.day)
        XCTAssertEqual(host.records["water"]?.state, .dismissed)
    }

    func testQuickActionsByInputAndMode() {
        let cases: [(TrackerDefinition, [String])] = [
            (tracker("stretch", at: nil), ["done", "later"]),
            (tracker("scroll", at: nil, mode: .awareness), ["noticed", "later"]),
            (tracker("nails", at: nil, mode: .avoidance), ["relapse", "later"]),
            (tracker("water", at: nil, input: .count), ["add:1", "later"]),
        ]
        for (tracker, keys) in cases {
            XCTAssertEqual(QuickAction.offered(by: tracker, language: "en").map(\.key), keys, tracker.id)
        }
        var meditation = tracker("meditation", at: nil, input: .amount)
        meditation.goal = .atLeast(2)
        XCTAssertEqual(QuickAction.offered(by: meditation, language: "en").map(\.kind), [.log("+2"), .later])
        meditation.goal = .atLeast(2.5)
        XCTAssertEqual(QuickAction.offered(by: meditation, language: "en").map(\.label), ["+2.5", "Later"])
    }
}
