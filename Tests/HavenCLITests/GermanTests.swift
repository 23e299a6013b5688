import Foundation
import TestSupport
import XCTest

/// German throughout the daily loop (#13, item 11), and a language Haven
/// does not speak said once.
final class GermanTests: XCTestCase {
    func testTheDailyCommandsSpeakGerman() {
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "name: { en: Stretching, de: Dehnen }\nsince: 2026-03-08\nrewards: core/joker\n"
                + "freezes: { start: 2, max: 3 }\n",
        ])
        func haven(_ arguments: String...) -> HavenProcess.Result {
            HavenProcess.run(arguments + ["--lang", "de"], environment: ["HAVEN_HOME": home.path,
                                                                        "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC",
                                                                        "NO_COLOR": "1"])
        }
        _ = haven("log", "stretching", "--at", "2026-03-08 09:00")
        XCTAssertEqual(haven("skip", "stretching", "2026-03-09", "--note", "Reise").stdout,
                       "Eingefroren für stretching: 2026-03-09.\n")
        XCTAssertEqual(haven("streak", "stretching").stdout, """
            Dehnen: heute offen (offen)
            Serie 2 Tage · längste 2
            Joker: 0 verfügbar, 0 verdient, 0 eingesetzt
            Freezes: 1 verfügbar
            Gewohnheitsstärke: 5 %
            heute noch offen: ein Eintrag heute hält die Serie

            """)
        XCTAssertEqual(haven("history", "stretching", "--from", "2026-03-08").stdout, """
            2026-03-08   Erfolg        Serie 1   Joker 0
            2026-03-09   eingefroren   Serie 2   Joker 0   Reise
            2026-03-10   offen         Serie 2   Joker 0

            """)
        XCTAssertEqual(haven("rewards").stdout, "Dehnen   0 Joker verfügbar   0 von 0 verdienten eingesetzt   einer alle 7, "
            + "höchstens 3\n")
        XCTAssertEqual(haven("entries", "stretching", "--days", "1").stdout, "Heute keine Einträge für stretching.\n")
        XCTAssertEqual(haven("unskip", "stretching", "2026-03-09").stdout,
                       "Aufgetaut für stretching: 2026-03-09. 1 Freeze zurückgegeben.\n")
        _ = haven("log", "stretching")
        XCTAssertEqual(haven("entries", "stretching", "--days", "1").stdout, "#2   2026-03-10 20:00   Tag 2026-03-10   ✓   \n")
        XCTAssertEqual(haven("undo").stdout, "Eintrag 2 rückgängig gemacht: stretching 2026-03-10 20:00  Tag 2026-03-10  ✓\n")
    }

    func testALanguageHavenDoesNotSpeakIsSaidOnce() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let result = HavenProcess.run(["--lang", "fr"], environment: ["HAVEN_HOME": home.path, "TZ": "UTC"],
                                      input: "status\nstatus\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "haven: warning: Haven does not speak 'fr' yet, so it answers in English (it speaks "
            + "en and de); names a pack gives in that language are still used\n")
        XCTAssertEqual(HavenProcess.run(["status"], environment: ["HAVEN_HOME": home.path, "LANG": "fr_FR.UTF-8"]).stderr, "",
                       "only an explicit --lang is answered")
    }
}
