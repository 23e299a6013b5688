import Foundation
import HavenCore
import TestSupport
import XCTest

/// `haven log` and the commands that correct the record, through the binary.
final class LogCommandTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/noalc.yaml": "extends: core/noalc\nstreak: { milestones: [3] }\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/meditation.yaml": "extends: core/meditation\n",
        ])
    }

    @discardableResult
    private func haven(_ arguments: [String], now: String = "2026-03-01 21:30", zone: String = "Europe/Berlin",
                       extra: [String: String] = [:]) -> HavenProcess.Result {
        HavenRun(home: home.path, now: now, zone: zone, environment: extra).run(arguments)
    }

    private func entryCount() -> Int {
        let result = haven(["entries", "water", "--days", "3650", "--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])?.count ?? -1
    }

    func testLogJSONIsTheWrittenEntryWithItsStreak() throws {
        let result = haven(["log", "water", "+2", "--note", "after the run", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // A new UUID each time, made from when the entry was written.
        let uuid = try XCTUnwrap(result.stdout.split(separator: "\"").dropFirst().first { UUID7.isValid(String($0)) })
        XCTAssertEqual(UUID7.milliseconds(of: String(uuid)), 1_772_397_000_000)
        XCTAssertEqual(result.stdout, """
            {
              "id": 1,
              "uuid": "\(uuid)",
              "tracker": "water",
              "day": "2026-03-01",
              "value": 2,
              "at": "2026-03-01T21:30:00+01:00",
              "zone": "Europe/Berlin",
              "note": "after the run",
              "source": "cli",
              "streak": {
                "tracker": "water",
                "name": "Drink Water",
                "current": 0,
                "longest": 0,
                "today": "pending",
                "at_risk": false,
                "jokers": {
                  "available": 0,
                  "earned": 0,
                  "used": 0
                },
                "freezes": {
                  "available": null
                },
                "score": 0.012981,
                "period": "day",
                "archived": []
              }
            }

            """)
    }

    func testRepliesForPeopleAndAMilestoneOnce() {
        XCTAssertEqual(haven(["log", "water", "+3"]).stdout, "Drink Water: 3/8 glasses today · streak 0\n")
        XCTAssertEqual(haven(["log", "water", "5"]).stdout, "Drink Water: 8/8 glasses today · streak 1\n")
        XCTAssertEqual(haven(["log", "stretching"]).stdout, "Stretching: done today · streak 1\n")
        haven(["log", "noalc", "steady", "--at", "2026-02-27 20:00"])
        haven(["log", "noalc", "steady", "--at", "2026-02-28 20:00"])
        let third = haven(["log", "noalc", "steady"])
        XCTAssertEqual(third.stdout, "NoAlc: Steady today · streak 3 · 0 jokers\nMilestone: 3 days in a row.\n")
        // An easy day with no joker held ends the streak, said without judgement.
        XCTAssertEqual(haven(["log", "noalc", "easy"]).stdout, "NoAlc: Easy today · streak 0 · 0 jokers\n")
    }

    func testAnEntryForAnEarlierDaySaysWhichDay() {
        let result = haven(["log", "stretching", "--at", "2026-02-28 09:00"])
        XCTAssertEqual(result.stdout, "Stretching: logged for 2026-02-28 · open today · streak 1 · at risk\n")
    }

    func testRefusedInputExits65WithWhatToTypeAndWritesNothing() {
        let rows: [([String], String)] = [
            (["log", "water", "0"], "a count is a whole number from 1 to 1000000, not '0'; for example: haven log water +1"),
            (["log", "water", "-3"], "a count is a whole number from 1 to 1000000, not '-3'; for example: haven log water +1"),
            (["log", "water", "many"], "a count is a whole number from 1 to 1000000, not 'many'; for example: haven log water +1"),
            (["log", "water", "1.5"], "a count is a whole number from 1 to 1000000, not '1.5'; for example: haven log water +1"),
            (["log", "meditation", "nan"], "an amount is a number greater than 0 with at most three decimals in min, not 'nan'; for example: haven log meditation 12.5"),
            (["log", "meditation", "inf"], "an amount is a number greater than 0 with at most three decimals in min, not 'inf'; for example: haven log meditation 12.5"),
            (["log", "meditation", "0"], "an amount is a number greater than 0 with at most three decimals in min, not '0'; for example: haven log meditation 12.5"),
            (["log", "meditation", "0.0005"], "an amount is a number greater than 0 with at most three decimals in min, not '0.0005'; for example: haven log meditation 12.5"),
            (["log", "meditation"], "'meditation' needs an amount in min; for example: haven log meditation 10"),
            (["log", "stretching", "5"], "'stretching' is a check tracker and takes no value, not '5'; log it with: haven log stretching"),
            (["log", "noalc", "stedy"], "'noalc' has no level 'stedy' (did you mean 'steady'?); its levels are steady, easy, wild; for example: haven log noalc steady"),
            (["log", "noalc"], "'noalc' needs a level: steady, easy, wild; for example: haven log noalc steady"),
            (["log", "water", "--at", "2026-03-02 08:00"], "--at 2026-03-02 08:00 is in the future; Haven logs what already happened (now is 2026-03-01 21:30)"),
            (["log", "water", "--at", "last night"], "cannot read the time 'last night'; write it as \"YYYY-MM-DD HH:MM\", HH:MM (today), yesterday, \"yesterday 22:00\", -2h or -1d, for example --at \"2026-03-01 21:30\""),
            (["log", "water", "--at", "2026-02-30 10:00"], "cannot read the time '2026-02-30 10:00'; write it as \"YYYY-MM-DD HH:MM\", HH:MM (today), yesterday, \"yesterday 22:00\", -2h or -1d, for example --at \"2026-03-01 21:30\""),
            (["log", "water", "--at", "1900-01-01 10:00"], "--at 1900-01-01 10:00 is more than 100 years ago; check the year"),
            (["log", "water", "--note", String(repeating: "n", count: 1001)], "a note may hold at most 1000 characters and 4000 bytes, and this one has 1001 characters in 1001 bytes; shorten it"),
            (["log", "water", "--note", "e" + String(repeating: "\u{301}", count: 2000)], "a note may hold at most 1000 characters and 4000 bytes, and this one has 1 character in 4001 bytes; shorten it"),
            (["log", "water", "--note", "\u{9B}31mred"], "a note cannot hold control characters such as line breaks, tabs or escapes; write it on one line, as plain text"),
            (["log", "water", "--trigger", "abc\u{202E}fed"], "a trigger cannot hold the bidirectional control U+202E, which reorders the text shown around it; leave it out"),
            (["log", "water", "--note", "two\nlines"], "a note cannot hold control characters such as line breaks, tabs or escapes; write it on one line, as plain text"),
        ]
        for (arguments, message) in rows {
            let result = haven(arguments)
            XCTAssertEqual(result.status, 65, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "haven: error: \(message)\n", arguments.joined(separator: " "))
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(entryCount(), 0, "a refused command writes nothing")
    }

    func testUnknownTrackerAndEntryExit66() {
        let tracker = haven(["log", "watr", "+1"])
        XCTAssertEqual(tracker.status, 66)
        XCTAssertEqual(tracker.stderr, "haven: error: no tracker 'watr'; did you mean 'water'? 'haven trackers' lists them\n")
        let preset = haven(["log", "reading"])
        XCTAssertEqual(preset.status, 66)
        XCTAssertEqual(preset.stderr, "haven: error: no tracker 'reading' yet; to track it, create trackers/reading.yaml "
            + "in your home holding 'extends: core/reading'\n")
        let entry = haven(["delete", "42"])
        XCTAssertEqual(entry.status, 66)
        XCTAssertEqual(entry.stderr, "haven: error: no entry 42; 'haven entries ID' lists entries with their numbers\n")
        let undo = haven(["undo"])
        XCTAssertEqual(undo.status, 66)
        XCTAssertEqual(undo.stderr, "haven: error: nothing to undo: no entries yet\n")
    }

    func testUsageErrorsExit64() {
        XCTAssertEqual(haven(["log", "water", "+1", "+2"]).status, 64)
        XCTAssertEqual(haven(["log", "water", "--colour"]).status, 64)
        XCTAssertEqual(haven(["status"], now: "soon").status, 64)
    }

    func testUndoEditAndDeleteCorrectTheRecord() {
        haven(["log", "water", "+2", "--at", "2026-03-01 08:00"])
        haven(["log", "water", "+3", "--at", "2026-03-01 12:00"])
        XCTAssertEqual(haven(["undo"]).stdout, "Entry 2 undone: water 2026-03-01 12:00  day 2026-03-01  3\n")
        let edit = haven(["edit", "1", "6", "--note", "bigger glass"])
        XCTAssertEqual(edit.stdout, "Entry 1 is now: 2026-03-01 08:00  day 2026-03-01  6  bigger glass\n")
        XCTAssertEqual(haven(["status"]).stdout.contains("6/8 glasses today"), true)
        let moved = haven(["edit", "1", "--at", "2026-02-28 20:00"])
        XCTAssertEqual(moved.stdout, "Entry 1 is now: 2026-02-28 20:00  day 2026-02-28  6  bigger glass\n")
        XCTAssertEqual(haven(["entries", "water"]).stdout, "#1   2026-02-28 20:00   day 2026-02-28   6   bigger glass\n")
        XCTAssertEqual(haven(["delete", "1"]).status, 0)
        XCTAssertEqual(entryCount(), 0)
    }

    func testAnEntryKeepsTheDayOfTheZoneItWasLoggedIn() throws {
        haven(["log", "stretching", "--at", "2026-03-01 08:00"], now: "2026-03-01 09:00", zone: "Asia/Tokyo")
        let read = haven(["entries", "stretching", "--json"], now: "2026-03-01 09:00", zone: "America/New_York")
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.first?["day"] as? String, "2026-03-01")
        XCTAssertEqual(entries.first?["at"] as? String, "2026-03-01T08:00:00+09:00")
        XCTAssertEqual(entries.first?["zone"] as? String, "Asia/Tokyo")
    }

    func testSkipFreezesAndAFreezeBalance() {
        home.write(["trackers/run.yaml": "name: Run\nfreezes: { start: 1, max: 2 }\nsince: 2026-02-20\n"])
        XCTAssertEqual(haven(["skip", "run", "2026-03-01"]).stdout, "Frozen for run: 2026-03-01.\n")
        let none = haven(["skip", "run", "2026-02-27..2026-02-28"])
        XCTAssertEqual(none.status, 65)
        XCTAssertEqual(none.stderr, "haven: error: 'run' has 0 freezes left and this needs 2; "
            + "'haven freeze grant run N' adds more\n")
        XCTAssertEqual(haven(["freeze", "grant", "run", "5"]).stdout, "run now holds 2 freezes.\n")
        XCTAssertEqual(haven(["skip", "run", "2026-02-27..2026-02-28"]).stdout,
                       "Frozen for run: 2026-02-27..2026-02-28 (2 days).\n")
        XCTAssertEqual(haven(["skip", "run", "2026-03-01"]).stdout, "Already frozen; nothing changed.\n")
        let early = haven(["skip", "run", "2026-02-19..2026-02-21"])
        XCTAssertEqual(early.status, 65)
        XCTAssertEqual(early.stderr, "haven: error: 'run' started on 2026-02-20, so 2026-02-19 has nothing to freeze; "
            + "skip days from 2026-02-20 on, for example: haven skip run 2026-02-20\n")
        XCTAssertEqual(haven(["skip", "run", "March"]).stderr,
                       "haven: error: cannot read 'March'; write a day as YYYY-MM-DD, today, yesterday or -3d, or a range as 2026-08-01..2026-08-14\n")
    }

    func testPerMonthFreezesComeOnTheStartDayToo() {
        home.write(["trackers/run.yaml": "name: Run\nfreezes: { start: 0, max: 3, per_month: 1 }\nsince: 2026-02-20\n"])
        XCTAssertTrue(haven(["streak", "run", "--json"]).stdout.contains("\"freezes\": {\n    \"available\": 2\n  }"),
                      "one on 2026-02-20, one on 2026-03-01")
    }

    func testAnExplicitOffsetMeansThatInstantAndDSTTimesAreReadAsTheSpecSays() throws {
        haven(["log", "stretching", "--at", "2026-03-07T20:00-08:00"], now: "2026-03-08 12:00", zone: "UTC")
        haven(["log", "stretching", "--at", "2026-03-29 02:30"], now: "2026-03-29 12:00", zone: "Europe/Berlin")
        haven(["log", "stretching", "--at", "2026-10-25 02:30"], now: "2026-10-25 12:00", zone: "Europe/Berlin")
        let read = haven(["entries", "stretching", "--days", "300", "--json"], now: "2026-10-25 12:00", zone: "UTC")
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["day"] as? String }, ["2026-03-07", "2026-03-29", "2026-10-25"])
        XCTAssertEqual(entries.map { $0["at"] as? String },
                       ["2026-03-07T20:00:00-08:00", "2026-03-29T03:30:00+02:00", "2026-10-25T02:30:00+02:00"],
                       "the gap moves on by its length; a repeated time is its first occurrence")
        XCTAssertEqual(entries.map { $0["zone"] as? String }, ["GMT-0800", "Europe/Berlin", "Europe/Berlin"])
    }

    func testAWeekCostsOneFreezeHoweverManyOfItsDaysAreSkipped() {
        // Weeks start on Monday: 2026-02-23 .. 2026-03-01.
        home.write(["trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 2 }\n"
            + "freezes: { start: 2, max: 2 }\nsince: 2026-02-09\n"])
        XCTAssertEqual(haven(["skip", "gym", "2026-02-23"]).stdout, "Frozen for gym: 2026-02-23.\n")
        XCTAssertEqual(haven(["skip", "gym", "2026-02-24", "--json"]).stdout, """
            {
              "tracker": "gym",
              "frozen": [
                "2026-02-24"
              ],
              "freezes_spent": 0
            }

            """)
        XCTAssertEqual(haven(["skip", "gym", "2026-02-25..2026-02-27"]).stdout,
                       "Frozen for gym: 2026-02-25..2026-02-27 (3 days). Its period was already frozen: no freeze spent.\n")
        let json = haven(["streak", "gym", "--json"]).stdout
        XCTAssertTrue(json.contains("\"available\": 1"), "one freeze spent for the whole week:\n\(json)")
        // Two weeks at once, one of them frozen already: one freeze.
        XCTAssertEqual(haven(["skip", "gym", "2026-02-16..2026-02-26", "--json"]).stdout.contains("\"freezes_spent\": 1"),
                       true)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM freeze; SELECT sum(change) FROM freeze_ledger"),
                       "12\n-2", "every skipped day is kept, for the score; two weeks were charged")
    }

    func testHistoryJSON() {
        haven(["log", "noalc", "steady", "--at", "2026-02-27 20:00"])
        haven(["log", "noalc", "wild", "--at", "2026-02-28 20:00"])
        let result = haven(["history", "noalc", "--from", "2026-02-27", "--json"])
        XCTAssertEqual(result.stdout, """
            [
              {
                "day": "2026-02-27",
                "outcome": "success",
                "streak": 1,
                "jokers": 0
              },
              {
                "day": "2026-02-28",
                "outcome": "broken",
                "streak": 0,
                "jokers": 0
              },
              {
                "day": "2026-03-01",
                "outcome": "pending",
                "streak": 0,
                "jokers": 0
              }
            ]

            """)
    }
}
