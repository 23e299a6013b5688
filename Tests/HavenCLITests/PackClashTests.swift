import Foundation
import TestSupport
import XCTest

/// A pack whose tracker id is one already in use (SPEC §2.1: the home's
/// own tracker wins; between packs the first installed): the install is
/// refused with the way forward, `--dry-run` shows the whole summary with
/// the clash, and `--without ID` installs the rest and keeps loads quiet.
final class PackClashTests: PackTestCase {
    override func setUp() {
        super.setUp()
        home.write(["trackers/walk.yaml": "name: My walk\n"])
        sources.write(PackTestCase.calm)
    }

    func testAClashIsRefusedWithTheCommandThatInstallsTheRest() {
        assertRefused(["pack", "install", "calm", "--yes"], status: 65, stderr:
            "haven: error: 'calm' was not installed: its tracker 'walk' has the id of your \(home.path)/trackers/walk.yaml; "
            + "to install the rest, leave it out: haven pack install calm --without walk (then 'haven add calm/walk --id "
            + "NEW-ID' adds theirs beside yours); nothing in your home changed\n")
        assertRefused(["pack", "install", "calm", "--yes", "--lang", "de"], status: 65, stderr:
            "haven: Fehler: 'calm' wurde nicht installiert: sein Tracker 'walk' hat die Id deiner Datei "
            + "\(home.path)/trackers/walk.yaml; um den Rest zu installieren, lass ihn weg: haven pack install calm "
            + "--without walk (danach stellt 'haven add calm/walk --id NEUE-ID' ihren neben deinen); in deinem Zuhause "
            + "hat sich nichts geändert\n")
    }

    func testADryRunShowsTheWholeSummaryWithTheClash() throws {
        haven(["status"])
        let before = snapshot()
        let dry = haven(["pack", "install", "calm", "--dry-run"])
        XCTAssertEqual(dry.status, 65)
        XCTAssertEqual(dry.stdout, "calm 1.0.0 from calm: 1 tracker (tea); hooks hooks/tea.lua (on_log); 1 reminder.\n"
                       + "Dry run: nothing was installed.\n")
        XCTAssertEqual(dry.stderr, "haven: error: 'calm' would not be installed: its tracker 'walk' has the id of your "
                       + "\(home.path)/trackers/walk.yaml; to install the rest, leave it out: haven pack install calm "
                       + "--without walk (then 'haven add calm/walk --id NEW-ID' adds theirs beside yours)\n")
        let json = haven(["pack", "install", "calm", "--dry-run", "--json"])
        XCTAssertEqual(json.status, 65)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["trackers"] as? [String], ["tea"])
        let clash = try XCTUnwrap((object["clashes"] as? [[String: Any]])?.first)
        XCTAssertEqual((object["clashes"] as? [Any])?.count, 1)
        XCTAssertEqual(clash["id"] as? String, "walk")
        XCTAssertEqual(clash["file"] as? String, "calm/trackers/walk.yaml")
        XCTAssertEqual(clash["taken_by"] as? String, "\(home.path)/trackers/walk.yaml")
        XCTAssertEqual(clash["yours"] as? Bool, true)
        // With the clash left out the dry run has nothing to refuse.
        let without = haven(["pack", "install", "calm", "--without", "walk", "--dry-run"])
        XCTAssertEqual(without.status, 0, without.stderr)
        XCTAssertEqual(without.stdout, "calm 1.0.0 from calm: 1 tracker (tea); hooks hooks/tea.lua (on_log); left out "
                       + "walk; 1 reminder.\nDry run: nothing was installed.\n")
        XCTAssertEqual(snapshot(), before)
    }

    func testWithoutInstallsTheRestRecordsItAndLoadsStayQuiet() throws {
        let installed = haven(["pack", "install", "calm", "--without", "walk", "--yes"])
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertEqual(installed.stdout, "Installed calm 1.0.0 into \(home.path)/packs/calm.\n")
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        XCTAssertTrue(recorded.contains(",\"without\":[\"walk\"]}"), recorded)
        let status = haven(["status"])
        XCTAssertEqual(status.stderr, "", "no clash is reported at load")
        XCTAssertEqual(haven(["trackers"]).stdout, """
            id     name     type      input   pack   file
            noalc  NoAlc    saboteur  levels  local  \(home.path)/trackers/noalc.yaml
            tea    Tea      good      check   calm   \(home.path)/packs/calm/trackers/tea.yaml
            walk   My walk  good      check   local  \(home.path)/trackers/walk.yaml

            """)
        XCTAssertEqual(haven(["validate"]).stdout, "ok: 3 packs, 18 presets, 7 practices, 3 trackers, no problems\n")
        XCTAssertTrue(haven(["pack", "list"]).stdout.hasSuffix("ok  1 tracker  left out walk\n"))
        // Theirs beside yours, under another id.
        let added = haven(["add", "calm/walk", "--id", "stroll"])
        XCTAssertEqual(added.stdout, "Added Stroll (stroll): \(home.path)/trackers/stroll.yaml\n", added.stderr)
        XCTAssertEqual(haven(["validate"]).stdout, "ok: 3 packs, 18 presets, 7 practices, 4 trackers, no problems\n")
        // An update keeps what was left out.
        sources.write(["calm/pack.yaml": "name: Calm\nid: calm\nversion: \"1.1.0\"\nhaven: \"^0.1\"\n"])
        let update = haven(["pack", "update", "calm", "--yes"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(try String(contentsOfFile: lock, encoding: .utf8).contains("\"version\":\"1.1.0\",\"without\":[\"walk\"]"))
        XCTAssertEqual(haven(["status"]).stderr, "")
    }

    func testWithoutNamesOnlyTheTrackersThePackHolds() {
        assertRefused(["pack", "install", "calm", "--without", "walk", "--without", "sofa", "--yes"], status: 65, stderr:
            "haven: error: 'calm' holds no tracker 'sofa'; its trackers are tea, walk\n")
        assertRefused(["pack", "install", "calm", "--without", "Walk!", "--yes"], status: 65, stderr:
            "haven: error: 'calm' holds no tracker 'Walk!'; its trackers are tea, walk\n")
    }

    func testAClashWithAnotherPackNamesThePackThatCameFirst() {
        sources.write(["other/pack.yaml": "name: Other\nid: other\nversion: \"1.0.0\"\n",
                       "other/trackers/tea.yaml": "name: Green tea\n", "other/trackers/nap.yaml": "name: Nap\n"])
        XCTAssertEqual(haven(["pack", "install", "calm", "--without", "walk", "--yes"]).status, 0)
        assertRefused(["pack", "install", "./other", "--as", "more", "--yes"], status: 65, stderr:
            "haven: error: 'more' was not installed: its tracker 'tea' has the id of \(home.path)/packs/calm/trackers/tea.yaml, "
            + "which came first; to install the rest, leave it out: haven pack install ./other --as more --without tea; "
            + "nothing in your home changed\n")
        XCTAssertEqual(haven(["pack", "install", "./other", "--as", "more", "--without", "tea", "--yes"]).status, 0)
        XCTAssertEqual(haven(["status"]).stderr, "")
    }

    func testAPackWithOtherProblemsIsRefusedWithTheClashAmongThem() {
        sources.write(["calm/trackers/sip.yaml": "name: Sip\ninput: counter\n"])
        assertRefused(["pack", "install", "calm", "--yes"], status: 65, stderr: """
            haven: error: 'calm' was not installed: 2 problems found; nothing in your home changed
            calm/trackers/sip.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
                input: counter
                       ^~~~~~~
            calm/trackers/walk.yaml:1:1: error: tracker id 'walk' is already used by \(home.path)/trackers/walk.yaml \
            in your home, which wins; this pack's tracker is skipped and nothing of yours changes
                extends: calm/stroll
                ^

            """)
    }
}
