import Foundation
import TestSupport
import XCTest

/// Times and days as people type them (#30): `--at 9:00`, `--at 21:30`,
/// `--at yesterday`, `--at "yesterday 22:00"`, `--at -2h`, `--at -1d`,
/// `--day yesterday`, and `today`, `yesterday`, `-3d` wherever a day is
/// taken; a refusal names the forms it takes.
final class TimeFormsTests: XCTestCase {
    private let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                                   "trackers/noalc.yaml": "extends: core/noalc\n"])

    private func haven(_ arguments: [String]) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-10 09:15").run(arguments)
    }

    func testShortTimesAndDaysLogWhereTheySay() throws {
        for at in ["8:00", "yesterday", "yesterday 22:00", "gestern 23:30", "-1d", "-2h", "-45m", "today 07:05"] {
            XCTAssertEqual(haven(["log", "water", "--at", at]).status, 0, at)
        }
        XCTAssertEqual(haven(["log", "noalc", "steady", "--day", "yesterday"]).stdout,
                       "NoAlc: Steady today · streak 1 · 0 jokers\n")
        XCTAssertEqual(haven(["log", "noalc", "easy", "--day", "-3d"]).stdout,
                       "NoAlc: logged for 2026-03-07 · Steady today · streak 1 · 0 jokers\n")
        func times(_ id: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(haven(["entries", id, "--days", "7", "--json"]).stdout.utf8))
            return ((json as? [[String: Any]]) ?? []).map { "\(id) \($0["at"]!) \($0["day"]!)" }.sorted()
        }
        XCTAssertEqual(try times("noalc"), ["noalc 2026-03-08T06:00:00Z 2026-03-07", "noalc 2026-03-10T06:00:00Z 2026-03-09"])
        XCTAssertEqual(try times("water"), [
            "water 2026-03-09T09:15:00Z 2026-03-09", "water 2026-03-09T09:15:00Z 2026-03-09",
            "water 2026-03-09T22:00:00Z 2026-03-09", "water 2026-03-09T23:30:00Z 2026-03-09",
            "water 2026-03-10T07:05:00Z 2026-03-10", "water 2026-03-10T07:15:00Z 2026-03-10",
            "water 2026-03-10T08:00:00Z 2026-03-10", "water 2026-03-10T08:30:00Z 2026-03-10",
        ])
        XCTAssertEqual(haven(["history", "water", "--from", "yesterday"]).stdout,
                       "2026-03-09   broken    streak 0   jokers 0\n2026-03-10   pending   streak 0   jokers 0\n")
        XCTAssertEqual(haven(["skip", "water", "--from", "-1d", "--to", "today"]).stdout, "Frozen for water: 2026-03-09..2026-03-10 (2 days).\n")
    }

    func testARefusalNamesTheFormsItTakes() {
        let refused: [([String], String)] = [
            (["log", "water", "--at", "25:00"], "cannot read the time '25:00'; write it as \"YYYY-MM-DD HH:MM\", HH:MM "
                + "(today), yesterday, \"yesterday 22:00\", -2h or -1d, for example --at \"2026-03-01 21:30\""),
            (["log", "water", "--at", "21:30"], "--at 21:30 is in the future; Haven logs what already happened (now is "
                + "2026-03-10 09:15)"),
            (["log", "water", "--day", "tomorrow"], "cannot read 'tomorrow'; write a day as YYYY-MM-DD, today, yesterday "
                + "or -3d, or a range as 2026-08-01..2026-08-14"),
            (["log", "noalc", "wild", "--day", "today"], "--day 2026-03-10 has not begun yet; Haven logs what already "
                + "happened (today is 2026-03-09)"),
            (["log", "water", "--day", "today", "--at", "8:00"], "give --at or --day, not both; for example: haven log "
                + "water --day yesterday"),
            (["export", "csv", "--from", "soon"], "--from takes a day like 2026-03-01, today, yesterday or -3d, not 'soon'"),
        ]
        for (arguments, message) in refused {
            let result = haven(arguments)
            XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "haven: error: \(message)\n", arguments.joined(separator: " "))
        }
    }
}
