import Foundation
import TestSupport
import XCTest

/// Every path a person reads, in German (#30 item 5): each command's reply,
/// its refusals and the `haven: Fehler:` prefix. Strict words mark a phrase
/// that has no German as ⟦phrase⟧; a phrase that never went through the
/// words at all is caught by the English it leaves behind.
final class GermanEverywhereTests: XCTestCase {
    /// The command lines, in order, of a German evening: every command and
    /// its common refusals, in a home with a pack to install and history to
    /// carry out and back in.
    static let paths: [[String]] = [
        ["status"], ["today"], ["todo"], ["validate"], ["trackers"], ["add"], ["show", "core/"],
        ["log", "water", "+1"], ["water", "+1"], ["log", "noalc", "steady"], ["log", "mood", "good", "--note", "ruhig"],
        ["log", "water", "--at", "9:00"], ["log", "water", "abc"], ["log", "wter"], ["wter", "1"], ["log", "noalc", "x"],
        ["streak", "water"], ["streaks"], ["history", "water"], ["entries", "water"], ["edit", "1", "--note", "ok"],
        ["delete", "2"], ["undo"], ["stats", "water"], ["stats", "water", "--by", "month"],
        ["calendar", "water"], ["calendar", "water", "--year"], ["rewards"], ["due"],
        ["skip", "water", "yesterday"], ["freezes"], ["unskip", "water", "yesterday"], ["skip", "--all", "--dry-run"],
        ["freeze", "grant", "water", "2"],
        ["add", "core/stretching"], ["add", "core/stretching"], ["move", "stretching", "top"], ["order", "noalc", "water", "mood", "stretching"],
        ["archive", "stretching"], ["unarchive", "stretching"], ["remove", "stretching"],
        ["remove", "stretching", "--yes"], ["mode", "noalc", "avoidance"], ["mode", "noalc", "avoidance", "--yes"],
        ["configure", "water"], ["configure", "nope"],
        ["pack", "list"], ["pack", "new", "abend"], ["pack", "install", "abend", "--dry-run"],
        ["pack", "install", "abend"], ["pack", "install", "abend", "--yes"], ["pack", "list"], ["pack", "untrust", "abend"],
        ["status"], ["pack", "trust", "abend", "--yes"], ["pack", "update", "abend"], ["pack", "rollback", "abend"],
        ["pack", "export", "--name", "meins", "--out", "meins"], ["pack", "remove", "abend"],
        ["pack", "remove", "abend", "--yes"], ["pack", "install", "nirgends", "--yes"],
        ["export", "json", "--out", "verlauf.jsonl"], ["import", "haven", "verlauf.jsonl", "--dry-run"],
        ["import", "haven", "verlauf.jsonl"], ["export", "loop", "loop.db"], ["backup", "sicherung.db"],
        ["import", "loop", "fehlt.db"], ["report", "--out", "bericht.html"],
        ["sync", "status"], ["sync", "key"], ["conflicts"], ["sync"],
        ["--now", "bald", "status"], ["log", "water", "--day", "morgen"], ["skip", "water", "vorgestern"],
        ["pick", "--print"], ["pick", "--choose", "water:add:1"], ["pick", "--choose", "nichts"], ["pick"],
        ["pick", "--then", "notiz"], ["pick", "--menu", "bemenu"], ["pick", "--menu", "rofi"], ["pick", "--print", "--choose", "x"],
        ["bar"], ["bar", "--format", "waybar"], ["bar", "--format", "tmux"],
        ["insights", "mood"], ["insights", "water", "--from", "2026-03-01"], ["insights", "noalc", "--with", "water"],
        ["insights", "water", "--with", "mood", "--lag", "x"], ["insights", "water", "--lag", "1"],
        ["insights", "mood", "--with", "mood"], ["insights", "water", "--with", "mood", "--levels", "good"],
    ]

    func testEveryPathAPersonReadsIsGerman() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/noalc.yaml": "extends: core/noalc\n",
                                               "trackers/mood.yaml": "extends: core/mood\n"])
        let folder = TemporaryDirectory()
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00",
                             environment: ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1", "EDITOR": "true",
                                           "PAGER": "cat"],
                             directory: folder.path)
        var leaks: [String] = []
        for arguments in GermanEverywhereTests.paths {
            let result = haven.run(arguments, input: "")
            let said = result.stdout + result.stderr
            XCTAssertFalse(result.timedOut, arguments.joined(separator: " "))
            for line in said.split(separator: "\n") {
                if let word = GermanEverywhereTests.english(in: String(line)) {
                    leaks.append("haven \(arguments.joined(separator: " ")): '\(word)' in \(line)")
                }
            }
            if result.status != 0 {
                XCTAssertTrue(result.stderr.hasPrefix("haven: Fehler: ") || result.stderr.isEmpty
                                  || result.stderr.hasPrefix("haven: Warnung: "),
                              "haven \(arguments.joined(separator: " ")): \(result.stderr)")
            }
        }
        XCTAssertEqual(leaks, [], leaks.joined(separator: "\n"))
    }

    /// English words that German sentences never hold, outside what is
    /// quoted, typed or named (paths, ids, 'haven …' commands, YAML keys).
    static let english: Set<String> = [
        "the", "your", "were", "is", "are", "and", "with", "nothing", "not", "into", "from", "has", "its",
        "their", "which", "would", "no", "yet", "of", "to", "for", "a", "it", "this", "that", "or", "on",
        "Added", "Removed", "Installed", "Trusted", "Exported", "Wrote", "Imported", "Saved", "Logged", "Made",
        "Dry", "run", "error", "warning", "entries", "entry", "days", "day", "trackers", "tracker", "streak", "today",
    ]

    /// The first English word of `line`, or nil.
    static func english(in line: String) -> String? {
        if line.contains("⟦") { return "⟦" }
        // What a person types or a file names stays as written.
        var text = line.replacingOccurrences(of: "'[^']*'", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\"[^\"]*\"", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "haven [^;:,()]*", with: " ", options: .regularExpression)
        text = text.split(separator: " ").filter { !$0.contains("/") && !$0.contains("--") && !$0.contains("_") }
            .joined(separator: " ")
        let words = text.split { !$0.isLetter }.map(String.init)
        return words.first { english.contains($0) }
    }
}
