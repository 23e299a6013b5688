import Foundation
import TestSupport
import XCTest

/// A pack copied into `packs/` by hand (#27, item 12): `pack trust` and
/// `pack untrust` say once what it holds and what to do, and change nothing.
final class PackHandCopiedTests: XCTestCase {
    func testTrustingAHandCopiedPackSaysWhatItHoldsAndWhatToDo() {
        let home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "packs/a/pack.yaml": "name: A\nid: a\nversion: \"1.0.0\"\n",
            "packs/a/trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n",
            "packs/a/trackers/walk.yaml": "name: Walk\n",
            "packs/a/hooks/tea.lua": "function on_log(entry) end\n",
        ])
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"])
        let folder = home.path + "/packs/a"
        let english = "haven: error: 'a' was copied into \(folder) by hand, so Haven loads it as your own files, as they "
            + "are (trackers: tea, walk; hooks: hooks/tea.lua); trust is only for packs 'haven pack install' put there. "
            + "To install it, move it out and install it: mv \(folder) ./a && haven pack install ./a; or leave it as "
            + "your own files\n"
        for arguments in [["pack", "trust", "a"], ["pack", "trust", "a", "--yes"], ["pack", "untrust", "a"]] {
            haven.expect(arguments, stdout: "", stderr: english, status: 65)
        }
        haven.expect(["--lang", "de", "pack", "trust", "a"], stdout: "", stderr: "haven: Fehler: 'a' wurde von Hand nach "
            + "\(folder) kopiert, also lädt Haven es als deine eigenen Dateien, so wie sie sind (Tracker: tea, walk; "
            + "Hooks: hooks/tea.lua); Vertrauen gibt es nur für Packs, die 'haven pack install' dorthin gelegt hat. Um "
            + "es zu installieren, schiebe es hinaus und installiere es: mv \(folder) ./a && haven pack install ./a; "
            + "oder lass es als deine eigenen Dateien\n", status: 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs.lock"))
        // It loads as the person's own files all the while.
        XCTAssertEqual(haven.run(["trackers"]).stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) },
                       ["id", "noalc", "tea", "walk"])
    }

    /// A link put there by hand is never followed: the refusal says so and
    /// names the folder to install with --link.
    func testTrustingAHandMadeLinkSaysHowToInstallItsFolder() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs/.keep": ""])
        let source = TemporaryDirectory().write(["b/pack.yaml": "name: B\nid: b\n", "b/trackers/tea.yaml": "name: Tea\n"])
        try FileManager.default.createSymbolicLink(atPath: home.path + "/packs/b", withDestinationPath: source.path + "/b")
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"])
        for arguments in [["pack", "trust", "b"], ["pack", "untrust", "b"]] {
            haven.expect(arguments, stdout: "", stderr: "haven: error: 'b' is a link put into packs/ by hand, and Haven "
                + "never follows one; to use the folder it names, install it: haven pack install \(source.path)/b --link\n",
                         status: 65)
        }
        haven.expect(["--lang", "de", "pack", "trust", "b"], stdout: "", stderr: "haven: Fehler: 'b' ist ein von Hand nach "
            + "packs/ gelegter Link, und Haven folgt nie einem; um den Ordner zu nutzen, auf den er zeigt, installiere "
            + "ihn: haven pack install \(source.path)/b --link\n", status: 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs.lock"))
    }
}
