import Foundation
import TestSupport
import XCTest

/// `haven remind` against a fake freedesktop notification server: what is
/// sent, what each action logs and for which day, dismissing, never twice,
/// closing on a log, and no server at all.
final class NotificationTests: NotificationBusTestCase {
    override var trackerFiles: [String: String] {
        [
            "trackers/water.yaml": "extends: core/water\nreminder: { at: \"09:00\" }\n",
            "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"18:00\" }\n",
            "trackers/noalc.yaml": "extends: core/noalc\nreminder: { at: \"20:00\", enabled: true }\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
        ]
    }

    func testEachActionLogsForItsDayAndNothingIsSentTwice() throws {
        let remind = HavenProcess.run(["remind"], environment: environment)
        XCTAssertEqual([remind.status, Int32(remind.stdout.count), Int32(remind.stderr.count)], [0, 0, 0])
        try waitFor { self.notifications().count == 3 }
        let sent = notifications().sorted { $0.summary < $1.summary }
        XCTAssertEqual(sent.map(\.summary), ["🍷 NoAlc", "💧 Drink Water", "🤸 Stretching"])
        XCTAssertEqual(sent.map(\.actions), [
            ["level:steady=Steady", "level:easy=Easy", "level:wild=Wild", "later=Later"],
            ["add:1=+1", "later=Later"],
            ["done=Done", "later=Later"],
        ])
        XCTAssertEqual(sent.map(\.body), ["NoAlc Check-In · not logged yet today",
                                          "Time to check in · 0/8 glasses today", "Time to check in · open today"])

        // A second run the same day sends nothing: it says so, and the server received no more.
        XCTAssertEqual(HavenProcess.run(["remind", "--json"], environment: environment).stdout, "[]\n")
        XCTAssertEqual(notifications().count, 3)

        // +1 logs one glass; Steady logs the level; dismissing logs nothing.
        try waitFor { self.state("water") == "open" && !SQLite.run(self.home.path + "/haven.db",
            "SELECT server_id FROM notification WHERE server_id IS NULL").contains("|") }
        answer(sent[1].id, "add:1")
        answer(sent[0].id, "level:steady")
        answer(sent[2].id)
        try waitFor { self.state("water") == "acted" && self.state("noalc") == "acted" && self.state("stretching") == "dismissed" }
        XCTAssertEqual(entries("water").map { $0["value"] as? Int }, [1])
        XCTAssertEqual(entries("water").map { $0["source"] as? String }, ["notification"])
        XCTAssertEqual(entries("noalc").map { $0["value"] as? String }, ["steady"])
        XCTAssertEqual(entries("stretching").count, 0)
    }

    func testDoneNoticedRelapseAndAnAmountsGoalLogTheirValuesAndLaterAsksAgainInAnHour() throws {
        for (name, text) in [
            ("water", "extends: core/water\n"), ("noalc", "extends: core/noalc\n"),
            ("meditation", "extends: core/meditation\nreminder: { at: \"07:00\" }\n"),
            ("doomscrolling", "extends: core/doomscrolling\nreminder: { at: \"20:00\" }\n"),
            ("nail-biting", "extends: core/nail-biting\nmode: avoidance\nreminder: { at: \"20:00\" }\n"),
        ] {
            try text.write(toFile: home.path + "/trackers/\(name).yaml", atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(HavenProcess.run(["remind"], environment: environment).status, 0)
        try waitFor { self.notifications().count == 4 }
        let sent = Dictionary(uniqueKeysWithValues: notifications().map { ($0.summary, $0) })
        XCTAssertEqual(sent.keys.sorted(), ["💅 Nail biting", "📱 Doomscrolling", "🤸 Stretching", "🧘 Meditation"])
        XCTAssertEqual(sent["🧘 Meditation"]?.actions, ["add:2=+2", "later=Later"])
        XCTAssertEqual(sent["📱 Doomscrolling"]?.actions, ["noticed=Noticed", "later=Later"])
        XCTAssertEqual(sent["💅 Nail biting"]?.actions, ["relapse=Relapse", "later=Later"])
        try waitFor { SQLite.run(self.home.path + "/haven.db",
                                 "SELECT COUNT(*) FROM notification WHERE server_id IS NOT NULL").hasPrefix("4") }
        answer(sent["🧘 Meditation"]!.id, "add:2")
        answer(sent["📱 Doomscrolling"]!.id, "noticed")
        answer(sent["💅 Nail biting"]!.id, "relapse")
        answer(sent["🤸 Stretching"]!.id, "later")
        try waitFor { ["meditation", "doomscrolling", "nail-biting"].allSatisfy { self.state($0) == "acted" }
            && self.state("stretching") == "later" }
        XCTAssertEqual(entries("meditation").map { $0["value"] as? Double }, [2])
        XCTAssertEqual(entries("doomscrolling").map { $0["source"] as? String }, ["notification"])
        XCTAssertEqual(entries("nail-biting").map { $0["day"] as? String }, ["2026-03-10"])
        XCTAssertEqual(entries("stretching").count, 0)

        // Later: nothing within the hour, the same notification again after it.
        var soon = environment
        soon["HAVEN_NOW"] = "2026-03-10 21:59"
        XCTAssertEqual(HavenProcess.run(["remind", "--json"], environment: soon).stdout, "[]\n")
        XCTAssertEqual(notifications().count, 4)
        soon["HAVEN_NOW"] = "2026-03-10 22:00"
        XCTAssertEqual(HavenProcess.run(["remind"], environment: soon).status, 0)
        try waitFor { self.notifications().count == 5 }
        XCTAssertEqual(notifications().last?.summary, "🤸 Stretching")
    }

    func testAnAnswerAfterMidnightLogsForTheNotificationsDay() throws {
        var late = environment
        late["HAVEN_NOW"] = "2026-03-10 23:50"
        late["HAVEN_TEST_ANSWER_NOW"] = "2026-03-11 00:20"
        XCTAssertEqual(HavenProcess.run(["remind"], environment: late).status, 0)
        try waitFor { self.notifications().count == 3 }
        let water = notifications().first { $0.summary.hasSuffix("Drink Water") }!
        try waitFor { !SQLite.run(self.home.path + "/haven.db",
                                  "SELECT server_id FROM notification WHERE tracker = 'water'").isEmpty }
        answer(water.id, "add:1")
        try waitFor { self.state("water") == "acted" && self.entries("water").count == 1 }
        let entry = entries("water")[0]
        XCTAssertEqual(entry["day"] as? String, "2026-03-10")
        XCTAssertEqual(entry["at"] as? String, "2026-03-10T23:59:00Z")
    }

    func testLoggingFromTheCommandLineClosesTheNotification() throws {
        XCTAssertEqual(HavenProcess.run(["remind"], environment: environment).status, 0)
        try waitFor { !SQLite.run(self.home.path + "/haven.db",
                                  "SELECT server_id FROM notification WHERE tracker = 'stretching'").isEmpty }
        let stretching = notifications().first { $0.summary.hasSuffix("Stretching") }!
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: environment).status, 0)
        try waitFor { self.log().contains { $0["close"] as? Int == stretching.id } }
        XCTAssertEqual(state("stretching"), "closed")
        try waitFor { self.state("stretching") == "closed" }
        XCTAssertEqual(entries("stretching").count, 1)
    }

    func testWithoutANotificationServerNothingHappensAndStatusSaysSoOnce() throws {
        var none = environment
        none["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + home.path + "/no-bus"
        let remind = HavenProcess.run(["remind"], environment: none)
        XCTAssertEqual([remind.status, Int32(remind.stdout.count), Int32(remind.stderr.count)], [0, 0, 0])
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT COUNT(*) FROM notification")
            .trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT COUNT(*) FROM entry")
            .trimmingCharacters(in: .whitespacesAndNewlines), "0")
        let status = HavenProcess.run(["status"], environment: none)
        XCTAssertEqual(status.stderr, "haven: reminders were not shown: no notification server answers on the session "
            + "bus; 'haven remind' needs a desktop session (see 'Reminders on the desktop' in the README)\n")
        XCTAssertEqual(HavenProcess.run(["status"], environment: none).stderr, "")
    }
}
