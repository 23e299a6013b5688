import Foundation
import TestSupport
import XCTest

/// Loop → Haven → Loop (SPEC §9): what Loop's model holds comes back the
/// same, habit for habit and day for day, and what either side cannot
/// hold is named per tracker in the summary; backups of every Loop schema
/// version its migrations made since reminders had weekdays import.
final class LoopRoundTripTests: TransferTestCase {
    private let uuids = ["5b1f0c3e9a7d4e21b6c8f0a1d2e3f401", "5b1f0c3e9a7d4e21b6c8f0a1d2e3f402",
                        "5b1f0c3e9a7d4e21b6c8f0a1d2e3f403", "5b1f0c3e9a7d4e21b6c8f0a1d2e3f404",
                        "5b1f0c3e9a7d4e21b6c8f0a1d2e3f405"]
    private let habitsQuery = """
        SELECT uuid, name, type, freq_num, freq_den, target_type, target_value, unit, reminder_hour, reminder_min,
            reminder_days, archived FROM Habits WHERE uuid LIKE '5b1f%' ORDER BY uuid
        """
    private let daysQuery = """
        SELECT h.uuid, r.timestamp, r.value, r.notes FROM Repetitions r JOIN Habits h ON h.id = r.habit
        WHERE h.uuid LIKE '5b1f%' ORDER BY h.uuid, r.timestamp
        """

    /// Five habits of every shape Loop has: a yes/no habit reminded on
    /// weekdays (Loop packs them from Saturday, bit 1, to Friday, bit 64),
    /// a 3-in-7 one, a numeric sum per week, a numeric at-most-0 reminded at
    /// weekends, a unitless numeric one; days done, skipped, filled in by
    /// Loop, marked not done, and numbers with notes.
    private func loopFile(_ name: String) -> String {
        let path = folder.path + "/" + name
        let stamp = ImportFixtures.stamp
        _ = SQLite.run(path, ImportFixtures.loopSchema(version: 25) + """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
                reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid) VALUES
                (1, 0, 3, '', 1, 1, 0, 'Meditate', 0, 7, 30, 124, 0, 0, 0, '', 'Did you meditate?', '\(uuids[0])'),
                (2, 0, 5, '', 7, 3, 0, 'Gym', 1, NULL, NULL, 127, 0, 0, 0, '', '', '\(uuids[1])'),
                (3, 0, 0, '', 7, 1, 0, 'Run', 2, NULL, NULL, 127, 1, 0, 20, 'km', '', '\(uuids[2])'),
                (4, 0, 0, '', 1, 1, 0, 'Coffee', 3, 15, 0, 3, 1, 1, 0, 'cups', '', '\(uuids[3])'),
                (5, 0, 0, '', 1, 1, 0, 'Water', 4, NULL, NULL, 127, 1, 0, 8, '', NULL, '\(uuids[4])');
            INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
                (1, \(stamp(1)), 2, 'calm'), (1, \(stamp(2)), 3, 'away'), (1, \(stamp(3)), 0, 'tired'), (1, \(stamp(4)), 1, NULL),
                (2, \(stamp(1)), 2, NULL), (2, \(stamp(3)), 2, 'legs'),
                (3, \(stamp(2)), 5500, 'park'), (3, \(stamp(4)), 3, NULL),
                (4, \(stamp(1)), 1000, NULL), (4, \(stamp(2)), 0, NULL),
                (5, \(stamp(5)), 8250, NULL);
            """)
        return path
    }

    func testLoopThroughHavenBackToLoopIsExactAndNamesWhatStaysBehind() throws {
        let now = "2026-03-05 21:00"
        let original = loopFile("loop.db")
        let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
        let imported = haven(["import", "loop", "loop.db"], in: other, now: now)
        XCTAssertEqual(imported.stdout, """
            Imported 6 entries on 4 days and 2 freezes from Loop; made 5 trackers (meditate, gym, run, coffee, water).
            Not kept:
              2 days Loop marked not done are left out: a day with no entry is not done here.
              the question of 1 habit is not kept: a tracker has a name only.
              run: Loop sums any 7 days; here the goal is per calendar week.

            """, imported.stderr)
        let file = { (id: String) in try String(contentsOfFile: other.path + "/trackers/\(id).yaml", encoding: .utf8) }
        XCTAssertEqual(try file("meditate"), "# Imported from Loop: \(uuids[0])\nname: Meditate\ninput: check\n"
            + "reminder: { at: \"07:30\", days: [mon, tue, wed, thu, fri] }\n")
        XCTAssertEqual(try file("run"), "# Imported from Loop: \(uuids[2])\nname: Run\ninput: amount\nunit: km\n"
            + "goal: { at_least: 20 }\nstreak: { period: week }\n")
        XCTAssertEqual(try file("coffee"), "# Imported from Loop: \(uuids[3])\nname: Coffee\ninput: amount\nunit: cups\n"
            + "goal: { at_most: 0 }\nreminder: { at: \"15:00\", days: [sat, sun] }\n")
        XCTAssertEqual(try file("water"), "# Imported from Loop: \(uuids[4])\nname: Water\ninput: amount\n"
            + "goal: { at_least: 8 }\n")

        // Back to Loop: the same habits, merged by their UUIDs, and every day Haven kept.
        let back = haven(["export", "loop", "back.db"], in: other, now: now)
        XCTAssertEqual(back.stdout, "Wrote 6 habits and 8 days to back.db; in Loop, choose Settings, Import data, "
            + "and pick it.\nLoop cannot hold all of it:\n  run: Loop has no calendar weeks; it counts any 7 days.\n")
        let again = folder.path + "/back.db"
        XCTAssertEqual(SQLite.run(again, habitsQuery), SQLite.run(original, habitsQuery))
        let kept = SQLite.run(original, daysQuery).split(separator: "\n").filter { row in
            // Not done (0) and Loop's own filled-in days (1) are what the import named and left out.
            let value = row.split(separator: "|", omittingEmptySubsequences: false)[2]
            return value != "0" && value != "1"
        }
        XCTAssertEqual(SQLite.run(again, daysQuery).split(separator: "\n"), kept)
    }

    /// Going to Loop, each tracker's part Loop cannot hold is named, for people and scripts.
    func testWhatLoopCannotHoldIsNamedPerTracker() throws {
        home.write([
            "trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 3 }\n",
            "trackers/scroll.yaml": "name: Scroll\ntype: saboteur\nmode: avoidance\ninput: check\n",
            "trackers/water.yaml": "extends: core/water\nstreak: { period: { rolling: 7 }, times: 5 }\n"
                + "reminder: [{ at: \"09:00\" }, { at: \"14:00\" }, { at: \"19:00\" }]\n",
            "trackers/steps.yaml": "name: Steps\ninput: count\ngoal: { at_least: 50000 }\nstreak: { period: month }\n",
        ])
        let exported = haven(["export", "loop", "out.db"])
        XCTAssertEqual(exported.stdout, """
            Wrote 5 habits and 0 days to out.db; in Loop, choose Settings, Import data, and pick it.
            Loop cannot hold all of it:
              gym: Loop has no calendar weeks; it counts any 7 days.
              noalc: Loop has no levels; a day logged steady is done there, any other is not.
              noalc: Loop has no jokers; a day one healed is a miss there.
              scroll: Loop has no avoidance mode; it goes as relapses a day, at most 0.
              steps: Loop has no calendar months; it counts any 30 days.
              water: Loop sums numbers and counts no good days; it goes as its goal on each day.
              water: Loop keeps one reminder a habit; 09:00 goes, the other 2 stay here.

            """, exported.stderr)
        XCTAssertEqual(SQLite.run(folder.path + "/out.db", "SELECT name, type, freq_num, freq_den, target_type, target_value, "
            + "reminder_hour FROM Habits ORDER BY position"), """
            Gym|0|3|7|0|0.0|
            NoAlc|0|1|1|0|0.0|
            Scroll|1|1|1|1|0.0|
            Steps|1|1|30|0|50000.0|
            Drink Water|1|1|1|0|8.0|9
            """)
        let json = try JSONSerialization.jsonObject(with: Data(haven(["export", "loop", "out2.db", "--json"]).stdout.utf8))
            as? [String: Any]
        let losses = json?["not_kept"] as? [[String: String]]
        XCTAssertEqual(losses?.map { $0["kind"] ?? "" }, ["calendar_period", "levels", "jokers", "avoidance",
                                                          "calendar_period", "good_days_of_numbers", "reminders"])
        XCTAssertEqual(losses?[1], ["tracker": "noalc", "kind": "levels",
                                    "text": "noalc: Loop has no levels; a day logged steady is done there, any other is not"])
    }

    /// A backup of each Loop schema since weekdays on reminders (11): the
    /// columns a version lacks read with the defaults Loop's migration gives them.
    func testABackupOfEachLoopSchemaVersionImports() throws {
        for version in [11, 12, 16, 18, 22, 23, 24, 25] {
            let path = folder.path + "/v\(version).db"
            var columns = "id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, "
                + "reminder_min, reminder_days"
            var values = "1, 0, 0, '', 7, 2, 0, 'Stretch', 0, 8, 5, 65"
            if version >= 16 {
                columns += ", type"
                values += ", 0"
            }
            if version >= 24 {
                columns += ", uuid"
                values += ", '00ff\(version)'"
            }
            let repetitions = version >= 25 ? "(habit, timestamp, value, notes) VALUES (1, \(ImportFixtures.stamp(1)), 2, "
                + "'long'), (1, \(ImportFixtures.stamp(2)), 3, NULL)"
                : version >= 16 ? "(habit, timestamp, value) VALUES (1, \(ImportFixtures.stamp(1)), 2), "
                    + "(1, \(ImportFixtures.stamp(2)), 3)"
                : "(habit, timestamp) VALUES (1, \(ImportFixtures.stamp(1)))"
            _ = SQLite.run(path, ImportFixtures.loopSchema(version: version)
                + "INSERT INTO Habits (\(columns)) VALUES (\(values)); INSERT INTO Repetitions \(repetitions);")
            let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
            let result = haven(["import", "loop", "v\(version).db"], in: other, now: "2026-03-05 21:00")
            XCTAssertEqual(result.stdout, "Imported 1 entry on 1 day\(version >= 16 ? " and 1 freeze" : "") from Loop; "
                + "made 1 tracker (stretch).\n", "version \(version): \(result.stderr)")
            XCTAssertEqual(try String(contentsOfFile: other.path + "/trackers/stretch.yaml", encoding: .utf8),
                           "# Imported from Loop: \(version >= 24 ? "00ff\(version)" : "loop-habit-1")\nname: Stretch\n"
                           + "input: check\nstreak: { period: { rolling: 7 }, times: 2 }\n"
                           + "reminder: { at: \"08:05\", days: [fri, sat] }\n", "version \(version)")
            let note = SQLite.run(other.path + "/haven.db", "SELECT ifnull(note, '-') FROM entry")
            XCTAssertEqual(note, version >= 25 ? "long" : "-", "version \(version)")
        }
    }
}
