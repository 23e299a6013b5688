import Foundation
import TestSupport
import XCTest

/// `add` and `remove`: tracker files written and deleted for the person.
final class ManageTests: XCTestCase {
    func testAddWritesAFileThatValidatesAndRefusesClashes() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        func haven(_ arguments: String...) -> HavenProcess.Result {
            HavenProcess.run(arguments, environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"])
        }
        XCTAssertEqual(haven("add", "core/water").stdout, "Added Drink Water (water): \(home.path)/trackers/water.yaml\n")
        XCTAssertEqual(haven("add", "core/walking", "--id", "evening-walk").stdout,
                       "Added Walking (evening-walk): \(home.path)/trackers/evening-walk.yaml\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/water.yaml", encoding: .utf8), """
            # Added with 'haven add core/water'. Keys written here override the preset's;
            # 'haven show core/water' prints everything it inherits.
            extends: core/water

            """)
        let validate = HavenProcess.run(["validate", home.path + "/trackers/evening-walk.yaml"])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        let taken = haven("add", "core/water")
        XCTAssertEqual(taken.status, 65)
        XCTAssertEqual(taken.stderr, "haven: error: the id 'water' is taken by \(home.path)/trackers/water.yaml; "
            + "choose another with --id\n")
        let unknown = haven("add", "core/watr")
        XCTAssertEqual(unknown.status, 66)
        XCTAssertEqual(unknown.stderr, "haven: error: no preset 'core/watr' (did you mean 'core/water'?); presets are "
            + "written PACK/PRESET, like core/water\n")
    }

    func testRemoveWithAndWithoutEntries() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/stretching.yaml": "extends: core/stretching\n"])
        func haven(_ arguments: String...) -> HavenProcess.Result {
            HavenProcess.run(arguments, environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"])
        }
        XCTAssertEqual(haven("log", "water", "+2").status, 0)
        XCTAssertEqual(haven("log", "water", "+1").status, 0)
        let asked = haven("remove", "water")
        XCTAssertEqual(asked.status, 77)
        XCTAssertEqual(asked.stderr, "haven: error: Removing water deletes \(home.path)/trackers/water.yaml; its 2 "
            + "entries stay in the database (--delete-entries deletes them). Add --yes to go ahead: haven remove water --yes\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/trackers/water.yaml"), "nothing removed")
        XCTAssertEqual(haven("remove", "water", "--yes").stdout, "Removed water; its 2 entries stay.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/trackers/water.yaml"))
        XCTAssertEqual(haven("add", "core/water").status, 0)
        XCTAssertEqual(haven("entries", "water").stdout.split(separator: "\n").count, 2, "the history came back")
        XCTAssertEqual(haven("remove", "water", "--yes", "--delete-entries").stdout, "Removed water and its 2 entries.\n")
        XCTAssertEqual(haven("add", "core/water").status, 0)
        XCTAssertEqual(haven("entries", "water").stdout, "No entries for water in the last 7 days.\n")
        XCTAssertEqual(haven("remove", "stretching", "--yes").stdout, "Removed stretching; its 0 entries stay.\n")
    }
}
