import Foundation
@testable import HavenCLI
import HavenCore
import TestSupport
import XCTest

/// Quick keys (#27): the start of one level's key logs that level, in the
/// CLI, the REPL and its completion; the start of several lists them.
final class QuickKeyTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var haven: HavenRun!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n",
                                           "trackers/mood.yaml": "extends: core/mood\n"])
        haven = HavenRun(home: home.path, now: "2026-03-10 21:00")
    }

    func testAUniqueStartLogsItsLevel() {
        haven.expect(["log", "noalc", "st"], stdout: "NoAlc: Steady today · streak 1 · 0 jokers\n")
        // The shorthand `ID VALUE`, in any case.
        haven.expect(["mood", "GR"], stdout: "Mood: Great today · streak 1\n")
        haven.expect(["entries", "mood", "--days", "1"], stdout: "#2   2026-03-10 21:00   day 2026-03-10   great\n")
    }

    func testTheStartOfSeveralLevelsListsThemAndWritesNothing() {
        haven.expect(["log", "mood", "g"], stdout: "", stderr: "haven: error: 'g' starts more than one level of 'mood': "
            + "good, great; type more of it, for example: haven log mood good\n", status: 65)
        haven.expect(["--lang", "de", "log", "mood", "g"], stdout: "", stderr: "haven: Fehler: 'g' ist der Anfang mehrerer "
            + "Stufen von 'mood': good, great; tippe mehr davon, zum Beispiel: haven log mood good\n", status: 65)
        haven.expect(["entries", "mood", "--days", "1"], stdout: "No entries for mood today.\n")
    }

    func testTheREPLTakesAQuickKeyAndCompletesIt() {
        haven.expect([], stdout: nil, input: "noalc ea\nlog mood ok\n")
        haven.expect(["today"], stdout: nil)
        let entries = haven.run(["entries", "noalc", "--days", "1"]).stdout + haven.run(["entries", "mood", "--days", "1"]).stdout
        XCTAssertEqual(entries, "#1   2026-03-10 21:00   day 2026-03-10   easy\n"
                       + "#2   2026-03-10 21:00   day 2026-03-10   okay\n")
        let levels = LevelSet(reference: nil, levels: ["awful", "bad", "okay", "good", "great"].map {
            Level(key: $0, label: LocalizedText($0), effect: .success)
        })
        let completer = Completer(commands: ["log"], trackers: [
            TrackerDefinition(id: "mood", name: LocalizedText("Mood"), icon: "", input: .levels, levels: levels,
                              origin: .init(pack: "local", file: "mood.yaml")),
        ], options: [:])
        XCTAssertEqual(completer.candidates(before: "log mood", word: "g"), ["good", "great"])
        XCTAssertEqual(completer.candidates(before: "mood", word: "ok"), ["okay"])
    }
}
