import Foundation
import TestSupport
import XCTest

/// `validate`'s diagnostics in German (#32): the words around a file's keys,
/// values and paths, which stay as written; JSON stays English (D310, D329).
final class GermanDiagnosticsTests: XCTestCase {
    static let german = ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1"]

    func testValidateSaysATrackerFilesProblemsInGerman() {
        let pack = TemporaryDirectory().write([
            "trackers/water.yaml": """
                name: Water
                input: counter
                goal: { at_least: 8, at_most: 3 }
                reminder: { at: "21:30", days: [mon, mon] }
                streak: { period: weekly }
                colour: blue

                """,
        ])
        let result = HavenProcess.run(["validate", "."], environment: GermanDiagnosticsTests.german,
                                      directory: pack.path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            trackers/water.yaml:2:8: Fehler: input 'counter' ist unbekannt (meintest du 'count'?)
                input: counter
                       ^~~~~~~
            trackers/water.yaml:3:22: Fehler: ein Ziel ist entweder at_least oder at_most, nicht beides
                goal: { at_least: 8, at_most: 3 }
                                     ^~~~~~~
            trackers/water.yaml:4:38: Fehler: 'mon' steht zweimal da
                reminder: { at: "21:30", days: [mon, mon] }
                                                     ^~~
            trackers/water.yaml:5:19: Fehler: period 'weekly' ist unbekannt (meintest du 'week'?)
                streak: { period: weekly }
                                  ^~~~~~
            trackers/water.yaml:6:1: Fehler: ein Tracker kennt keinen Schlüssel 'colour'; gültige Schlüssel: id, \
            name, icon, type, mode, input, unit, goal, levels, day_boundary, streak, rewards, freezes, reminder, \
            health, pinned, archived, extends, hooks, since
                colour: blue
                ^~~~~~
            5 Probleme gefunden

            """)
        // JSON is for programs: its messages stay English.
        let json = HavenProcess.run(["validate", ".", "--json"], environment: GermanDiagnosticsTests.german,
                                    directory: pack.path)
        XCTAssertTrue(json.stdout.contains(#""message": "unknown input 'counter' (did you mean 'count'?)""#),
                      json.stdout)
    }

    /// Every kind of file with many kinds of problem: no line of a message
    /// keeps an English word or a phrase without German (⟦…⟧).
    func testEveryKindOfProblemIsSaidInGerman() {
        let pack = TemporaryDirectory().write([
            "pack.yaml": "version: one\nhaven: \"^9.0\"\nrequires: { Bad: \"x\" }\n",
            "levels/x.yaml": """
                levels:
                  - { key: a, label: A, health_range: [5, 1] }
                  - { key: a, label: B, icon: abcdefghijkl }
                  - { key: Bad, label: C }

                """,
            "trackers/water.yaml": """
                name: Water
                input: count
                goal: { at_least: 8, at_most: 3 }
                reminder:
                  - at: "25:00"
                  - { at: "20:00", days: [mon, mon], until: later }
                streak: { period: { rolling: 3 }, times: 5, milestones: [10, 5] }
                freezes: { max: 2, start: 5 }
                pinned: maybe
                day_boundary: "4"
                health: { unit: ml }
                colour: red

                """,
            "trackers/check.yaml": """
                name: Check
                mode: avoidance
                unit: ml
                streak: { times: 40, period: month, relapse: reset }
                reminder: [{ at: "20:00", until: goal }, { at: "20:00" }, { days: [mon] }]

                """,
            "trackers/levels.yaml": "name: L\ninput: levels\nlevels: core/nolac\n",
            "trackers/e.yaml": "extends: core/watr\nname: { fr: Eau }\nsince: 2026-13-01\nhooks: ../x.lua\n",
            "trackers/tab.yaml": "name: T\n\tinput: check\n",
            "trackers/f.yml": "name: F\n",
            "presets/p1.yaml": "id: x\nextends: local/p2\nname: P\n",
            "presets/p2.yaml": "extends: local/p1\n",
            "practices/b.yaml": """
                name: B
                kind: breathing
                phases:
                  - repeat: 2
                  - breathe: { in: 4, out: 70, cycles: 3, duration: 1m }
                logs: { tracker: check, value: minutes, of: [work] }

                """,
            "practices/Bad Name.yaml": "name: X\n",
        ])
        let result = HavenProcess.run(["validate", "."], environment: GermanDiagnosticsTests.german,
                                      directory: pack.path)
        XCTAssertEqual(result.status, 65)
        let messages = result.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("    ") }
        XCTAssertGreaterThan(messages.count, 30, result.stderr)
        XCTAssertTrue(messages.allSatisfy { $0.contains(": Fehler: ") || $0.contains(": Warnung: ")
                                            || $0.hasSuffix(" Probleme gefunden") }, result.stderr)
        let leaks = messages.compactMap { line in GermanDiagnosticsTests.english(in: line).map { "'\($0)' in \(line)" } }
        XCTAssertEqual(leaks, [], leaks.joined(separator: "\n"))
    }

    /// Function words German never holds, outside quotes, paths, keys
    /// (`day_boundary`, `at:`) and what libyaml says in its own words.
    static let englishWords: Set<String> = [
        "the", "your", "is", "are", "and", "with", "not", "must", "be", "a", "an", "of", "to", "or", "unknown",
        "needs", "only", "has", "this", "one", "use", "write", "file", "key", "keys", "value", "valid", "did", "you",
        "mean", "error", "warning", "problems", "found", "could", "loaded", "first", "more", "than", "least",
        "from", "either", "both", "such", "as", "like", "its", "number", "text", "list", "mapping", "listed", "twice",
    ]

    static func english(in line: String) -> String? {
        if line.contains("⟦") { return "⟦" }
        // libyaml's own words (the tab's line) stay as it wrote them.
        if line.contains("found a tab character") { return nil }
        var text = line.replacingOccurrences(of: "'[^']*'", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\"[^\"]*\"", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\{[^}]*\\}", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "gültige Schlüssel: .*", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "eines von [^,;]*(, [a-z_]+)*", with: " ", options: .regularExpression)
        text = text.split(separator: " ").filter { !$0.contains("/") && !$0.contains("_") && !$0.contains(":") }
            .joined(separator: " ")
        return text.split { !$0.isLetter }.map(String.init).first { englishWords.contains($0) }
    }
}
