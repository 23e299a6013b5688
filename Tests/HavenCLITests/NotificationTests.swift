import Foundation
import TestSupport
import XCTest

/// `haven remind` against a fake freedesktop notification server on a
/// private session bus (a dbus-daemon and Tests/Fixtures/fake-notifications.py,
/// both started here and stopped by PID): what is sent, what each action
/// logs and for which day, dismissing, never twice, closing on a log, and
/// no server at all.
final class NotificationTests: XCTestCase {
    private var bus = ""
    private var daemon: Process?
    private var server: Process?
    private var calls = ""
    private var home: TemporaryDirectory!

    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    override func setUpWithError() throws {
        try requirePrograms("dbus-daemon", "dbus-send", "notify-send")
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\nreminder: { at: \"09:00\" }\n",
            "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"18:00\" }\n",
            "trackers/noalc.yaml": "extends: core/noalc\nreminder: { at: \"20:00\", enabled: true }\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
        ])
        // A bus of this test's own, in the foreground so that it is stopped by its PID.
        let socket = home.path + "/bus"
        bus = "unix:path=" + socket
        daemon = try start("/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=" + bus])
        try waitFor { FileManager.default.fileExists(atPath: socket) }
        calls = home.path + "/calls.jsonl"
        server = try start("/usr/bin/python3", [Repository.root + "/Tests/Fixtures/fake-notifications.py", calls])
        try waitFor { self.log().contains { $0["ready"] != nil } }
    }

    private func start(_ program: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": bus, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    override func tearDown() {
        for process in [server, daemon].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    private var environment: [String: String] {
        ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 21:00", "TZ": "UTC", "NO_COLOR": "1",
         "DBUS_SESSION_BUS_ADDRESS": bus]
    }

    /// The calls the server received, in order.
    private func log() -> [[String: Any]] {
        ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    private func notifications() -> [(id: Int, summary: String, body: String, actions: [String])] {
        log().compactMap { call in
            guard let id = call["notify"] as? Int else { return nil }
            return (id, call["summary"] as! String, call["body"] as! String,
                    (call["actions"] as! [[String]]).map { $0[0] + "=" + $0[1] })
        }
    }

    /// Polls `condition` until it holds; `timeout` only guards against a hang.
    private func waitFor(_ condition: () -> Bool, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TimedOut(description: "timed out; the server received: \(log())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private func state(_ tracker: String) -> String {
        SQLite.run(home.path + "/haven.db", "SELECT state FROM notification WHERE tracker = '\(tracker)'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func answer(_ id: Int, _ action: String? = nil) {
        let method = action == nil ? ["org.haven.Test.Dismiss", "uint32:\(id)"]
            : ["org.haven.Test.Answer", "uint32:\(id)", "string:" + action!]
        let sent = Shell.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                                           "/org/freedesktop/Notifications"] + method,
                             environment: ["DBUS_SESSION_BUS_ADDRESS": bus])
        XCTAssertEqual(sent.status, 0, sent.stderr)
    }

    private func entries(_ tracker: String) -> [[String: Any]] {
        let run = HavenProcess.run(["entries", tracker, "--json"], environment: environment)
        return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
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

    func testTheEveningCheckInNamesWhatIsOpenOnceADay() throws {
        home.write(["pack.yaml": "checkin: { at: \"20:30\" }\n"])
        XCTAssertEqual(HavenProcess.run(["log", "water", "8"], environment: environment).status, 0)
        let remind = HavenProcess.run(["remind", "--json"], environment: environment)
        XCTAssertEqual(remind.status, 0, remind.stderr)
        let sent = try JSONSerialization.jsonObject(with: Data(remind.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(sent.map { $0["kind"] as! String }, ["reminder", "reminder", "checkin"])
        XCTAssertEqual(sent.map { $0["trackers"] as! [String] }, [["noalc"], ["stretching"],
                                                                 ["noalc", "doomscrolling", "stretching"]])
        try waitFor { self.notifications().count == 3 }
        let checkin = notifications().first { $0.summary == "Evening check-in" }
        XCTAssertEqual(checkin?.body, "Still open: NoAlc, Doomscrolling, Stretching. Answer them with: haven checkin")
        XCTAssertEqual(checkin?.actions, ["later=Later"])
        let again = HavenProcess.run(["remind", "--json"], environment: environment)
        XCTAssertEqual(again.stdout, "[]\n")
        XCTAssertEqual(notifications().count, 3)
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
