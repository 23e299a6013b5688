import HavenCore
import HavenReminders
import XCTest

/// Reminders in process, over a host made of plain values: what is due,
/// what `remind` sends once, Later, the at-risk reminder, the check-in
/// and each answer.
final class RemindersTests: XCTestCase {
    /// A day of trackers and a record of notifications, in memory.
    final class Host: ReminderHost {
        struct Failure: Error, Equatable { var hook: String? }

        var trackers: [TrackerDefinition] = []
        var now = (day: Day("2026-03-10")!, time: TimeOfDay(hour: 21, minute: 0)!, milliseconds: Int64(1_000_000))
        var checkinAt: TimeOfDay?
        var atRiskAt: TimeOfDay?
        /// Each tracker's state today, by id: shaped from a fresh status.
        var shapes: [String: (inout TrackerStatus) -> Void] = [:]
        var failing: Set<String> = []
        var records: [NotificationKey: SentNotification] = [:]
        var answers: [String] = []
        var closedOnDesktop: [NotificationKey] = []

        /// Something logged today that decides the day.
        func log(_ id: String) {
            shapes[id] = { status in
                status.outcome = .success
                status.entriesToday = 1
            }
        }

        func status(_ tracker: TrackerDefinition) throws(Failure) -> TrackerStatus {
            if failing.contains(tracker.id) { throw Failure(hook: "\(tracker.id).lua:1: boom") }
            var status = TrackerStatus(tracker: tracker, today: now.day, archived: [])
            shapes[tracker.id]?(&status)
            return status
        }

        func statuses() throws(Failure) -> [TrackerStatus] {
            var result: [TrackerStatus] = []
            for tracker in trackers where !failing.contains(tracker.id) { result.append(try status(tracker)) }
            return result
        }

        func hookFailure(_ failure: Failure) -> String? { failure.hook }

        func notifications(on day: Day) throws(Failure) -> [NotificationKey: SentNotification] {
            day == now.day ? records : [:]
        }

        func claimNotification(_ key: NotificationKey, day: Day, at: Int64) throws(Failure) -> Bool {
            if let record = records[key], !(record.state == .later && (record.againAt ?? 0) <= at) { return false }
            records[key] = SentNotification(state: .open)
            return true
        }

        func notificationShown(_ key: NotificationKey, day: Day, serverID: Int64) throws(Failure) {}

        func notificationEnded(_ key: NotificationKey, day: Day, _ state: NotificationState, againAt: Int64?) throws(Failure) {
            if records[key]?.state == .open { closedOnDesktop.append(key) }
            records[key] = SentNotification(state: state, againAt: againAt)
        }

        func closeAnsweredCheckin() throws(Failure) {
            guard records[.checkin]?.state == .open,
                  !records.contains(where: { $0.key.isCheckinItem && $0.value.state == .open }) else { return }
            records[.checkin] = SentNotification(state: .closed)
        }

        func logAnswer(_ tracker: TrackerDefinition, day: Day, value: String?) throws(Failure) -> Int? {
            answers.append("\(tracker.id) \(day) \(value ?? "·")")
            for (key, record) in records where key.tracker == tracker.id && record.state == .open {
                records[key] = SentNotification(state: .closed)
            }
            try closeAnsweredCheckin()
            return nil
        }
    }

    private func tracker(_ id: String, at times: [String] = [], input: InputKind = .check, mode: TrackerMode? = nil,
                         days: [Weekday] = Weekday.allCases, untilGoal: Bool = false) -> TrackerDefinition {
        let reminders = times.compactMap(TimeOfDay.init).map { at in
            var reminder = Reminder(at: at)
            reminder.days = days
            reminder.untilGoal = untilGoal
            return reminder
        }
        return TrackerDefinition(id: id, name: LocalizedText(id.capitalized), icon: "", type: mode == nil ? .good : .saboteur,
                                 mode: mode, input: input, reminders: reminders,
                                 origin: .init(pack: "local", file: "trackers/\(id).yaml"))
    }

    private func sent(_ list: NotificationsToSend) -> [String] {
        list.reminders.map { $0.key.description } + (list.checkin.map { ["checkin: " + $0.open.map(\.tracker.id).joined(separator: " ")] } ?? [])
    }

    func testDueNamesOpenTrackersWhoseTimeHasPassedOnTheirDaysAndKeepsHookFailures() throws {
        let host = Host()
        host.trackers = [tracker("water", at: ["09:00"]), tracker("stretch", at: ["22:00"]), tracker("read", at: ["20:00"]),
                         tracker("walk", at: ["08:00"], days: [.mon]), tracker("noalc", at: ["20:00"]),
                         tracker("plain"), tracker("broken", at: ["07:00"])]
        host.log("read")
        host.failing = ["broken"]
        let due = try Reminders(host: host).due()
        XCTAssertEqual(due.reminders.map(\.key.description), ["water/09:00", "noalc/20:00"])  // 2026-03-10 is a Tuesday
        XCTAssertEqual(due.hookFailures, ["broken.lua:1: boom"])
        XCTAssertEqual(try Reminders(host: host).due(at: TimeOfDay(hour: 23, minute: 0)).reminders.map(\.key.description),
                       ["water/09:00", "stretch/22:00", "noalc/20:00"])
    }

    func testAnyEntryTodaySilencesAReminderAndUntilGoalKeepsAskingUntilTheGoalIsMet() throws {
        let host = Host()
        host.trackers = [tracker("water", at: ["09:00"], input: .count), tracker("glasses", at: ["09:00"], input: .count, untilGoal: true),
                         tracker("nails", at: ["09:00"], mode: .avoidance)]
        let threeOfEight: (inout TrackerStatus) -> Void = { status in
            status.entriesToday = 1
            status.sumToday = 3
        }
        host.shapes = ["water": threeOfEight, "glasses": threeOfEight]
        let reminders = Reminders(host: host)
        XCTAssertEqual(try reminders.due().reminders.map(\.key.description), ["glasses/09:00", "nails/09:00"])
        host.log("glasses")
        host.shapes["nails"] = { status in
            status.outcome = .broken
            status.entriesToday = 1
        }
        XCTAssertEqual(try reminders.due().reminders.map(\.key.description), [], "the goal met; a relapse logged")
    }

    func testEachReminderTimeIsItsOwnNotificationAndTheNewerTakesTheOlderOnesPlace() throws {
        let host = Host()
        host.trackers = [tracker("stretch", at: ["20:00", "12:00"])]
        host.now.time = TimeOfDay(hour: 11, minute: 59)!
        let reminders = Reminders(host: host)
        XCTAssertEqual(sent(try reminders.toSend()), [])
        host.now.time = TimeOfDay(hour: 12, minute: 0)!
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["stretch/12:00"])
        host.now.time = TimeOfDay(hour: 19, minute: 59)!
        XCTAssertEqual(sent(try reminders.toSend()), [], "the noon one was sent")
        host.now.time = TimeOfDay(hour: 20, minute: 15)!
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["stretch/20:00"])
        XCTAssertEqual(host.records[.reminder("stretch", at: TimeOfDay(hour: 12, minute: 0)!)]?.state, .replaced)
        XCTAssertEqual(host.closedOnDesktop.map(\.description), ["stretch/12:00"])
        XCTAssertEqual(sent(try reminders.toSend()), [])
    }

    func testOnlyTheLatestPassedTimeIsSentWhenRemindFirstRunsLate() throws {
        let host = Host()
        host.trackers = [tracker("stretch", at: ["09:00", "12:00", "20:00"])]
        host.now.time = TimeOfDay(hour: 13, minute: 0)!
        XCTAssertEqual(sent(try Reminders(host: host).toSend()), ["stretch/12:00"])
    }

    func testEachNotificationIsSentOnceAndLaterAsksAgainAfterAnHour() throws {
        let host = Host()
        host.trackers = [tracker("water", at: ["09:00"]), tracker("noalc", at: ["20:00"])]
        let reminders = Reminders(host: host)
        let first = try reminders.claim(try reminders.toSend())
        XCTAssertEqual(sent(first), ["water/09:00", "noalc/20:00"])
        XCTAssertTrue(try reminders.toSend().isEmpty, "a second run the same day sends nothing")
        let water = NotificationKey.reminder("water", at: TimeOfDay(hour: 9, minute: 0)!)
        try reminders.later(water, day: host.now.day)
        XCTAssertEqual(host.records[water]?.againAt, 1_000_000 + 3_600_000)
        host.now.milliseconds += 3_599_999
        XCTAssertTrue(try reminders.toSend().isEmpty)
        host.now.milliseconds += 1
        XCTAssertEqual(sent(try reminders.toSend()), ["water/09:00"])
    }

    func testAtRiskRemindsOnlyRunningStreaksStillOpenWithNothingLoggedOnceADay() throws {
        let host = Host()
        host.trackers = [tracker("read"), tracker("walk"), tracker("water", input: .count), tracker("fresh"),
                         tracker("met"), tracker("own", at: ["19:00"]), tracker("weekly")]
        func running(_ current: Int, atRisk: Bool = true, entries: Int = 0) -> (inout TrackerStatus) -> Void {
            { status in
                status.current = current
                status.atRisk = atRisk
                status.entriesToday = entries
            }
        }
        host.shapes = ["read": running(12), "walk": running(5, atRisk: false), "water": running(9, entries: 1),
                       "fresh": running(1), "met": running(30, atRisk: false), "own": running(4)]
        host.shapes["met"] = { status in
            status.current = 30
            status.outcome = .success
            status.entriesToday = 1
        }
        host.trackers[6].streak?.period = .week
        host.shapes["weekly"] = { status in
            status.current = 3
            status.atRisk = true
            status.progress = PeriodProgress(first: Day("2026-03-09")!, last: Day("2026-03-15")!, successes: 1,
                                             entries: 1, sum: 1, frozen: false)
        }
        let reminders = Reminders(host: host)
        XCTAssertEqual(sent(try reminders.toSend()), ["own/19:00"], "opt-in: no at_risk in pack.yaml")
        host.atRiskAt = TimeOfDay(hour: 21, minute: 30)
        XCTAssertEqual(sent(try reminders.toSend()), ["own/19:00"], "not yet")
        host.atRiskAt = TimeOfDay(hour: 20, minute: 0)
        let due = try reminders.due().reminders
        XCTAssertEqual(due.map(\.key.description), ["read/at_risk", "own/19:00"])
        XCTAssertEqual(due.map(\.reason), [.atRisk, .reminder])
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["read/at_risk", "own/19:00"])
        XCTAssertTrue(try reminders.toSend().isEmpty, "once a day")
        // A tracker whose own reminder asked today is not asked again by at_risk.
        try reminders.closed(.reminder("own", at: TimeOfDay(hour: 19, minute: 0)!), day: host.now.day)
        host.trackers[5].reminders = []
        XCTAssertEqual(try reminders.due().reminders.map(\.key.description), ["read/at_risk", "own/at_risk"])
        XCTAssertTrue(try reminders.toSend().isEmpty)
    }

    func testTheCheckInSendsOneNotificationPerOpenTrackerOnceItsTimeHasPassed() throws {
        let host = Host()
        host.trackers = [tracker("water"), tracker("read"), tracker("walk", at: ["09:00"])]
        let reminders = Reminders(host: host)
        XCTAssertNil(try reminders.toSend().checkin, "opt-in")
        host.checkinAt = TimeOfDay(hour: 21, minute: 30)
        XCTAssertNil(try reminders.toSend().checkin, "not yet")
        host.checkinAt = TimeOfDay(hour: 20, minute: 30)
        host.log("read")
        XCTAssertEqual(sent(try reminders.toSend()), ["checkin: water walk"], "the check-in asks about walk: its last word")
        host.now.time = TimeOfDay(hour: 9, minute: 30)!
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["walk/09:00"])
        host.now.time = TimeOfDay(hour: 21, minute: 0)!
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["checkin: water walk"])
        XCTAssertEqual(host.records[.reminder("walk", at: TimeOfDay(hour: 9, minute: 0)!)]?.state, .replaced,
                       "the check-in's part takes the reminder's place")
        XCTAssertNil(try reminders.toSend().checkin, "once a day")

        // Answering one closes it; the summary closes with the last one.
        try reminders.answer(host.trackers[0], key: .checkinItem("water"), day: host.now.day, value: nil)
        XCTAssertEqual(host.answers, ["water 2026-03-10 ·"])
        XCTAssertEqual(host.records[.checkinItem("water")]?.state, .acted)
        XCTAssertEqual(host.records[.checkin]?.state, .open)
        try reminders.closed(.checkinItem("walk"), day: host.now.day)
        XCTAssertEqual(host.records[.checkinItem("walk")]?.state, .dismissed)
        XCTAssertEqual(host.records[.checkin]?.state, .closed)
    }

    func testTheCheckInsLaterAsksAgainForEveryPartStillOpen() throws {
        let host = Host()
        host.trackers = [tracker("water"), tracker("read")]
        host.checkinAt = TimeOfDay(hour: 20, minute: 30)
        let reminders = Reminders(host: host)
        _ = try reminders.claim(try reminders.toSend())
        try reminders.answer(host.trackers[1], key: .checkinItem("read"), day: host.now.day, value: nil)
        host.log("read")
        try reminders.later(.checkin, day: host.now.day)
        XCTAssertEqual(host.records[.checkinItem("water")]?.state, .later)
        XCTAssertEqual(host.records[.checkinItem("read")]?.state, .acted)
        host.now.milliseconds += 3_600_000
        XCTAssertEqual(sent(try reminders.claim(try reminders.toSend())), ["checkin: water"])
    }

    func testAnAnswerLogsAndMarksActedAndAClosedOneIsDismissedOnlyWhileOpen() throws {
        let host = Host()
        let water = tracker("water", at: ["09:00"], input: .count)
        let key = NotificationKey.reminder("water", at: TimeOfDay(hour: 9, minute: 0)!)
        host.trackers = [water]
        let reminders = Reminders(host: host)
        _ = try reminders.claim(try reminders.toSend())
        try reminders.answer(water, key: key, day: host.now.day, value: "+1")
        XCTAssertEqual(host.answers, ["water 2026-03-10 +1"])
        XCTAssertEqual(host.records[key]?.state, .acted)
        try reminders.closed(key, day: host.now.day)
        XCTAssertEqual(host.records[key]?.state, .acted, "closed after an answer stays acted")
        host.records[key] = SentNotification(state: .open)
        try reminders.closed(key, day: host.now.day)
        XCTAssertEqual(host.records[key]?.state, .dismissed)
    }

    func testQuickActionsByInputAndMode() {
        let cases: [(TrackerDefinition, [String])] = [
            (tracker("stretch"), ["done", "later"]),
            (tracker("scroll", mode: .awareness), ["noticed", "later"]),
            (tracker("nails", mode: .avoidance), ["relapse", "later"]),
            (tracker("water", input: .count), ["add:1", "later"]),
        ]
        for (tracker, keys) in cases {
            XCTAssertEqual(QuickAction.offered(by: tracker, language: "en").map(\.key), keys, tracker.id)
        }
        var meditation = tracker("meditation", input: .amount)
        meditation.goal = .atLeast(2)
        XCTAssertEqual(QuickAction.offered(by: meditation, language: "en").map(\.kind), [.log("+2"), .later])
        meditation.goal = .atLeast(2.5)
        XCTAssertEqual(QuickAction.offered(by: meditation, language: "en").map(\.label), ["+2.5", "Later"])
    }

    /// Text sent to the notification server (#28, item 16): a body is
    /// escaped for its markup and cut at a character's end, never inside an
    /// entity; a summary is cut only.
    func testNotificationTextIsEscapedForMarkupAndCut() {
        XCTAssertEqual(Notifier.safe(#"<a href="x">Tea</a> & <img src=y>"#, limit: 4096, markup: true),
                       #"&lt;a href="x"&gt;Tea&lt;/a&gt; &amp; &lt;img src=y&gt;"#)
        XCTAssertEqual(Notifier.safe("<b>", limit: 4096, markup: false), "<b>")
        XCTAssertEqual(Notifier.safe(String(repeating: "é", count: 10), limit: 8, markup: false), "éé…")
        XCTAssertEqual(Notifier.safe("ab&cd", limit: 8, markup: true), "ab…", "'&amp;' is not split")
        XCTAssertEqual(Notifier.safe(String(repeating: "x", count: 200_000), limit: 4096, markup: true).utf8.count, 4096)
    }
}
