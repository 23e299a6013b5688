import Foundation
import TestSupport
import XCTest

/// A home of `trackerFiles` and a private session bus with a fake
/// freedesktop notification server (a dbus-daemon and
/// Tests/Fixtures/fake-notifications.py, both started here and stopped by
/// PID), for tests of `haven remind` and its answers.
class NotificationBusTestCase: XCTestCase {
    var bus = ""
    private var daemon: Process?
    private var server: Process?
    private var calls = ""
    var home: TemporaryDirectory!

    /// The home's files for each test.
    var trackerFiles: [String: String] { [:] }

    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    struct Shown {
        var id: Int
        var summary: String
        var body: String
        var actions: [String]
        var category: String
    }

    override func setUpWithError() throws {
        try requirePrograms("dbus-daemon", "dbus-send", "notify-send")
        home = TemporaryDirectory().write(trackerFiles)
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

    var environment: [String: String] {
        ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 21:00", "TZ": "UTC", "NO_COLOR": "1",
         "DBUS_SESSION_BUS_ADDRESS": bus]
    }

    /// The environment at another time of 2026-03-10 (or a whole "YYYY-MM-DD HH:MM").
    func at(_ time: String) -> [String: String] {
        environment.merging(["HAVEN_NOW": time.count == 5 ? "2026-03-10 " + time : time]) { $1 }
    }

    /// The calls the server received, in order.
    func log() -> [[String: Any]] {
        ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    func notifications() -> [Shown] {
        log().compactMap { call in
            guard let id = call["notify"] as? Int else { return nil }
            return Shown(id: id, summary: call["summary"] as! String, body: call["body"] as! String,
                         actions: (call["actions"] as! [[String]]).map { $0[0] + "=" + $0[1] },
                         category: call["category"] as? String ?? "")
        }
    }

    /// The ids of the notifications Haven closed.
    func closed() -> [Int] {
        log().compactMap { $0["close"] as? Int }
    }

    /// Polls `condition` until it holds; `timeout` only guards against a hang.
    func waitFor(_ condition: () -> Bool, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TimedOut(description: "timed out; the server received: \(log())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The state of a tracker's notification (of its one slot, or of `slot`).
    func state(_ tracker: String, slot: String? = nil) -> String {
        let where_ = slot.map { " AND slot = '\($0)'" } ?? ""
        return SQLite.run(home.path + "/haven.db", "SELECT state FROM notification WHERE tracker = '\(tracker)'" + where_)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until every notification sent has been shown (has the server's number).
    func waitUntilShown(_ count: Int) throws {
        try waitFor { SQLite.run(self.home.path + "/haven.db",
                                 "SELECT COUNT(*) FROM notification WHERE server_id IS NOT NULL").hasPrefix("\(count)") }
    }

    func answer(_ id: Int, _ action: String? = nil) {
        let method = action == nil ? ["org.haven.Test.Dismiss", "uint32:\(id)"]
            : ["org.haven.Test.Answer", "uint32:\(id)", "string:" + action!]
        let sent = Shell.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                                           "/org/freedesktop/Notifications"] + method,
                             environment: ["DBUS_SESSION_BUS_ADDRESS": bus])
        XCTAssertEqual(sent.status, 0, sent.stderr)
    }

    func entries(_ tracker: String) -> [[String: Any]] {
        let run = HavenProcess.run(["entries", tracker, "--json"], environment: environment)
        return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// `haven remind --json` at `time`: what it says it sent.
    func remind(_ time: String) -> String {
        let run = HavenProcess.run(["remind", "--json"], environment: at(time))
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }
}
