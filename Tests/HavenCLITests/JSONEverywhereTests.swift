import Foundation
import TestSupport
import XCTest

/// `--json` on every command (#13, item 7): each command `haven help`
/// knows, run with `--json` in a home with something in it, prints JSON
/// that parses (JSON Lines for `export json`). A command added without a
/// case here fails the test.
final class JSONEverywhereTests: XCTestCase {
    /// Every command path, as `--experimental-dump-help` lists them.
    private func commandPaths() throws -> Set<String> {
        let dump = HavenProcess.run(["--experimental-dump-help"])
        let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as! [String: Any]
        func walk(_ command: [String: Any], _ path: [String]) -> [String] {
            let subs = (command["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
            if subs.isEmpty { return [path.joined(separator: " ")] }
            return subs.flatMap { walk($0, path + [$0["commandName"] as! String]) }
        }
        return Set(walk(tool["command"] as! [String: Any], []))
    }

    func testEveryCommandAnswersInJSON() throws {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "trackers/gym.yaml": "name: Gym\nfreezes: { start: 1, max: 3 }\nreminder: { at: \"07:00\" }\n",
        ])
        let files = TemporaryDirectory().write([
            "evenings/pack.yaml": "id: evenings\nname: Evenings\nversion: 1.0.0\n",
            "evenings/trackers/read.yaml": "name: Read\n",
            "harsh/habits": ImportFixtures.harshHabits, "harsh/log": ImportFixtures.harshLog,
        ])
        ImportFixtures.loopBackup(files.path + "/loop.db")
        try AppleHealthFixture.document(AppleHealthFixture.record(
            "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", source: "NoAlc", start: "2026-03-10 00:00:00 +0000",
            value: "0")).write(toFile: files.path + "/export.xml", atomically: true, encoding: .utf8)
        let f = files.path
        // In order: each command with what it needs, and input for the one that asks.
        let steps: [(path: String, arguments: [String], input: String?)] = [
            ("log", ["log", "water", "3"], nil), ("log", ["log", "gym"], nil), ("status", ["status"], nil),
            ("streak", ["streak", "water"], nil), ("streaks", ["streaks"], nil), ("history", ["history", "water"], nil),
            ("rewards", ["rewards"], nil), ("calendar", ["calendar"], nil), ("calendar", ["calendar", "water"], nil),
            ("entries", ["entries", "water"], nil), ("edit", ["edit", "1", "--note", "morning"], nil),
            ("skip", ["skip", "gym", "2026-03-11"], nil), ("freezes", ["freezes"], nil),
            ("unskip", ["unskip", "gym", "2026-03-11"], nil), ("freeze grant", ["freeze", "grant", "gym", "1"], nil),
            ("stats", ["stats", "water", "--by", "weekday"], nil), ("todo", ["todo"], nil), ("today", ["today"], nil),
            ("due", ["due"], nil), ("checkin", ["checkin"], ""), ("mode", ["mode", "doomscrolling", "avoidance", "--yes"], nil),
            ("order", ["order", "water", "gym"], nil), ("move", ["move", "water", "bottom"], nil),
            ("add", ["add", "core/stretching"], nil), ("new", ["new"], "Plank\n\n\n\n\n\n\n\n\n"),
            ("configure", ["configure", "water"], nil), ("remove", ["remove", "stretching", "--yes"], nil), ("trackers", ["trackers"], nil), ("show", ["show", "water"], nil),
            ("validate", ["validate"], nil), ("log", ["log", "water", "1"], nil), ("delete", ["delete", "3"], nil),
            ("undo", ["undo"], nil),
            ("pack install", ["pack", "install", "\(f)/evenings", "--yes"], nil), ("pack list", ["pack", "list"], nil),
            ("pack untrust", ["pack", "untrust", "evenings"], nil), ("pack trust", ["pack", "trust", "evenings", "--yes"], nil),
            ("pack update", ["pack", "update", "evenings", "--yes"], nil),
            ("pack rollback", ["pack", "rollback", "evenings"], nil),
            ("pack remove", ["pack", "remove", "evenings", "--yes"], nil),
            ("pack export", ["pack", "export", "--name", "mine", "--out", "\(f)/mine"], nil),
            ("pack new", ["pack", "new", "fresh"], nil),
            ("export json", ["export", "json"], nil), ("export csv", ["export", "csv"], nil),
            ("export health", ["export", "health"], nil), ("export loop", ["export", "loop", "\(f)/out.db"], nil),
            ("import haven", ["import", "haven", "\(f)/history.jsonl"], nil), ("import loop", ["import", "loop", "\(f)/loop.db"], nil),
            ("import harsh", ["import", "harsh", "\(f)/harsh"], nil),
            ("import apple-health", ["import", "apple-health", "\(f)/export.xml"], nil),
        ]
        XCTAssertEqual(Set(steps.map(\.path)), try commandPaths(), "every command has a step")
        let environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1",
                           "EDITOR": "true"]
        for (path, arguments, input) in steps {
            if path == "pack update" {
                // A new version in the folder the pack came from, so that update has something to do.
                files.write(["evenings/pack.yaml": "id: evenings\nname: Evenings\nversion: 1.1.0\n"])
            }
            let result = HavenProcess.run(arguments + ["--json"], environment: environment, directory: f, input: input)
            XCTAssertEqual(result.status, 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
            if path == "export json" {
                try result.stdout.write(toFile: f + "/history.jsonl", atomically: true, encoding: .utf8)
                for line in result.stdout.split(separator: "\n") {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), "\(path): \(line)")
                }
                continue
            }
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed),
                             "\(arguments.joined(separator: " ")) printed: \(result.stdout)")
        }
    }
}
