import Foundation
import TestSupport
import XCTest

/// `haven meditate` in a real terminal (tmux): the bar, the bell, the
/// minutes logged with `source: timer`, the duration remembered, and
/// Ctrl-C logging nothing unless asked.
final class MeditateTests: XCTestCase {
    /// The test's home, kept (and removed) with the test.
    private var home: TemporaryDirectory?

    private func setUp(_ script: String) throws -> (Terminal, [String: String]) {
        let home = TemporaryDirectory().write(["trackers/meditation.yaml": "extends: core/meditation\n"])
        self.home = home
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1",
                   "LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
        let terminal = try Terminal(MeditateTests.shell(script), environment: env)
        return (terminal, env)
    }

    /// `script` in a shell that stays after haven ends, so the last screen
    /// and the exit status can be read, and that ignores Ctrl-C itself
    /// (haven sets its own handler), as an interactive shell does.
    static func shell(_ script: String) -> [String] {
        ["sh", "-c", "trap '' INT; " + script.replacingOccurrences(of: "haven", with: HavenProcess.binary)
            + "; echo EXIT=$?; sleep 60"]
    }

    private func entries(_ env: [String: String]) throws -> [[String: Any]] {
        let run = HavenProcess.run(["entries", "meditation", "--json"], environment: env)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    func testATwoSecondTimerShowsTheBarRingsLogsAndIsRemembered() throws {
        let (terminal, env) = try setUp("haven meditate 2s")
        let running = try terminal.wait(for: "Open meditation\nSitting ")
        XCTAssertTrue(running.contains("░] 00:0"), running)
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Open meditation\nDone         [████████████████████████] 00:00 left\n\n"
            + "Meditation: 0.033/2 min today · streak 0"), done)
        XCTAssertTrue(terminal.rang)
        let logged = try entries(env)
        XCTAssertEqual(logged.count, 1)
        XCTAssertEqual(logged.first?["value"] as? Double, 0.033)
        XCTAssertEqual(logged.first?["source"] as? String, "timer")

        // `haven meditate` alone starts the last duration again.
        let again = try Terminal(MeditateTests.shell("haven meditate"), environment: env)
        try again.wait(for: "00:02 left")
        try again.wait(for: "EXIT=0")
        XCTAssertEqual(try entries(env).count, 2)
    }

    func testCtrlCLogsNothingAndLogPartialLogsTheTimeSat() throws {
        let (terminal, env) = try setUp("haven meditate 1m")
        try terminal.wait(for: "01:00 left")
        try terminal.send("C-c")
        let stopped = try terminal.wait(for: "EXIT=130")
        XCTAssertTrue(stopped.contains("nothing logged (--log-partial logs the part done)."), stopped)
        XCTAssertEqual(try entries(env).count, 0)

        let partial = try Terminal(MeditateTests.shell("haven meditate 1m --log-partial"), environment: env)
        try partial.wait(for: "00:59 left")
        try partial.send("C-c")
        let screen = try partial.wait(for: "EXIT=130")
        XCTAssertTrue(screen.contains("Meditation: 0.0"), screen)
        let logged = try entries(env)
        XCTAssertEqual(logged.count, 1)
        XCTAssertEqual(logged.first?["source"] as? String, "timer")
        XCTAssertGreaterThan(logged.first?["value"] as? Double ?? 0, 0)
    }

    /// A length remembered by `meditate` before practices existed still counts.
    func testTheLengthMeditateRememberedBeforePracticesStillCounts() throws {
        let home = TemporaryDirectory().write(["trackers/meditation.yaml": "extends: core/meditation\n",
                                               "meditate": "1\n"])
        let run = HavenProcess.run(["meditate"], environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"])
        XCTAssertEqual(run.stderr, "\u{07}Open meditation · Sitting · 00:01\n\u{07}")
        XCTAssertEqual(run.status, 0)
    }

    func testADurationThatCannotBeReadSaysHowToWriteOne() {
        let home = TemporaryDirectory().write(["trackers/meditation.yaml": "extends: core/meditation\n"])
        let run = HavenProcess.run(["meditate", "10x"], environment: ["HAVEN_HOME": home.path])
        XCTAssertEqual(run.stderr, "haven: error: cannot read the duration '10x'; write it as 10m, 90s, 1h or 1m30s "
            + "(at most 24h), or as minutes\n")
        XCTAssertEqual(run.status, 64)
    }
}
