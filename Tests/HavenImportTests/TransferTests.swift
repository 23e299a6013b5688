import HavenCore
import HavenImport
import XCTest

/// Each importer and exporter on files in memory, over a home in memory.
final class TransferTests: XCTestCase {
    private let march1 = Day("2026-03-01")!, march2 = Day("2026-03-02")!

    /// An entry's fields that matter, as one line.
    private func line(_ e: Entry) -> String {
        "\(e.tracker) \(e.day) \(e.value) \(e.note ?? "-") \(e.source) \(e.instant) \(e.zone) \(e.offset)"
    }

    func testHarshFilesBecomeTrackersEntriesAndFreezesOnce() throws {
        let importer = try HarshImporter(
            habits: "! Daily\nGym: 3/7\nRead: 1\n",
            log: """
                2026-03-01 : Gym : y : leg day
                2026-03-02 : Gym : s : travel
                2026-03-01 : Read : y :  : 20
                2026-03-02 : Read : y :  : 15
                2026-03-03 : Read : n

                """, folder: "harsh")
        // A live tracker has the id Gym would take; an earlier import made read.yaml.
        let home = MemoryHome(trackers: [MemoryHome.tracker("gym")])
        home.files = ["gym": "name: Gym", "read": "# Imported from harsh: Read"]
        let first = try Transfer(home: home).run(importer, dryRun: false)
        let gym = NewTracker(name: "Gym", id: "gym-2", text: "# Imported from harsh: Gym\nname: Gym\ninput: check\n"
                                 + "streak: { period: { rolling: 7 }, times: 3 }\n", created: true, renamed: true)
        let read = NewTracker(name: "Read", id: "read", text: "# Imported from harsh: Read\nname: Read\ninput: amount\n"
                                  + "unit: units\n", created: false, renamed: false)
        XCTAssertEqual(first.plan.trackers, [gym, read])
        XCTAssertEqual(home.validated, [[gym]])
        XCTAssertEqual(first.plan.contents.entries.map(line), [
            "gym-2 2026-03-01 none leg day import:harsh \(march1.berlinNoon) Europe/Berlin 3600",
            "read 2026-03-01 number(20.0) - import:harsh \(march1.berlinNoon) Europe/Berlin 3600",
            "read 2026-03-02 number(15.0) - import:harsh \(march2.berlinNoon) Europe/Berlin 3600",
        ])
        XCTAssertEqual(first.plan.contents.freezes, [Freeze(tracker: "gym-2", day: march2, note: "travel",
                                                            placedAt: home.milliseconds)])
        XCTAssertEqual([first.entries, first.days, first.freezes, first.alreadyThere], [3, 2, 1, 0])
        XCTAssertEqual(first.renamed.map { "\($0.name)→\($0.tracker)" }, ["Gym→gym-2"])

        // The same files again: the same trackers, the same UUIDs, nothing new.
        let again = try Transfer(home: home).run(importer, dryRun: false)
        XCTAssertEqual(again.plan.trackers.map(\.id), ["gym-2", "read"])
        XCTAssertEqual(again.plan.trackers.map(\.created), [false, false])
        XCTAssertEqual(again.plan.contents.entries.map(\.uuid), first.plan.contents.entries.map(\.uuid))
        XCTAssertEqual([again.entries, again.alreadyThere], [0, 3])
    }

    func testAHarshLineThatCannotBeReadIsNamedByItsPlace() {
        let cases: [(String, String, ImportError)] = [
            ("Gym 3/7\n", "", ImportError(file: "h/habits", line: 1, .harshHabitLine)),
            ("Gym: 3/7\nGym: 1\n", "", ImportError(file: "h/habits", line: 2, .harshHabitTwice(name: "Gym"))),
            ("Gym: often\n", "", ImportError(file: "h/habits", line: 1, .harshFrequency("often"))),
            ("Gym: 1\n", "2026-03-01 Gym y\n", ImportError(file: "h/log", line: 1, .harshLogLine)),
            ("Gym: 1\n", "\n2026-03-01 : Swim : y\n", ImportError(file: "h/log", line: 2, .harshUnknownHabit("Swim"))),
            ("Gym: 1\n", "2026-03-01 : Gym : maybe\n", ImportError(file: "h/log", line: 1, .harshResult("maybe"))),
            ("Gym: 1\n", "2026-03-01 : Gym : y :  : lots\n", ImportError(file: "h/log", line: 1, .harshAmount("lots"))),
        ]
        for (habits, log, expected) in cases {
            XCTAssertThrowsError(try HarshImporter(habits: habits, log: log, folder: "h")) { error in
                XCTAssertEqual(error as? ImportError, expected)
            }
        }
    }

    func testLoopsCSVFilesReadLikeItsBackup() throws {
        let files = [
            "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
                + "Archived?,Unit,Target Type,Target Value\n001,Meditate,YES_NO,,,1,1,#000,false,,,\n"
                + "002,Run,NUMERICAL,,,3,7,#000,false,km,AT_LEAST,5\n",
            "001 Meditate/Checkmarks.csv": "Date,Value,Notes\n2026-03-02,SKIP,ill\n2026-03-01,YES_MANUAL,calm\n"
                + "2026-02-28,YES_AUTO,\n",
            "002 Run/Checkmarks.csv": "Date,Value,Notes\r\n2026-03-01,5500,\"park, then river\"\r\n2026-03-02,0,\r\n",
        ]
        let backup = try LoopCSV.backup(files, shown: "loop.zip")
        XCTAssertEqual(backup.habits.map { "\($0.id) \($0.name) \($0.type) \($0.numerator)/\($0.denominator) \($0.unit)" },
                       ["1 Meditate 0 1/1 ", "2 Run 1 3/7 km"])
        XCTAssertEqual(backup.repetitions.map { "\($0.habit) \($0.timestamp / 86_400_000) \($0.value) \($0.notes ?? "-")" },
                       ["1 \(march2.number) 3 ill", "1 \(march1.number) 2 calm", "1 \(march1.number - 1) 1 -",
                        "2 \(march1.number) 5500 park, then river", "2 \(march2.number) 0 -"])

        let plan = try LoopImporter(backup: backup, shown: "loop.zip").plan(for: MemoryHome())
        XCTAssertEqual(plan.trackers.map(\.text), [
            "# Imported from Loop: loop-csv|Meditate\nname: Meditate\ninput: check\n",
            "# Imported from Loop: loop-csv|Run\nname: Run\ninput: amount\nunit: km\ngoal: { at_least: 5 }\n"
                + "streak: { period: { rolling: 7 }, times: 3 }\n",
        ])
        XCTAssertEqual(plan.contents.entries.map(line), [
            "meditate 2026-03-01 none calm import:loop \(march1.berlinNoon) Europe/Berlin 3600",
            "run 2026-03-01 number(5.5) park, then river import:loop \(march1.berlinNoon) Europe/Berlin 3600",
        ])
        XCTAssertEqual(plan.contents.freezes, [Freeze(tracker: "meditate", day: march2, note: "ill",
                                                      placedAt: MemoryHome().milliseconds)])
    }

    func testLoopCSVThatCannotBeReadIsNamedByItsPlace() {
        let header = "Position,Name,Type,FrequencyNumerator,FrequencyDenominator\n"
        let cases: [([String: String], ImportError)] = [
            ([:], ImportError(file: "l.zip: Habits.csv", .missing)),
            (["Habits.csv": "Name\n"], ImportError(file: "l.zip: Habits.csv", line: 1, .loopCSVHeader)),
            (["Habits.csv": header + "x,Run,YES_NO,1,1\n"], ImportError(file: "l.zip: Habits.csv", line: 2, .loopCSVHabit)),
            (["Habits.csv": header + "1,Run,YES_NO,1,1\n", "001 Run/Checkmarks.csv": "Date,Value\nsoon,YES_MANUAL\n"],
             ImportError(file: "l.zip: 001 Run/Checkmarks.csv", line: 2, .loopCSVDay)),
            (["Habits.csv": header + "1,Run,YES_NO,1,1\n", "001 Run/Checkmarks.csv": "Date,Value\n2026-03-01,MAYBE\n"],
             ImportError(file: "l.zip: 001 Run/Checkmarks.csv", line: 2, .loopCSVValue("MAYBE"))),
            (["Habits.csv": header + "1,\"Run\n"], ImportError(file: "l.zip: Habits.csv", line: 3, .quotedFieldOpen)),
        ]
        for (files, expected) in cases {
            XCTAssertThrowsError(try LoopCSV.backup(files, shown: "l.zip")) { error in
                XCTAssertEqual(error as? ImportError, expected)
            }
        }
        let orphan = LoopBackup(habits: [], repetitions: [.init(habit: 7, timestamp: 0, value: 2, notes: nil)])
        XCTAssertThrowsError(try LoopImporter(backup: orphan, shown: "b.db").plan(for: MemoryHome())) { error in
            XCTAssertEqual(error as? MemoryHome.Failure,
                           .problem(ImportError(file: "b.db", .loopOrphan(repetition: 0, habit: 7))))
        }
    }

    func testHavensOwnFileReadsBackWhatItWrote() throws {
        var contents = StoreContents()
        contents.entries = [Entry(tracker: "water", instant: march1.berlinNoon, zone: "Europe/Berlin", offset: 3600,
                                  day: march1, value: .number(2), note: "tea", writtenAt: march1.berlinNoon,
                                  uuid: "0190f3a2-b4c5-7fff-bfff-000000000001", source: "cli")]
        contents.freezes = [Freeze(tracker: "water", day: march2, note: nil, placedAt: 5)]
        contents.states = ["water": TrackerState(firstSeen: march1, mode: nil, position: 2)]
        let text = HistoryFile.lines(contents).joined()
        let plan = try HistoryImporter(text: text, shown: "h.jsonl").plan(for: MemoryHome())
        var expected = contents
        expected.entries[0].source = "import:haven"
        XCTAssertEqual(plan.contents, expected)

        let header = "{\"format\":\"haven-history\",\"version\":1}\n"
        let cases: [(String, ImportError)] = [
            ("", ImportError(file: "h.jsonl", line: 1, .emptyHistory)),
            ("{\"format\":\"csv\"}\n", ImportError(file: "h.jsonl", line: 1, .notHavenHistory)),
            ("{\"format\":\"haven-history\",\"version\":9}\n", ImportError(file: "h.jsonl", line: 1, .newerHistory(version: 9))),
            (header + "[1]\n", ImportError(file: "h.jsonl", line: 2, .notJSONObject)),
            (header + "{\"kind\":\"entry\"}\n", ImportError(file: "h.jsonl", line: 2, .keyMissing("uuid"))),
            (header + "{\"kind\":\"freeze\",\"tracker\":\"Water!\"}\n",
             ImportError(file: "h.jsonl", line: 2, .keyType("tracker", .trackerID))),
            (header + "{\"kind\":\"mood\"}\n", ImportError(file: "h.jsonl", line: 2, .unknownKind("mood"))),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try HistoryImporter(text: text, shown: "h.jsonl")) { error in
                XCTAssertEqual(error as? ImportError, expected, text)
            }
        }
    }

    func testAppleHealthRecordsBecomeOneLevelADayAndTheRestIsCounted() throws {
        let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
        let levels = LevelSet(reference: nil, levels: [
            Level(key: "steady", label: LocalizedText("Steady"), effect: .success, healthRange: .init(lower: nil, upper: 0)),
            Level(key: "easy", label: LocalizedText("Easy"), effect: .success, healthRange: .init(lower: 0.5, upper: 2)),
            Level(key: "wild", label: LocalizedText("Wild"), effect: .break, healthRange: .init(lower: 2.5, upper: nil)),
        ])
        let home = MemoryHome(trackers: [MemoryHome.tracker("noalc", input: .levels, levels: levels,
                                                            health: HealthMapping(type: drinks))])
        func record(_ type: String, _ time: String, _ value: String) -> HealthRecord {
            HealthRecord(type: type, source: "NoAlc", start: HealthTime(time)!, end: HealthTime(time)!, value: value,
                         unit: nil)
        }
        let records = [record(drinks, "2026-03-01 21:05:00 +0100", "1"), record(drinks, "2026-03-01 22:05:00 +0100", "1"),
                       record("HKQuantityTypeIdentifierDietaryWater", "2026-03-01 08:00:00 +0100", "250")]
        let importer = AppleHealthImporter(records: { (types, each) throws(ImportError) in
            for record in records where types.contains(record.type) { try each(record) }
            return ["HKQuantityTypeIdentifierStepCount": 4]
        }, tracker: nil, sources: [], mlPerUnit: 250)
        let outcome = try Transfer(home: home).run(importer, dryRun: true)
        XCTAssertEqual(outcome.plan.contents.entries.map(line), [
            "noalc 2026-03-01 level(\"easy\") - import:apple-health \(march1.number * 86_400_000 + 21 * 3_600_000 + 300_000)"
                + " GMT+0100 3600",
        ])
        let health = outcome.health
        XCTAssertEqual(health.targets, [.init(type: drinks, tracker: "noalc", records: 2, entries: 1)])
        XCTAssertEqual(health.skipped.map { "\($0.skip) \($0.count)" }, [
            "otherType(\"HKQuantityTypeIdentifierStepCount\") 4",
            "noTracker(type: \"HKQuantityTypeIdentifierDietaryWater\") 1",
        ])
        XCTAssertEqual(health.sources.map { "\($0.name) \($0.count)" }, ["NoAlc 3"])
        XCTAssertEqual(home.committed.map(\.dryRun), [true])

        let water = AppleHealthImporter(records: { _, _ throws(ImportError) in [:] }, tracker: "noalc", sources: [],
                                        mlPerUnit: 250)
        home.trackers[0].health = nil
        XCTAssertThrowsError(try Transfer(home: home).run(water, dryRun: true)) { error in
            XCTAssertEqual(error as? MemoryHome.Failure, .problem(ImportError(file: "noalc", .noHealthType(nil))))
        }
    }

    func testALoopBackupOfTheHomeHasAHabitPerTrackerAndARepetitionPerDay() throws {
        let home = MemoryHome(trackers: [MemoryHome.tracker("water", input: .count), MemoryHome.tracker("meditate")])
        func entry(_ tracker: String, _ value: EntryValue, _ note: String?, at minute: Int64) -> Entry {
            Entry(tracker: tracker, instant: march1.berlinNoon + minute * 60_000, zone: "Europe/Berlin", offset: 3600,
                  day: march1, value: value, note: note, writtenAt: 0, uuid: "", source: "cli")
        }
        home.history.entries = [entry("water", .number(2), "tea", at: 0), entry("water", .number(3), nil, at: 5),
                                entry("meditate", .none, "calm", at: 1)]
        home.history.freezes = [Freeze(tracker: "meditate", day: march2, placedAt: 0)]
        let backup = try Transfer(home: home).loopBackup(language: "en").backup
        XCTAssertEqual(backup.habits.map { "\($0.id) \($0.name) \($0.type) \($0.numerator)/\($0.denominator)" },
                       ["1 Water 1 1/1", "2 Meditate 0 1/1"])
        XCTAssertEqual(backup.repetitions.map { "\($0.habit) \($0.timestamp) \($0.value) \($0.notes ?? "-")" }, [
            "1 \(Int64(march1.number) * 86_400_000) 5000 tea",
            "2 \(Int64(march1.number) * 86_400_000) 2 calm",
            "2 \(Int64(march2.number) * 86_400_000) 3 -",
        ])
        XCTAssertEqual(try Transfer(home: home).healthRows().count, 0)
    }
}
