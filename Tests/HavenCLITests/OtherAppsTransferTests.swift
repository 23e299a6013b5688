import Foundation
import HavenCore
import TestSupport
import XCTest

/// `haven import harsh`, `import loop` and `export loop` (SPEC §9): other
/// apps' files become trackers and entries once, and Haven's go back.
final class OtherAppsTransferTests: TransferTestCase {
    func testHarshHabitsBecomeTrackersAndTheirDaysEntriesOnce() throws {
        folder.write(["harsh/habits": harshHabits, "harsh/log": harshLog])
        home.write(["trackers/gym.yaml": "name: My gym\n"])
        let now = "2026-03-07 21:00"
        haven(["status"], now: now)
        let database = home.path + "/haven.db"
        let before = SQLite.dump(database)
        let dry = haven(["import", "harsh", "harsh", "--dry-run"], now: now)
        XCTAssertEqual(dry.stdout, "Would import 7 entries on 5 days and 1 freeze from harsh; would make 4 trackers "
            + "(gym-2, pullups, called-mom, coffee). 'Gym' is gym-2: a tracker of yours has the id it would have had. "
            + "Nothing was written.\n", dry.stderr)
        XCTAssertEqual(SQLite.dump(database), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/trackers/pullups.yaml"))
        let imported = haven(["import", "harsh", "harsh"], now: now)
        XCTAssertEqual(imported.stdout, "Imported 7 entries on 5 days and 1 freeze from harsh; made 4 trackers (gym-2, "
            + "pullups, called-mom, coffee). 'Gym' is gym-2: a tracker of yours has the id it would have had.\n",
            imported.stderr)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/gym-2.yaml", encoding: .utf8),
                       "# Imported from harsh: Gym\nname: Gym\ninput: check\nstreak: { period: { rolling: 7 }, times: 3 }\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/pullups.yaml", encoding: .utf8),
                       "# Imported from harsh: Pullups\nname: Pullups\ninput: amount\nunit: units\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/coffee.yaml", encoding: .utf8),
                       "# Imported from harsh: Coffee\nname: Coffee\ninput: amount\nunit: units\nstreak: false\n")
        XCTAssertEqual(haven(["status"], now: now).stdout, """
            NoAlc         not logged yet today     streak 0 · 0 jokers
            Called Mom    1/1 in the last 7 days   streak 3 · 1 more by Thursday keeps it
            Coffee        0 units today            no streak
            Gym           4/3 in the last 7 days   streak 7 · 1 more by Tuesday keeps it
            My gym        open today               streak 0
            Pullups       0 units today            streak 0
            Drink Water   0/8 glasses today        streak 0

            """)
        let gym = haven(["streak", "gym-2", "--json"], now: now).stdout
        XCTAssertTrue(gym.contains("\"current\": 7,") && gym.contains("\"days_left\": 3,"), gym)
        let entries = haven(["entries", "pullups", "--days", "30", "--json"], now: now).stdout
        XCTAssertTrue(entries.contains("\"value\": 25,") && entries.contains("\"note\": \"new record\""), entries)
        XCTAssertTrue(entries.contains("\"source\": \"import:harsh\""), entries)
        // The same files again add nothing and make no new tracker.
        XCTAssertEqual(haven(["import", "harsh", "harsh"], now: now).stdout, "Imported 0 entries on 0 days from harsh "
            + "into its trackers; 7 entries were already here. 'Gym' is gym-2: a tracker of yours has the id it would "
            + "have had.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers").sorted(),
                       ["called-mom.yaml", "coffee.yaml", "gym-2.yaml", "gym.yaml", "noalc.yaml", "pullups.yaml",
                        "water.yaml"])
    }

    func testAMalformedHarshLineIsRefusedWithItsPlaceAndNothingIsWritten() {
        let cases: [(String, String, String)] = [
            (harshHabits, harshLog + "2026-03-07 : Gym : maybe\n", "harsh/log:11: 'maybe' is not y, n or s"),
            (harshHabits, harshLog + "2026-03-07 : Yoga : y\n",
             "harsh/log:11: no habit 'Yoga' in the habits file; add it there or remove the line"),
            (harshHabits, "March 1st : Gym : y\n",
             "harsh/log:1: a log line is written 'YYYY-MM-DD : Habit : y', with y, n or s"),
            (harshHabits, "2026-03-02 : Pullups : y : : lots\n".replacingOccurrences(of: ": :", with: ":  :"),
             "harsh/log:1: the amount 'lots' is not a number"),
            (harshHabits + "Yoga: often\n", harshLog,
             "harsh/habits:7: 'often' is not a frequency harsh writes (1, 7, 1w, 3/7 or 0)"),
            (harshHabits + "Gym: 1\n", harshLog, "harsh/habits:7: 'Gym' is in the habits file twice; keep one line for it"),
        ]
        haven(["status"])
        let database = home.path + "/haven.db"
        let before = SQLite.dump(database)
        for (habits, log, problem) in cases {
            folder.write(["harsh/habits": habits, "harsh/log": log])
            let result = haven(["import", "harsh", "harsh"])
            XCTAssertEqual(result.status, 65, problem)
            XCTAssertEqual(result.stderr, "haven: error: \(problem); nothing was imported\n")
            XCTAssertEqual(SQLite.dump(database), before, problem)
            XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers").sorted(),
                           ["gym.yaml", "noalc.yaml", "water.yaml"], problem)
        }
    }

    private func loopBackup(_ name: String, repetitions: String) {
        ImportFixtures.loopBackup(folder.path + "/" + name, repetitions: repetitions)
    }

    private func stamp(_ day: Int) -> String { ImportFixtures.stamp(day) }

    func testALoopBackupBecomesTrackersEntriesAndFreezesOnce() throws {
        let notKept = "\nNot kept:\n  2 days Loop marked not done are left out: a day with no entry is not done here.\n"
            + "  the question of 1 habit is not kept: a tracker has a name only.\n"
        loopBackup("loop.db", repetitions: ImportFixtures.loopRepetitions)
        let now = "2026-03-05 21:00"
        XCTAssertEqual(haven(["import", "loop", "loop.db", "--dry-run"], now: now).stdout, "Would import 8 entries on 4 "
            + "days and 1 freeze from Loop; would make 4 trackers (meditate, gym-2, run, coffee). 'Gym' is gym-2: a "
            + "tracker of yours has the id it would have had. Nothing was written." + notKept)
        XCTAssertEqual(haven(["import", "loop", "loop.db"], now: now).stdout, "Imported 8 entries on 4 days and 1 freeze "
            + "from Loop; made 4 trackers (meditate, gym-2, run, coffee). 'Gym' is gym-2: a tracker of yours has the id "
            + "it would have had." + notKept)
        let file = { (id: String) in try String(contentsOfFile: self.home.path + "/trackers/\(id).yaml", encoding: .utf8) }
        XCTAssertEqual(try file("meditate"), "# Imported from Loop: aaaa0001\nname: Meditate\ninput: check\n"
            + "reminder: { at: \"07:30\" }\n")
        XCTAssertEqual(try file("gym-2"), "# Imported from Loop: aaaa0002\nname: Gym\ninput: check\n"
            + "streak: { period: { rolling: 7 }, times: 3 }\n")
        XCTAssertEqual(try file("run"), "# Imported from Loop: aaaa0003\nname: Run\ninput: amount\nunit: km\n"
            + "goal: { at_least: 5 }\n")
        XCTAssertEqual(try file("coffee"), "# Imported from Loop: aaaa0004\nname: Coffee\ninput: amount\nunit: cups\n"
            + "goal: { at_most: 2 }\n")
        // 03-03 was filled in by Loop itself: dropped, so the streak of Meditate broke there.
        XCTAssertEqual(haven(["status"], now: now).stdout, """
            NoAlc         not logged yet today        streak 0 · 0 jokers
            Coffee        0 of at most 2 cups today   streak 3
            Gym           3/3 in the last 7 days      streak 5 · 1 more by Monday keeps it
            Gym           0/3 in the last 7 days      streak 0 · 2 freezes
            Meditate      open today                  streak 1 · at risk
            Run           0/5 km today                streak 0
            Drink Water   0/8 glasses today           streak 0

            """)
        let run = haven(["entries", "run", "--days", "30", "--json"], now: now).stdout
        XCTAssertTrue(run.contains("\"value\": 5.5,") && run.contains("\"note\": \"park\""), run)
        XCTAssertEqual(haven(["import", "loop", "loop.db"], now: now).stdout, "Imported 0 entries on 0 days from Loop into "
            + "its trackers; 8 entries were already here. 'Gym' is gym-2: a tracker of yours has the id it would have "
            + "had." + notKept)
    }

    func testWhatIsNoLoopBackupIsRefusedAndNothingIsWritten() {
        folder.write(["notes.db": "these are my notes\n"])
        loopBackup("text.db", repetitions: "(1, \(stamp(1)), 'lots', NULL)")
        loopBackup("orphan.db", repetitions: "(9, \(stamp(1)), 2, NULL)")
        _ = SQLite.run(folder.path + "/other.db", "CREATE TABLE notes (id integer)")
        haven(["status"])
        let database = home.path + "/haven.db"
        let before = SQLite.dump(database)
        for (file, problem) in [
            ("notes.db", "notes.db is not a Loop Habit Tracker backup: it is not an SQLite database"),
            ("other.db", "other.db is not a Loop Habit Tracker backup: it has no Habits and Repetitions tables"),
            ("text.db", "text.db: Repetitions record 1: its value holds the text 'lots'"),
            ("orphan.db", "orphan.db: Repetitions record 1: its habit 9 is not in the Habits table"),
        ] {
            let result = haven(["import", "loop", file])
            XCTAssertEqual(result.status, 65, file)
            XCTAssertEqual(result.stderr, "haven: error: \(problem); nothing was imported\n", file)
            XCTAssertEqual(SQLite.dump(database), before, file)
            XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers").sorted(),
                           ["gym.yaml", "noalc.yaml", "water.yaml"], file)
        }
    }

    func testExportLoopThenImportLoopRoundTrips() throws {
        let now = "2026-03-05 21:00"
        for (arguments, day) in [(["water", "8"], "01"), (["water", "3"], "02"), (["gym"], "01"), (["gym"], "03"),
                                 (["gym"], "05"), (["noalc", "steady"], "01"), (["noalc", "wild"], "02")] {
            XCTAssertEqual(haven(["log"] + arguments + ["--at", "2026-03-\(day) 20:00", "--note", "n\(day)"], now: now)
                .status, 0)
        }
        XCTAssertEqual(haven(["skip", "gym", "2026-03-04"], now: now).status, 0)
        XCTAssertEqual(haven(["export", "loop", "haven.db"], now: now).stdout,
                       "Wrote 3 habits and 8 days to haven.db; in Loop, choose Settings, Import data, and pick it.\n"
                        + "Loop cannot hold all of it:\n"
                        + "  noalc: Loop has no levels; a day logged steady is done there, any other is not.\n"
                        + "  noalc: Loop has no jokers; a day one healed is a miss there.\n")
        let backup = folder.path + "/haven.db"
        XCTAssertEqual(SQLite.run(backup, "PRAGMA user_version"), "25")
        let habits = "SELECT name, freq_num, freq_den, type, target_type, target_value, unit FROM Habits ORDER BY name"
        XCTAssertEqual(SQLite.run(backup, habits), "Drink Water|1|1|1|0|8.0|glasses\nGym|3|7|0|0|0.0|\nNoAlc|1|1|0|0|0.0|")
        let days = "SELECT h.name, r.timestamp, r.value, r.notes FROM Repetitions r JOIN Habits h ON h.id = r.habit "
            + "WHERE h.name != 'NoAlc' ORDER BY h.name, r.timestamp"
        let exported = SQLite.run(backup, days)
        XCTAssertEqual(SQLite.run(backup, "SELECT r.value FROM Repetitions r JOIN Habits h ON h.id = r.habit "
            + "WHERE h.name = 'NoAlc' ORDER BY r.timestamp"), "2\n0", "a steady day is done, a wild one is not")

        // Loop's backup read back by Haven's own importer gives the same days and streaks.
        let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
        XCTAssertEqual(haven(["import", "loop", "haven.db"], in: other, now: now).stdout, "Imported 6 entries on 4 days "
            + "and 1 freeze from Loop; made 3 trackers (gym, noalc, drink-water).\nNot kept:\n"
            + "  1 day Loop marked not done is left out: a day with no entry is not done here.\n")
        XCTAssertEqual(haven(["export", "loop", "again.db"], in: other, now: now).status, 0)
        XCTAssertEqual(SQLite.run(folder.path + "/again.db", days), exported)
        for (mine, theirs) in [("gym", "gym"), ("water", "drink-water")] {
            let original = try JSONSerialization.jsonObject(with: Data(haven(["streak", mine, "--json"], now: now).stdout.utf8))
                as? [String: Any]
            let imported = try JSONSerialization.jsonObject(
                with: Data(haven(["streak", theirs, "--json"], in: other, now: now).stdout.utf8)) as? [String: Any]
            for key in ["current", "longest", "today", "days_left"] {
                XCTAssertEqual(original?[key] as? NSObject, imported?[key] as? NSObject, "\(mine) \(key)")
            }
        }
        XCTAssertEqual(haven(["export", "loop", "haven.db"], now: now).stderr,
                       "haven: error: haven.db already exists; give another name, or move it away\n")
    }

    /// An avoidance tracker goes to Loop as a numeric habit of at most 0
    /// (its relapses counted), never an inverted yes/no one; a numeric
    /// tracker's freeze is a skip (3), and comes back as a freeze.
    func testAvoidanceGoesToLoopAsAtMostZeroAndNumericFreezesAsSkips() throws {
        home.write(["trackers/scroll.yaml": "name: Scroll\ntype: saboteur\nmode: avoidance\ninput: check\n"])
        let now = "2026-03-05 21:00"
        for (arguments, at) in [(["scroll"], "2026-03-02 10:00"), (["scroll"], "2026-03-02 22:00"), (["water", "8"], "2026-03-01 09:00")] {
            XCTAssertEqual(haven(["log"] + arguments + ["--at", at], now: now).status, 0)
        }
        XCTAssertEqual(haven(["skip", "water", "2026-03-03"], now: now).status, 0)
        XCTAssertEqual(haven(["export", "loop", "loop.db"], now: now).status, 0)
        let backup = folder.path + "/loop.db"
        XCTAssertEqual(SQLite.run(backup, "SELECT name, type, target_type, target_value FROM Habits WHERE name IN ('Scroll', "
            + "'Drink Water') ORDER BY name"), "Drink Water|1|0|8.0\nScroll|1|1|0.0")
        XCTAssertEqual(SQLite.run(backup, "SELECT h.name, r.timestamp, r.value FROM Repetitions r JOIN Habits h ON h.id = "
            + "r.habit WHERE h.name IN ('Scroll', 'Drink Water') ORDER BY h.name, r.timestamp"),
                       "Drink Water|1772323200000|8000\nDrink Water|1772496000000|3\nScroll|1772409600000|2000")
        let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
        XCTAssertEqual(haven(["import", "loop", "loop.db"], in: other, now: now).status, 0)
        XCTAssertEqual(SQLite.run(other.path + "/haven.db", "SELECT tracker || ' ' || day FROM freeze ORDER BY tracker"),
                       "drink-water 2026-03-03")
    }

    /// A backup of Loop's older schema (version 12: no `value`, no `uuid`,
    /// no `type`) reads with Loop's own defaults: each repetition a checked day.
    func testALoopBackupOfItsOlderSchemaImports() throws {
        let backup = folder.path + "/loop-v12.db"
        let made = SQLite.run(backup, """
            CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
                freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
                reminder_min integer, reminder_days integer not null default 127);
            CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
                timestamp integer not null);
            CREATE TABLE Checkmarks (id integer primary key autoincrement, habit integer references habits(id),
                timestamp integer, value integer);
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position)
                VALUES (1, 0, 0, '', 1, 1, 0, 'Meditate', 0);
            INSERT INTO Repetitions (habit, timestamp) VALUES (1, 1772323200000), (1, 1772409600000);
            PRAGMA user_version = 12;
            SELECT count(*) FROM Repetitions;
            """)
        XCTAssertEqual(made, "2")
        let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
        XCTAssertEqual(haven(["import", "loop", "loop-v12.db"], in: other, now: "2026-03-05 21:00").stdout,
                       "Imported 2 entries on 2 days from Loop; made 1 tracker (meditate).\n")
        XCTAssertEqual(SQLite.run(other.path + "/haven.db", "SELECT tracker || ' ' || day FROM entry ORDER BY day"),
                       "meditate 2026-03-01\nmeditate 2026-03-02")
    }

    func testLoopsCSVExportImportsLikeItsBackup() throws {
        loopCSV("loop.zip", marks: "Date,Value,Notes\n2026-03-05,YES_MANUAL,\n2026-03-04,YES_AUTO,\n"
            + "2026-03-03,YES_MANUAL,\"calm, \"\"quiet\"\"\"\n2026-03-02,SKIP,\n2026-03-01,YES_MANUAL,\n")
        let now = "2026-03-05 21:00"
        let notKept = "Not kept:\n  1 day Loop marked not done is left out: a day with no entry is not done here.\n"
            + "  the question of 1 habit is not kept: a tracker has a name only.\n"
        XCTAssertEqual(haven(["import", "loop", "loop.zip"], now: now).stdout,
                       "Imported 4 entries on 3 days and 1 freeze from Loop; made 2 trackers (meditate, run).\n" + notKept)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/meditate.yaml", encoding: .utf8),
                       "# Imported from Loop: loop-csv|Meditate\nname: Meditate\ninput: check\n"
                        + "streak: { period: { rolling: 7 }, times: 3 }\n")
        let notes = haven(["entries", "meditate", "--json"], now: now).stdout
        XCTAssertTrue(notes.contains("\"note\": \"calm, \\\"quiet\\\"\""), notes)
        XCTAssertTrue(haven(["streak", "meditate", "--json"], now: now).stdout.contains("\"current\": 5,"))
        XCTAssertEqual(haven(["import", "loop", "loop.zip"], now: now).stdout,
                       "Imported 0 entries on 0 days from Loop into its trackers; 4 entries were already here.\n" + notKept)
        loopCSV("bad.zip", marks: "Date,Value,Notes\n2026-03-05,MAYBE,\n")
        let bad = haven(["import", "loop", "bad.zip"], now: now)
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderr, "haven: error: bad.zip: 001 Meditate/Checkmarks.csv:2: 'MAYBE' is not a value Loop "
            + "writes; nothing was imported\n")
    }

    /// A zip as Loop's CSV export makes it, with `marks` as Meditate's Checkmarks.csv.
    private func loopCSV(_ name: String, marks: String) {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('Habits.csv', 'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,'
                    'Color,Unit,Target Type,Target Value,Archived?\\n001,Meditate,YES_NO,"Did you, really?",,3,7,#FF8F00,,,,'
                    'false\\n002,Run,NUMERICAL,,,1,1,#4CAF50,km,AT_LEAST,5.0,false\\n')
                z.writestr('001 Meditate/Checkmarks.csv', sys.argv[2])
                z.writestr('001 Meditate/Scores.csv', 'Date,Score\\n')
                z.writestr('002 Run/Checkmarks.csv', 'Date,Value,Notes\\n2026-03-02,0,\\n2026-03-01,5500,park\\n')
            """
        XCTAssertEqual(HavenProcess.run(["-c", script, folder.path + "/" + name, marks],
                                        executable: "/usr/bin/python3").status, 0)
    }
}
