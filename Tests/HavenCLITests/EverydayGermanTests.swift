import Foundation
import TestSupport
import XCTest

/// The everyday round two's words in German (#30), each phrase translated
/// (`HAVEN_TEST_STRICT_WORDS` marks one that is not as ⟦phrase⟧).
final class EverydayGermanTests: XCTestCase {
    func testTheNewCommandsSpeakGerman() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/noalc.yaml": "extends: core/noalc\n"])
        let folder = TemporaryDirectory()
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00",
                             environment: ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1"], directory: folder.path)
        let expected: [([String], String)] = [
            (["archive", "water"], "Wasser trinken archiviert: er verlässt Status, Erinnerungen und Bericht; seine "
                + "Einträge bleiben, und 'haven unarchive water' holt ihn zurück.\n"),
            (["archive", "water"], "Wasser trinken ist schon archiviert; nichts geändert.\n"),
            (["unarchive", "water"], "Wasser trinken ist wieder in Status, Erinnerungen und Bericht.\n"),
            (["log", "water", "2"], "Wasser trinken: heute 2/8 Gläser · Serie 0\n"),
            (["backup"], "Deine Geschichte ist gesichert in haven-backup-2026-03-10.db (120 KB); 'haven --home ORDNER' "
                + "liest ein Zuhause, das sie als haven.db enthält.\n"),
            (["move", "noalc", "down"], "Nichts bewegt: NoAlc steht schon ganz unten unter den angehefteten Trackern, "
                + "und angeheftete Tracker bleiben über den anderen (seine Vorlage heftet ihn an: schreib 'pinned: false' "
                + "in \(home.path)/trackers/noalc.yaml, um ihn zwischen sie zu bewegen).\n1. NoAlc (angeheftet)\n"
                + "2. Wasser trinken\n"),
            (["log", "water", "--day", "morgen"], "haven: Fehler: kann 'morgen' nicht lesen; schreib einen Tag als "
                + "JJJJ-MM-TT, heute, gestern oder -3d, oder einen Zeitraum als 2026-08-01..2026-08-14\n"),
        ]
        for (arguments, text) in expected {
            let result = haven.run(arguments)
            XCTAssertEqual(result.stdout + result.stderr, text, arguments.joined(separator: " "))
        }
        for arguments in [["add"], ["show", "core/"], ["trackers"]] {
            let result = haven.run(arguments)
            XCTAssertFalse((result.stdout + result.stderr).contains("⟦"), result.stdout + result.stderr)
        }
        XCTAssertTrue(haven.run(["show", "core/"]).stdout.contains("Stufensätze (3):\n  core/energy"))
    }
}
