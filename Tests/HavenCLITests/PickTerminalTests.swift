import Foundation
import TestSupport
import XCTest

/// `haven pick` in a terminal (SPEC §15): fzf in a tmux pane shows the
/// lines in the documented order for a history of known shape, a few
/// letters and Enter log exactly that action, Esc logs nothing and exits 1
/// without a word, and `--then trigger` asks what set a moment off.
final class PickTerminalTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        try requirePrograms("fzf", "tmux")
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "trackers/mood.yaml": "extends: core/mood\n",
        ])
        // Water at four in the afternoon on ten days, mood at nine in the evening on five.
        for day in 1...9 { try log(["water", "+1", "--at", "2026-03-0\(day) 16:\(10 + day)"]) }
        try log(["water", "+1", "--at", "2026-02-20 16:45"])
        for day in 4...8 { try log(["mood", "good", "--at", "2026-03-0\(day) 21:05"]) }
        try log(["doomscrolling", "--trigger", "boredom", "--at", "2026-03-09 09:00"])
        try log(["doomscrolling", "--trigger", "after work", "--at", "2026-03-09 18:00"])
    }

    private func environment(_ now: String = "2026-03-10 16:20") -> [String: String] {
        ["HAVEN_HOME": home.path, "HAVEN_NOW": now, "TZ": "UTC", "NO_COLOR": "1", "LANG": "C.UTF-8",
         "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
    }

    private func log(_ arguments: [String]) throws {
        let run = HavenProcess.run(["log"] + arguments, environment: environment())
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    private func entries(_ tracker: String) throws -> [[String: Any]] {
        let run = HavenProcess.run(["entries", tracker, "--days", "60", "--json"], environment: environment())
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    private func shell(_ arguments: String) -> [String] {
        ["sh", "-c", HavenProcess.binary + " pick " + arguments + "; echo EXIT=$?; sleep 60"]
    }

    static let atFour = [
        "💧 Drink Water · +1 (0/8)",
        "📱 Doomscrolling · noticed",
        "😊 Mood · 😢 Awful", "😊 Mood · 😕 Bad", "😊 Mood · 😐 Okay", "😊 Mood · 🙂 Good", "😊 Mood · 😊 Great",
        "🤸 Stretching · done",
    ]

    func testTheLinesFollowTheHourOfTheDayAndAFewLettersAndEnterLogThatAction() throws {
        XCTAssertEqual(HavenProcess.run(["pick", "--print"], environment: environment()).stdout,
                       PickTerminalTests.atFour.joined(separator: "\n") + "\n", "water is what happens at four")
        XCTAssertEqual(HavenProcess.run(["pick", "--print"], environment: environment("2026-03-10 21:30")).stdout
                           .split(separator: "\n").first, "😊 Mood · 🙂 Good", "and a good mood at nine")

        let terminal = try Terminal(shell(""), environment: environment())
        let screen = try terminal.wait(for: "Stretching · done")
        XCTAssertTrue(screen.contains("Log ›"), screen)
        let shown = screen.split(separator: "\n").map(String.init)
        let rows = PickTerminalTests.atFour.map { line in shown.firstIndex { $0.hasSuffix(line) } ?? -1 }
        XCTAssertEqual(rows, rows.sorted(), screen)
        XCTAssertFalse(rows.contains(-1), screen)
        XCTAssertTrue(shown[rows[0]].hasPrefix(">"), "Enter takes the first line: \(screen)")
        try terminal.type("stre")
        try terminal.wait(for: "1/8")  // the list narrowed
        try terminal.send("Enter")
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Stretching: done today · streak 1"), done)
        XCTAssertEqual(try entries("stretching").map { $0["source"] as? String }, ["quick"])
        XCTAssertEqual(try entries("water").count, 10)
    }

    func testEscLogsNothingAndExitsOneWithoutAWord() throws {
        let terminal = try Terminal(shell(""), environment: environment())
        try terminal.wait(for: "Stretching · done")
        try terminal.send("Escape")
        let left = try terminal.wait(for: "EXIT=1")
        XCTAssertFalse(left.contains("haven"), left)
        XCTAssertEqual(try entries("stretching").count, 0)
        XCTAssertEqual(try entries("doomscrolling").count, 2)
    }

    func testThenTriggerOffersTheRecentTriggersAndTakesATypedOne() throws {
        let terminal = try Terminal(shell("--then trigger"), environment: environment())
        try terminal.wait(for: "Stretching · done")
        try terminal.type("doom")
        try terminal.send("Enter")
        let triggers = try terminal.wait(for: "Trigger ›")
        let shown = triggers.split(separator: "\n").map(String.init)
        let rows = ["after work", "boredom"].map { line in shown.firstIndex { $0.hasSuffix(line) } ?? -1 }
        XCTAssertEqual(rows, rows.sorted(), triggers)
        XCTAssertFalse(rows.contains(-1), triggers)
        try terminal.type("bore")
        try terminal.send("Enter")
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Doomscrolling: noticed 1× today"), done)

        let typed = try Terminal(shell("--then trigger"), environment: environment())
        try typed.wait(for: "Stretching · done")
        try typed.type("doom")
        try typed.send("Enter")
        try typed.wait(for: "Trigger ›")
        try typed.type("lonely")
        try typed.send("Enter")
        try typed.wait(for: "EXIT=0")
        XCTAssertEqual(try entries("doomscrolling").map { $0["trigger"] as? String },
                       ["boredom", "after work", "boredom", "lonely"])
        XCTAssertEqual(try entries("doomscrolling").map { $0["source"] as? String }, ["cli", "cli", "quick", "quick"])
    }
}
