import Foundation
import HavenCore
import TestSupport
import XCTest

/// `haven export json` and `haven import haven` (SPEC §9): a home's history
/// out and back in, whole, idempotent, and never half-written.
final class HistoryTransferTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var folder: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/gym.yaml": "name: Gym\nstreak: { period: { rolling: 7 }, times: 3 }\nfreezes: { start: 2, max: 3 }\n",
        ])
        folder = TemporaryDirectory()
    }

    @discardableResult
    private func haven(_ arguments: [String], in other: TemporaryDirectory? = nil, now: String = "2026-03-10 21:00")
        -> HavenProcess.Result {
        HavenRun(home: (other ?? home).path, now: now, directory: folder.path).run(arguments)
    }

    /// A history with every kind of record: entries with notes, a freeze,
    /// a mode switch (an epoch and an archived streak).
    private func makeHistory() {
        for day in ["01", "02", "03", "05", "08"] {
            XCTAssertEqual(haven(["log", "noalc", "steady", "--at", "2026-03-\(day) 20:00"]).status, 0)
            XCTAssertEqual(haven(["log", "water", "+3", "--at", "2026-03-\(day) 09:00", "--note", "day \(day)"]).status, 0)
            XCTAssertEqual(haven(["log", "gym", "--at", "2026-03-\(day) 18:00"]).status, 0)
        }
        XCTAssertEqual(haven(["skip", "gym", "2026-03-09"]).status, 0)
        XCTAssertEqual(haven(["mode", "noalc", "avoidance", "--yes"]).status, 0)
    }

    func testExportThenImportIntoAnotherHomeGivesTheSameStatusAndHistory() throws {
        makeHistory()
        let exported = haven(["export", "json", "--out", "history.jsonl"])
        XCTAssertEqual(exported.stdout, "Wrote 15 entries and the rest of your history to history.jsonl; 'haven import "
            + "haven history.jsonl' reads it back.\n", exported.stderr)
        let text = try String(contentsOfFile: folder.path + "/history.jsonl", encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").first, "{\"format\":\"haven-history\",\"version\":1}")
        XCTAssertEqual(haven(["export", "json"]).stdout, text, "standard output gets the same lines")

        // Another machine, weeks later, with the same tracker files.
        let other = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: home.path + "/trackers", toPath: other.path + "/trackers")
        let later = "2026-04-20 21:00"
        let before = haven(["status", "--json"], in: other, now: later)
        let dry = haven(["import", "haven", "history.jsonl", "--dry-run"], in: other, now: later)
        XCTAssertEqual(dry.stdout, "Would import 15 entries on 5 days, 1 freeze, 3 trackers' states, 3 mode and freeze "
            + "records from history.jsonl. Nothing was written.\n", dry.stderr)
        XCTAssertEqual(haven(["status", "--json"], in: other, now: later).stdout, before.stdout)
        XCTAssertEqual(haven(["import", "haven", "history.jsonl"], in: other, now: later).stdout,
                       "Imported 15 entries on 5 days, 1 freeze, 3 trackers' states, 3 mode and freeze records from "
                        + "history.jsonl.\n")
        XCTAssertEqual(haven(["status", "--json"], in: other, now: later).stdout,
                       haven(["status", "--json"], now: later).stdout)
        for id in ["noalc", "water", "gym"] {
            XCTAssertEqual(haven(["history", id, "--json"], in: other, now: later).stdout,
                           haven(["history", id, "--json"], now: later).stdout, id)
            XCTAssertEqual(haven(["streak", id, "--json"], in: other, now: later).stdout,
                           haven(["streak", id, "--json"], now: later).stdout, id)
        }
        // The same UUIDs; the source says where they came from.
        let entries = haven(["entries", "water", "--days", "3650", "--json"], in: other, now: later).stdout
        XCTAssertTrue(entries.contains("\"source\": \"import:haven\""), entries)
        let uuids = { (text: String) in text.split(separator: "\"").filter { $0.count == 36 && $0.contains("-7") } }
        XCTAssertEqual(Set(uuids(entries)), Set(uuids(haven(["entries", "water", "--days", "3650", "--json"], now: later).stdout)))
        // A second import adds nothing.
        let again = haven(["import", "haven", "history.jsonl", "--json"], in: other, now: later)
        XCTAssertTrue(again.stdout.hasPrefix("{\n  \"entries\": 0,\n  \"already_there\": 15,"), again.stdout)
    }

    func testAMalformedLineIsRefusedWithItsNumberAndNothingIsWritten() throws {
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "good.jsonl"]).status, 0)
        let lines = try String(contentsOfFile: folder.path + "/good.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let entry = try XCTUnwrap(lines.firstIndex { $0.contains("\"kind\":\"entry\"") })
        let broken: [(String, [String], String)] = [
            ("not-json", Array(lines[..<entry]) + ["{\"kind\": \"entry\","], "line \(entry + 1): this line is not a JSON object"),
            ("bad-uuid", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"uuid\":\"", with: "\"uuid\":\"x") : $0.element },
             "line \(entry + 1): 'uuid' must be a UUID like 0190f3a2-b4c5-7fff-bfff-000000000001"),
            ("no-day", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"day\":\"2026-03-01\",", with: "") : $0.element }, "line \(entry + 1): 'day' is missing"),
            ("bad-day", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"day\":\"2026-03-01\"", with: "\"day\":\"2026-02-30\"") : $0.element },
             "line \(entry + 1): 'day' must be a day like 2026-03-01"),
            ("kind", lines + ["{\"kind\":\"habit\"}"], "line \(lines.count + 1): unknown kind 'habit'; a line is an entry, "
                + "freeze, freeze_change, tracker, mode_epoch or archived_streak"),
            ("header", ["{\"format\":\"loop\"}"] + lines.dropFirst(), "line 1: this is not a file 'haven export json' "
                + "wrote (its first line names the format haven-history)"),
            ("newer", ["{\"format\":\"haven-history\",\"version\":9}"] + lines.dropFirst(), "line 1: this file was written "
                + "by a newer Haven (version 9); update Haven to read it"),
        ]
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        haven(["status"], in: other)
        let database = other.path + "/haven.db"
        let before = SQLite.dump(database)
        for (name, text, problem) in broken {
            folder.write(["\(name).jsonl": text.joined(separator: "\n") + "\n"])
            let result = haven(["import", "haven", "\(name).jsonl"], in: other)
            XCTAssertEqual(result.status, 65, name)
            XCTAssertEqual(result.stderr, "haven: error: \(name).jsonl:\(problem.dropFirst(5)); nothing was imported\n", name)
            XCTAssertEqual(SQLite.dump(database), before, name)
        }
        XCTAssertEqual(haven(["import", "haven", "missing.jsonl"], in: other).stderr,
                       "haven: error: no such file or folder: missing.jsonl\n")
    }

    func testEntriesOfTrackersTheHomeDoesNotDefineAreKeptAndNamed() {
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "all.jsonl"]).status, 0)
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertEqual(haven(["import", "haven", "all.jsonl"], in: other).stdout,
                       "Imported 15 entries on 5 days, 1 freeze, 2 trackers' states, 3 mode and freeze records from "
                        + "all.jsonl. No tracker file defines gym, noalc: add one with that id to see their history.\n")
        XCTAssertEqual(haven(["export", "json", "--out", "all.jsonl"], in: other).stderr,
                       "haven: error: all.jsonl already exists; give another name, or move it away\n")
    }

    func testCSVIsOneRFC4180TableInRealUnits() throws {
        makeHistory()
        XCTAssertEqual(haven(["log", "water", "+2", "--note", "with \"lemon\", cold"]).status, 0)
        let csv = haven(["export", "csv", "water", "noalc", "--from", "2026-03-08"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        // UUIDs are new each run: each row's first field, checked and then set aside.
        let rows = csv.stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows.last, "", "every row ends in CR LF")
        for row in rows.dropFirst().dropLast() {
            XCTAssertNotNil(UUID7.milliseconds(of: String(row.prefix(36))), row)
        }
        XCTAssertEqual(rows.dropLast().map { $0.hasPrefix("uuid,") ? $0 : "UUID" + $0.dropFirst(36) }, [
            "uuid,tracker,day,time,zone,value,level,unit,note,trigger,source",
            "UUID,noalc,2026-03-08,2026-03-08T20:00:00Z,GMT,,steady,,,,cli",
            "UUID,water,2026-03-08,2026-03-08T09:00:00Z,GMT,3,,glasses,day 08,,cli",
            "UUID,water,2026-03-10,2026-03-10T21:00:00Z,GMT,2,,glasses,\"with \"\"lemon\"\", cold\",,cli",
        ])
        XCTAssertEqual(haven(["export", "csv", "--from", "March"]).stderr,
                       "haven: error: --from takes a day like 2026-03-01, not 'March'\n")
    }

    private let harshHabits = ImportFixtures.harshHabits
    private let harshLog = ImportFixtures.harshLog

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
        loopBackup("loop.db", repetitions: ImportFixtures.loopRepetitions)
        let now = "2026-03-05 21:00"
        XCTAssertEqual(haven(["import", "loop", "loop.db", "--dry-run"], now: now).stdout, "Would import 8 entries on 4 "
            + "days and 1 freeze from Loop; would make 4 trackers (meditate, gym-2, run, coffee). 'Gym' is gym-2: a "
            + "tracker of yours has the id it would have had. Nothing was written.\n")
        XCTAssertEqual(haven(["import", "loop", "loop.db"], now: now).stdout, "Imported 8 entries on 4 days and 1 freeze "
            + "from Loop; made 4 trackers (meditate, gym-2, run, coffee). 'Gym' is gym-2: a tracker of yours has the id "
            + "it would have had.\n")
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
            + "had.\n")
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
                       "Wrote 3 habits and 8 days to haven.db; in Loop, choose Settings, Import data, and pick it.\n")
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
            + "and 1 freeze from Loop; made 3 trackers (gym, noalc, drink-water).\n")
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

    func testHealthExportGivesEachEntrysHealthValueWithItsType() throws {
        // Counted in glasses for the health tool: one glass is one (the preset's `per: 250` is for mL).
        home.write(["trackers/water.yaml": "extends: core/water\nhealth: { type: HKQuantityTypeIdentifierDietaryWater, "
                        + "unit: glass, per: 1 }\n",
                    "trackers/gym.yaml": "name: Gym\n"])
        let now = "2026-03-05 21:00"
        for arguments in [["noalc", "wild", "--at", "2026-03-04 20:00"], ["noalc", "steady"], ["water", "+2"], ["gym"]] {
            XCTAssertEqual(haven(["log"] + arguments, now: now).status, 0)
        }
        let rows = haven(["export", "health"], now: now).stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows.map { $0.count > 36 && $0.dropFirst(36).hasPrefix(",") ? "UUID" + $0.dropFirst(36) : $0 }, [
            "uuid,tracker,day,time,type,unit,value",
            "UUID,noalc,2026-03-04,2026-03-04T20:00:00Z,HKQuantityTypeIdentifierNumberOfAlcoholicBeverages,count,6",
            "UUID,noalc,2026-03-05,2026-03-05T21:00:00Z,HKQuantityTypeIdentifierNumberOfAlcoholicBeverages,count,0",
            "UUID,water,2026-03-05,2026-03-05T21:00:00Z,HKQuantityTypeIdentifierDietaryWater,glass,2",
            "",
        ], "a tracker without a health mapping (gym) is left out")
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

    func testLoopsCSVExportImportsLikeItsBackup() throws {
        loopCSV("loop.zip", marks: "Date,Value,Notes\n2026-03-05,YES_MANUAL,\n2026-03-04,YES_AUTO,\n"
            + "2026-03-03,YES_MANUAL,\"calm, \"\"quiet\"\"\"\n2026-03-02,SKIP,\n2026-03-01,YES_MANUAL,\n")
        let now = "2026-03-05 21:00"
        XCTAssertEqual(haven(["import", "loop", "loop.zip"], now: now).stdout,
                       "Imported 4 entries on 3 days and 1 freeze from Loop; made 2 trackers (meditate, run).\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/meditate.yaml", encoding: .utf8),
                       "# Imported from Loop: loop-csv|Meditate\nname: Meditate\ninput: check\n"
                        + "streak: { period: { rolling: 7 }, times: 3 }\n")
        let notes = haven(["entries", "meditate", "--json"], now: now).stdout
        XCTAssertTrue(notes.contains("\"note\": \"calm, \\\"quiet\\\"\""), notes)
        XCTAssertTrue(haven(["streak", "meditate", "--json"], now: now).stdout.contains("\"current\": 5,"))
        XCTAssertEqual(haven(["import", "loop", "loop.zip"], now: now).stdout,
                       "Imported 0 entries on 0 days from Loop into its trackers; 4 entries were already here.\n")
        loopCSV("bad.zip", marks: "Date,Value,Notes\n2026-03-05,MAYBE,\n")
        let bad = haven(["import", "loop", "bad.zip"], now: now)
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderr, "haven: error: bad.zip: 001 Meditate/Checkmarks.csv:2: 'MAYBE' is not a value Loop "
            + "writes; nothing was imported\n")
    }

    func testFilesWithWindowsLineEndsReadLikeAnyOther() throws {
        // CR LF is one Character in Swift: a reader that splits on "\n" alone sees one long line.
        folder.write(["harsh/habits": harshHabits.replacingOccurrences(of: "\n", with: "\r\n"),
                      "harsh/log": harshLog.replacingOccurrences(of: "\n", with: "\r\n")])
        XCTAssertEqual(haven(["import", "harsh", "harsh", "--dry-run"], now: "2026-03-07 21:00").stdout,
                       "Would import 7 entries on 5 days and 1 freeze from harsh; would make 4 trackers (gym-2, pullups, "
                        + "called-mom, coffee). 'Gym' is gym-2: a tracker of yours has the id it would have had. Nothing "
                        + "was written.\n")
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "unix.jsonl"]).status, 0)
        let text = try String(contentsOfFile: folder.path + "/unix.jsonl", encoding: .utf8)
        folder.write(["windows.jsonl": text.replacingOccurrences(of: "\n", with: "\r\n")])
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertTrue(haven(["import", "haven", "windows.jsonl"], in: other).stdout.hasPrefix("Imported 15 entries"))
    }
}
