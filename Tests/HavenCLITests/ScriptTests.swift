import Foundation
import TestSupport
import XCTest

/// `haven` with piped input: one command per line, no prompt.
final class ScriptTests: XCTestCase {
    func testTwentyCommandsWithOneBadLineRunEveryLine() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/noalc.yaml": "extends: core/noalc\n"])
        var lines = (1...10).map { _ in "water +1" }
        lines += ["noalc steady", "log water --note \"with lunch\"", "status", "# a comment", ""]
        lines += ["log noalc stedy"]                     // line 16: the bad one
        lines += ["wat 2", "streak water --json", "entries water --days 1", "undo"]
        XCTAssertEqual(lines.count, 20)
        let result = HavenProcess.run([], environment: ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-01 21:30",
                                                        "NO_COLOR": "1"],
                                      input: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: line 16: error: 'noalc' has no level 'stedy' (did you mean 'steady'?); "
            + "its levels are steady, easy, wild; for example: haven log noalc steady\n")
        XCTAssertFalse(result.stdout.contains("haven>"), "no prompt when piped")
        XCTAssertTrue(result.stdout.contains("Drink Water: 10/8 glasses today · streak 1\n"))
        XCTAssertTrue(result.stdout.contains("Drink Water: 13/8 glasses today · streak 1\n"), "the lines after it ran")
        XCTAssertTrue(result.stdout.hasSuffix("Entry 13 undone: water 2026-03-01 21:30  day 2026-03-01  2\n"),
                      result.stdout)
    }

    func testACleanScriptExitsZeroAndQuitStopsIt() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let result = HavenProcess.run([], environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"],
                                      input: "water +1\nquit\nwater +1\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "Drink Water: 1/8 glasses today · streak 0\n")
    }

    func testAmbiguousPrefixListsTheCandidates() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/walking.yaml": "extends: core/walking\n"])
        let result = HavenProcess.run([], environment: ["HAVEN_HOME": home.path], input: "wa\n")
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "haven: line 1: error: 'wa' could be walking, water; type more of the id\n")
    }
}
