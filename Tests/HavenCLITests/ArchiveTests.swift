import Foundation
import TestSupport
import XCTest

/// Archiving a tracker (#30): `archive`/`unarchive` write or take out one
/// line of the person's file; an archived tracker leaves status, reminders
/// and the report, keeps its entries, and stays in `history`, `trackers`
/// and the exports.
final class ArchiveTests: XCTestCase {
    func testAnArchivedTrackerLeavesTheDailyListsAndKeepsItsHistory() throws {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n# two litres a day\nreminder: { at: \"09:00\" }\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
        ])
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00")
        XCTAssertEqual(haven.run(["log", "water", "3", "--at", "2026-03-09 10:00"]).status, 0)
        XCTAssertEqual(haven.run(["archive", "water"]).stdout, "Archived Drink Water: it leaves status, reminders and the "
            + "report; its entries stay, and 'haven unarchive water' brings it back.\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/water.yaml", encoding: .utf8),
                       "extends: core/water\n# two litres a day\nreminder: { at: \"09:00\" }\narchived: true\n")
        XCTAssertEqual(haven.run(["status"]).stdout, "Stretching   open today   streak 0\n")
        XCTAssertEqual(haven.run(["due"]).stdout, "Nothing due.\n")
        XCTAssertEqual(haven.run(["history", "water", "--from", "2026-03-09"]).stdout,
                       "2026-03-09   broken    streak 0   jokers 0\n2026-03-10   pending   streak 0   jokers 0\n")
        XCTAssertEqual(haven.run(["trackers"]).stdout, """
            id          name                    type  input  pack   file
            stretching  Stretching              good  check  local  \(home.path)/trackers/stretching.yaml
            water       Drink Water (archived)  good  count  local  \(home.path)/trackers/water.yaml

            """)
        XCTAssertFalse(haven.run(["report", "--out", "-"]).stdout.contains("Drink Water"))
        XCTAssertTrue(haven.run(["export", "csv"]).stdout.contains(",water,2026-03-09,"))
        XCTAssertEqual(haven.run(["archive", "water"]).stdout, "Drink Water is already archived; nothing changed.\n")

        XCTAssertEqual(haven.run(["unarchive", "water"]).stdout, "Drink Water is back in status, reminders and the report.\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/water.yaml", encoding: .utf8),
                       "extends: core/water\n# two litres a day\nreminder: { at: \"09:00\" }\n")
        XCTAssertEqual(haven.run(["due"]).stdout, "Drink Water   09:00   Time to check in   streak 0\n")
    }

    func testAPacksTrackerIsArchivedByAFileOfYourOwnAndAPackMayNotArchive() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "packs/calm/pack.yaml": "name: calm\nversion: 1.0.0\n",
                                               "packs/calm/trackers/tea.yaml": "name: Tea\narchived: true\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00")
        let validated = haven.run(["validate"])
        XCTAssertEqual(validated.status, 65)
        XCTAssertTrue(validated.stderr.contains("archived is personal, so a pack may not set it; remove it here (each "
            + "person sets it in a tracker file of their own)"), validated.stderr)
    }

    func testLoopsArchivedHabitsComeInArchivedAndGoBack() throws {
        let folder = TemporaryDirectory()
        _ = SQLite.run(folder.path + "/loop.db", ImportFixtures.loopSchema(version: 25) + """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, type,
                uuid) VALUES (1, 1, 0, '', 1, 1, 0, 'Old habit', 0, 0, 'ab01'), (2, 0, 0, '', 1, 1, 0, 'Read', 1, 0, 'ab02');
            INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(ImportFixtures.stamp(1)), 2);
            """)
        let home = TemporaryDirectory().write(["trackers/read-more.yaml": "name: Read more\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-05 21:00", directory: folder.path)
        XCTAssertEqual(haven.run(["import", "loop", "loop.db"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/old-habit.yaml", encoding: .utf8),
                       "# Imported from Loop: ab01\nname: Old habit\ninput: check\narchived: true\n")
        XCTAssertEqual(haven.run(["status"]).stdout, "Read more   open today   streak 0\nRead        open today   streak 0\n")
        XCTAssertEqual(haven.run(["export", "loop", "back.db"]).status, 0)
        XCTAssertEqual(SQLite.run(folder.path + "/back.db", "SELECT name, archived FROM Habits ORDER BY name"),
                       "Old habit|1\nRead|0\nRead more|0")
    }
}
