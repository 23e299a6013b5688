import Foundation
import TestSupport
import XCTest

/// `haven log` and the `ID VALUE` shorthand skip ArgumentParser for the
/// lines people type every day (#14). Every case here runs both ways, in
/// two homes, and must print, exit and store the same.
final class LogFastPathTests: XCTestCase {
    func testEveryLogLineActsTheSameWithAndWithoutTheParser() {
        let files = [
            "trackers/water.yaml": "extends: core/water\nsince: 2026-03-01\n",
            "trackers/noalc.yaml": "extends: core/noalc\nsince: 2026-03-01\n",
            "trackers/stretching.yaml": "name: Stretching\nsince: 2026-03-01\n",
            "trackers/snacking.yaml": "name: Snacking\ntype: saboteur\nsince: 2026-03-01\n",
        ]
        let quick = TemporaryDirectory().write(files), full = TemporaryDirectory().write(files)
        let cases: [[String]] = [
            ["log", "water", "2"], ["log", "water", "+1", "--note", "after the run"], ["log", "water", "abc"],
            ["log", "water", "1", "2"], ["log", "water", "--at", "2026-03-10 08:00"], ["log", "water", "1", "--at", "later"],
            ["log", "water", "1", "--at", "2026-03-11 08:00"], ["log", "noalc", "wild", "--json"],
            ["log", "noalc", "--health", "4"], ["log", "noalc", "wild", "--health", "4"], ["log", "noalc", "--health", "x"],
            ["log", "noalc", "--health", "-1"], ["log", "noalc", "wld"], ["log", "noalc"], ["log", "wter", "1"],
            ["log", "nothing"], ["log"], ["log", "--help"], ["log", "-h"], ["log", "water", "-3"],
            ["log", "water", "1", "--note"], ["log", "water", "1", "--note", "a", "--note", "b"],
            ["log", "water", "--json", "--no-color", "1"], ["log", "--lang", "de", "water", "abc"],
            ["log", "water", "1", "--bogus", "x"], ["log", "water", "--note=x", "1"], ["log", "water", "1", "--"],
            ["log", "snacking", "--trigger", "boredom"], ["log", "snacking", "--trigger", "a\u{1B}[2Jb"],
            ["log", "stretching", "1"], ["log", "stretching"], ["log", "stretching", "--json", "--json"],
            ["log", "water", "1", "--note", "\u{202E}x"], ["log", "water", "1", "--at", "2026-03-10 09:00", "--lang", "de"],
            ["log", "water", "0.5"], ["log", "water", "1000001"], ["log", "--now", "2026-03-10 21:00", "water", "1"],
            ["log", "water", "1", "--home"], ["water", "+1"], ["wat", "2", "--note", "x"], ["noalc", "steady"],
            ["wa", "1", "--json"], ["--lang", "de", "water", "x"], ["log", "water", "1", "--note", ""],
        ]
        for arguments in cases {
            func run(_ home: TemporaryDirectory, full: Bool) -> HavenProcess.Result {
                HavenProcess.run(arguments, environment: [
                    "HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1",
                ].merging(full ? ["HAVEN_TEST_FULL_PARSER": "1"] : [:]) { $1 })
            }
            let a = run(quick, full: false), b = run(full, full: true)
            let line = arguments.joined(separator: " ")
            XCTAssertEqual(a.status, b.status, line)
            XCTAssertEqual(stripUUIDs(a.stdout), stripUUIDs(b.stdout), line)
            XCTAssertEqual(a.stderr.replacingOccurrences(of: quick.path, with: "HOME"),
                           b.stderr.replacingOccurrences(of: full.path, with: "HOME"), line)
        }
        let rows = "SELECT tracker, instant, zone, utc_offset, day, value, level, note, trigger, source FROM entry ORDER BY id"
        XCTAssertEqual(SQLite.run(quick.path + "/haven.db", rows), SQLite.run(full.path + "/haven.db", rows))
        XCTAssertEqual(SQLite.run(quick.path + "/haven.db", "SELECT count(*) FROM entry"), "18")
    }

    private func stripUUIDs(_ text: String) -> String {
        text.replacingOccurrences(of: #""uuid": "[0-9a-f-]{36}""#, with: "\"uuid\": \"…\"", options: .regularExpression)
    }
}
