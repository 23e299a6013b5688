import Foundation
import TestSupport
import XCTest

/// `validate`'s diagnostics in German (#32): the words around a file's keys,
/// values and paths, which stay as written; JSON stays English (D310, D329).
final class GermanDiagnosticsTests: XCTestCase {
    static let german = ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1"]

    func testAPracticeFilesProblemsAreSaidInGerman() {
        let pack = TemporaryDirectory().write([
            "practices/a.yaml": """
                name: Evening
                kind: meditaton
                phases:
                  - sit: 10
                  - { rest: 10s, exercise: Squats }
                  - siit: 5m
                  - { sit: 5m, rest: 1m }
                  - breathe: { in: 0, out: 4, cycles: 3 }
                bells: { start: yes }
                colour: blue

                """,
        ])
        let result = HavenProcess.run(["validate", "."], environment: GermanDiagnosticsTests.german,
                                      directory: pack.path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            practices/a.yaml:2:7: Fehler: kind 'meditaton' ist unbekannt (meintest du 'meditation'?)
                kind: meditaton
                      ^~~~~~~~~
            practices/a.yaml:4:10: Fehler: sit muss eine Dauer wie 30s, 10m, 1h oder 1m30s sein, nicht '10'
                  - sit: 10
                         ^~
            practices/a.yaml:5:18: Fehler: 'exercise' gehört zu einer Phase work, nicht zu rest
                  - { rest: 10s, exercise: Squats }
                                 ^~~~~~~~
            practices/a.yaml:6:5: Fehler: eine Phase kennt keinen Schlüssel 'siit' (meintest du 'sit'?)
                  - siit: 5m
                    ^~~~
            practices/a.yaml:7:16: Fehler: eine Phase ist eines von sit, rest, work, close, breathe oder repeat, und \
            diese hat 'sit' und 'rest'; schreib jedes als eigene Phase
                  - { sit: 5m, rest: 1m }
                               ^~~~
            practices/a.yaml:8:5: Fehler: breathe braucht daneben 'cycles:' (Atemzüge) oder 'duration:' (etwa 5m)
                  - breathe: { in: 0, out: 4, cycles: 3 }
                    ^
            practices/a.yaml:8:20: Fehler: in sind Sekunden über 0 bis 60, nicht 0
                  - breathe: { in: 0, out: 4, cycles: 3 }
                                   ^
            practices/a.yaml:8:31: Fehler: breathe kennt keinen Schlüssel 'cycles'; gültige Schlüssel: in, hold, out, \
            hold_out
                  - breathe: { in: 0, out: 4, cycles: 3 }
                                              ^~~~~~
            practices/a.yaml:9:17: Fehler: start muss true oder false sein, nicht 'yes'
                bells: { start: yes }
                                ^~~
            practices/a.yaml:10:1: Fehler: eine Übung kennt keinen Schlüssel 'colour'; gültige Schlüssel: name, icon, \
            kind, phases, bells, logs, health
                colour: blue
                ^~~~~~
            10 Probleme gefunden

            """)
        // JSON is for programs: its messages stay English.
        let json = HavenProcess.run(["validate", ".", "--json"], environment: GermanDiagnosticsTests.german,
                                    directory: pack.path)
        XCTAssertTrue(json.stdout.contains(#""message": "unknown kind 'meditaton' (did you mean 'meditation'?)""#),
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
