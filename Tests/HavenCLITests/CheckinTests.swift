import Foundation
import TestSupport
import XCTest

/// `checkin` with piped input lists what is still open and what to type.
final class CheckinTests: XCTestCase {
    func testPipedCheckinListsTheOpenTrackers() {
        let home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n", "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "trackers/sugar.yaml": "name: No sugar\ntype: saboteur\nmode: avoidance\n",
        ])
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-02 21:00", "TZ": "UTC", "NO_COLOR": "1"]
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: env).status, 0)
        let result = HavenProcess.run(["checkin"], environment: env)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            Still open today:
              NoAlc           not logged yet today        haven log noalc steady|easy|wild
              Doomscrolling   nothing noticed yet today   haven log doomscrolling
              No sugar        clear so far today          haven log sugar   (a relapse)
              Drink Water     0/8 glasses today           haven log water +1

            """)
        for command in [["log", "noalc", "steady"], ["log", "water", "8"], ["log", "doomscrolling"], ["log", "sugar"]] {
            XCTAssertEqual(HavenProcess.run(command, environment: env).status, 0)
        }
        XCTAssertEqual(HavenProcess.run(["checkin"], environment: env).stdout, "Nothing open today. Good night.\n")
    }

    /// On a terminal each level is a button in the origin app's colours,
    /// with its icon; NO_COLOR leaves words only, in English and German.
    func testOnATerminalLevelsAreColouredButtonsWithIconsAndNoColorLeavesWords() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        func checkin(_ extra: [String: String]) throws -> Terminal {
            try Terminal([HavenProcess.binary, "checkin"], environment: [
                "HAVEN_HOME": home.path, "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8",
                "HAVEN_NOW": "2026-03-02 21:00", "TZ": "UTC",
            ].merging(extra) { $1 })
        }
        let coloured = try checkin([:])
        try coloured.wait(for: "[q] stop")
        let screen = try coloured.screen(colors: true)
        XCTAssertTrue(screen.contains("\u{1B}[32m💧 Steady"), screen)
        XCTAssertTrue(screen.contains("\u{1B}[33m✨ Easy"), screen)
        XCTAssertTrue(screen.contains("\u{1B}[31m💥 Wild"), screen)
        try coloured.send("q")

        let plain = try checkin(["NO_COLOR": "1"])
        let words = try plain.wait(for: "[q] stop")
        XCTAssertTrue(words.contains("""
            NoAlc: not logged yet today
              [1] Steady  [2] Easy  [3] Wild  [s] skip (freeze)  [Enter] leave open  [q] stop
            """), words)
        XCTAssertFalse(try plain.screen(colors: true).contains("\u{1B}["), "no colour")
        try plain.send("q")

        let german = try checkin(["NO_COLOR": "1", "LANG": "de_DE.UTF-8"])
        let deutsch = try german.wait(for: "[q] ")
        XCTAssertTrue(deutsch.contains("  [1] Kaum  [2] Überschaubar  [3] Party  [s] "), deutsch)
        try german.send("q")
    }

    /// Ctrl-C ends the check-in in the REPL too, and the REPL goes on (#30).
    func testCtrlCEndsTheCheckinInTheREPL() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let repl = try Terminal([HavenProcess.binary], environment: [
            "HAVEN_HOME": home.path, "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8",
            "HAVEN_NOW": "2026-03-02 21:00", "TZ": "UTC", "NO_COLOR": "1",
        ])
        try repl.wait(for: "haven>")
        try repl.type("checkin")
        try repl.send("Enter")
        try repl.wait(for: "[q] stop")
        try repl.send("C-c")
        try repl.type("status")
        try repl.send("Enter")
        let screen = try repl.wait(for: "haven> status\nNoAlc   not logged yet today")
        XCTAssertFalse(screen.contains("Steady today"), screen)
    }
}
