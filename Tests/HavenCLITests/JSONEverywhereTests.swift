import Foundation
import TestSupport
import XCTest

/// `--json` on every command (#13, item 7): each command `haven help`
/// knows, run with `--json` in a home with something in it, prints JSON
/// that parses (JSON Lines for `export json`), with the keys
/// `docs/json.md` shows for it. A command added without a case here, or
/// without its example there, fails the test. `HAVEN_WRITE_JSON_DOC=1`
/// writes the examples of docs/json.md afresh from what the commands print.
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
            "trackers/meditation.yaml": "extends: core/meditation\n",
            "trackers/mood.yaml": "extends: core/mood\n",
            "practices/quick-breath.yaml": "name: Quick breath\nkind: breathing\nphases:\n  - breathe: { in: 0.5, out: 0.5 }\n"
                + "    cycles: 1\nlogs: { tracker: meditation, value: minutes }\n",
            "practices/quick-round.yaml": "name: Quick round\nkind: workout\nphases:\n  - repeat: 1\n"
                + "    phases: [{ work: 1s }]\nlogs: { tracker: gym, value: rounds }\n",
        ])
        let files = TemporaryDirectory().write([
            "evenings/pack.yaml": "id: evenings\nname: Evenings\nversion: 1.0.0\n",
            "evenings/trackers/read.yaml": "name: Read\n",
            "harsh/habits": ImportFixtures.harshHabits, "harsh/log": ImportFixtures.harshLog,
            // `remind install` asks systemd; this one agrees to everything.
            "bin/systemctl": "#!/bin/sh\nexit 0\n",
        ])
        chmod(files.path + "/bin/systemctl", 0o755)
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
            ("report", ["report", "--out", "\(f)/report.html"], nil), ("meditate", ["meditate", "1s"], nil),
            ("practice", ["practice", "open", "--duration", "1s"], nil), ("breathe", ["breathe", "quick-breath"], nil),
            ("workout", ["workout", "quick-round"], nil),
            ("entries", ["entries", "water"], nil), ("edit", ["edit", "1", "--note", "morning"], nil),
            ("skip", ["skip", "gym", "2026-03-11"], nil), ("freezes", ["freezes"], nil),
            ("unskip", ["unskip", "gym", "2026-03-11"], nil), ("freeze grant", ["freeze", "grant", "gym", "1"], nil),
            ("stats", ["stats", "water", "--by", "weekday"], nil),
 ("todo", ["todo"], nil), ("today", ["today"], nil),
            ("due", ["due"], nil), ("pick", ["pick", "--print"], nil), ("pick", ["pick", "--choose", "water:add:1"], nil),
            ("bar", ["bar", "--format", "waybar"], nil), ("checkin", ["checkin"], ""), ("remind now", ["remind"], nil),
            ("remind install", ["remind", "install"], nil), ("remind uninstall", ["remind", "uninstall"], nil),
            ("mode", ["mode", "doomscrolling", "avoidance", "--yes"], nil),
            ("archive", ["archive", "gym"], nil), ("unarchive", ["unarchive", "gym"], nil),
            ("backup", ["backup", "\(f)/backup.db"], nil),
            ("order", ["order", "water", "gym"], nil), ("move", ["move", "water", "bottom"], nil),
            ("add", ["add", "core/stretching"], nil), ("new", ["new"], "\n\nPlank\n\n\n\n\n\n\n\n\n"),
            ("configure", ["configure", "water"], nil), ("remove", ["remove", "stretching", "--yes"], nil), ("trackers", ["trackers"], nil), ("show", ["show", "water"], nil),
            ("validate", ["validate"], nil), ("log", ["log", "water", "1"], nil), ("delete", ["delete", "3"], nil),
            ("undo", ["undo"], nil),
            ("insights", ["insights", "mood"], nil), ("insights", ["insights", "mood", "--with", "meditation"], nil),
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
        // The commands that need a haven-server are run against a real one by
        // the server package's SyncJSONTests, against the same docs/json.md.
        let serverCommands: Set = ["sync now", "sync login", "sync status", "sync key", "sync pair", "sync logout", "sync devices",
                                   "sync revoke", "conflicts list",
                                   "conflicts keep"]
        XCTAssertEqual(Set(steps.map(\.path)).union(serverCommands), try commandPaths(), "every command has a step")
        let record = ProcessInfo.processInfo.environment["HAVEN_WRITE_JSON_DOC"] == "1"
        let documented = try JSONDoc.examples(try String(contentsOfFile: JSONDoc.path, encoding: .utf8))
        var written: [(path: String, command: String, output: String)] = []
        let environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1",
                           "EDITOR": "true", "XDG_CONFIG_HOME": files.path + "/config", "PATH": files.path + "/bin:/usr/bin:/bin"]
        for (path, arguments, input) in steps {
            if path == "insights", arguments.count == 2 {
                // Three weeks of mood and meditation before the day of the steps, for insights to find something in.
                let weeks = (1...21).flatMap { back in
                    let day = String(format: "2026-02-%02d", 28 - back + 1)
                    return ["log mood \(back % 3 == 0 ? "great" : "okay") --at \"\(day) 21:00\" --note \"slept well\"",
                            "log meditation \(back % 2 == 0 ? 10 : 1) --at \"\(day) 07:30\""]
                }
                XCTAssertEqual(HavenProcess.run([], environment: environment, input: weeks.joined(separator: "\n") + "\n").status, 0)
            }
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
            } else {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed),
                                 "\(arguments.joined(separator: " ")) printed: \(result.stdout)")
            }
            // Shown as a person's own paths would be.
            func mine(_ text: String) -> String {
                var text = text
                for (real, shown) in [(home.path, "~/.config/haven"), (f, "~/files")] {
                    text = text.replacingOccurrences(of: real, with: shown)
                        .replacingOccurrences(of: real.replacingOccurrences(of: "//", with: "/"), with: shown)
                }
                return text
            }
            let shown = mine("haven " + (arguments + ["--json"]).joined(separator: " "))
            let output = mine(result.stdout)
            written.append((path, shown, output))
            guard !record else { continue }
            guard let example = documented[shown] else {
                XCTFail("docs/json.md has no example for '\(shown)'")
                continue
            }
            XCTAssertEqual(JSONDoc.shape(example), JSONDoc.shape(output), "the keys of '\(shown)' differ from docs/json.md")
        }
        if record { try JSONDoc.write(written) }
    }
}

/// docs/json.md: one example per command, `$ haven … --json` and the JSON it prints.
enum JSONDoc {
    static let path = Repository.root + "/docs/json.md"

    /// Each example's command line (without "$ ") and its JSON.
    static func examples(_ text: String) throws -> [String: String] {
        var examples: [String: String] = [:]
        let blocks = text.components(separatedBy: "```console\n").dropFirst()
        for block in blocks {
            guard let end = block.range(of: "\n```") else { continue }
            let lines = block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.first, first.hasPrefix("$ ") else { continue }
            examples[String(first.dropFirst(2))] = lines.dropFirst().joined(separator: "\n") + "\n"
        }
        return examples
    }

    /// The keys of a JSON text, at every depth ("a.b", "list[].c"), for
    /// comparing an example with what the command prints now.
    static func shape(_ json: String) -> Set<String> {
        var keys = Set<String>()
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    keys.insert(prefix + key)
                    walk(inner, prefix + key + ".")
                }
            } else if let array = value as? [Any] {
                for inner in array { walk(inner, prefix + "[].") }
            }
        }
        // JSON Lines (export json): every line.
        for line in json.hasPrefix("{\"format\"") ? json.split(separator: "\n").map(String.init) : [json] {
            if let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) {
                walk(value, "")
            }
        }
        return keys
    }

    static func write(_ examples: [(path: String, command: String, output: String)]) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let head = text.components(separatedBy: "\n## Examples\n").first ?? text
        // The examples of the commands that need a server are the server tests' (kept as they are).
        let tail = text.range(of: "\n## With a sync server\n").map { String(text[$0.lowerBound...]) } ?? ""
        var body = head + "\n## Examples\n"
        var seen = Set<String>()
        for (path, command, output) in examples where !seen.contains(command) {
            let first = !seen.contains(where: { $0.hasPrefix(path + "\u{0}") })
            seen.insert(command)
            seen.insert(path + "\u{0}")
            body += (first ? "\n### `haven " + path + "`\n" : "") + "\n```console\n$ " + command + "\n" + output + "```\n"
        }
        try (body + tail).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
