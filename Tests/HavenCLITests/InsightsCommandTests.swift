import Foundation
import TestSupport
import XCTest

/// `haven insights` end to end (SPEC §16): a history of known shape
/// logged through the binary, read back on screen and in JSON.
final class InsightsCommandTests: XCTestCase {
    private func makeHome(_ extra: [String: String] = [:]) -> TemporaryDirectory {
        TemporaryDirectory().write([
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/smoking.yaml": "name: Smoking\nicon: \"🚬\"\ntype: saboteur\nmode: avoidance\ninput: check\n",
        ].merging(extra) { $1 })
    }

    /// 30 moments at 16:xx on ten Tuesdays and 10 at 22:10 on ten Fridays, triggers in fixed proportions,
    /// and 5 in the 12 weeks before; today is Thursday 2026-11-26.
    private func knownShape(_ haven: HavenRun) {
        var lines: [String] = []
        for week in 0..<10 {
            let (t, f) = (Self.day("2026-09-15", plus: 7 * week), Self.day("2026-09-18", plus: 7 * week))
            lines += ["log doomscrolling --at \"\(t) 16:10\" --trigger boredom --note \"Phone in bed, again\"",
                      "log doomscrolling --at \"\(t) 16:25\" --trigger \"Boredom \"",
                      "log doomscrolling --at \"\(t) 16:45\" --trigger Stress --note \"the phone\"",
                      "log doomscrolling --at \"\(f) 22:10\" --trigger tired"]
        }
        lines += (1...4).map { "log doomscrolling --at \"2026-07-0\($0) 09:00\" --trigger stress" }
        lines.append("log doomscrolling --at \"2026-08-01 09:00\" --trigger boredom --note phone")
        let run = haven.run([], input: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    /// The day `days` after `day` (YYYY-MM-DD).
    static func day(_ day: String, plus days: Int) -> String {
        let date = ISO8601DateFormatter().date(from: day + "T12:00:00Z")!.addingTimeInterval(Double(days) * 86_400)
        return String(ISO8601DateFormatter().string(from: date).prefix(10))
    }

    static let screen = """
        Doomscrolling, 2026-09-04 to 2026-11-26 (12 weeks): 40 moments

            0     3     6     9     12    15    18    21
        Mon · · · · · · · · · · · · · · · · · · · · · · · ·
        Tue · · · · · · · · · · · · · · · · ██· · · · · · ·
        Wed · · · · · · · · · · · · · · · · · · · · · · · ·
        Thu · · · · · · · · · · · · · · · · · · · · · · · ·
        Fri · · · · · · · · · · · · · · · · · · · · · · ▒▒·
        Sat · · · · · · · · · · · · · · · · · · · · · · · ·
        Sun · · · · · · · · · · · · · · · · · · · · · · · ·
        ░ ▒ ▓ █: up to ¼, ½, ¾ and all of the busiest hour (30)
        Most often on Tuesdays 16–17 h (30) and Fridays 22–23 h (10).

        Days with an entry: Mon 0/12 · Tue 10/12 · Wed 0/12 · Thu 0/12 · Fri 10/12 · Sat 0/12 · Sun 0/12
        Noticed at a median of 16:35, 09:00 in the 12 weeks before: later in the day.

        triggers   now   before
        boredom     20        1   +19
        stress      10        4   +6
        tired       10        0   +10

        note words   now   before
        phone         20        1   +19
        bed           10        0   +10

        """

    func testAKnownShapeOnScreen() throws {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        knownShape(haven)
        let run = haven.expect(["insights", "doomscrolling"], stdout: Self.screen)
        // The README shows this very screen.
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        XCTAssertTrue(readme.contains("$ haven insights doomscrolling\n" + run.stdout + "```"), "README.md's insights screen")
    }
}

extension InsightsCommandTests {
    private func json(_ haven: HavenRun, _ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let run = haven.run(arguments + ["--json"], environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `value` as JSON with sorted keys, to compare whole objects.
    private func canonical(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "nil" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The grid with `cells` (weekday index, hour, value) filled in and the rest 0.
    private func grid(_ cells: [(Int, Int, Int)]) -> [[Int]] {
        var grid = Array(repeating: Array(repeating: 0, count: 24), count: 7)
        for (weekday, hour, value) in cells { grid[weekday][hour] = value }
        return grid
    }

    func testAKnownShapeInJSON() throws {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        knownShape(haven)
        let found = try json(haven, ["insights", "doomscrolling"])
        XCTAssertEqual(found.keys.sorted(), ["busiest", "entries", "from", "grid", "measure", "note_words", "noticing",
                                             "previous_from", "previous_to", "relapses", "start", "to", "total", "tracker",
                                             "triggers", "weekdays"])
        XCTAssertEqual(found["from"] as? String, "2026-09-04")
        XCTAssertEqual(found["previous_from"] as? String, "2026-06-12")
        XCTAssertEqual(found["previous_to"] as? String, "2026-09-03")
        XCTAssertEqual(found["start"] as? String, "2026-07-01")
        XCTAssertEqual(found["measure"] as? String, "entries")
        XCTAssertEqual(found["entries"] as? Int, 40)
        XCTAssertEqual(found["grid"] as? [[Int]], grid([(1, 16, 30), (4, 22, 10)]))
        XCTAssertEqual(canonical(found["busiest"]), canonical([["weekday": "tue", "hour": 16, "value": 30],
                                                         ["weekday": "fri", "hour": 22, "value": 10]]))
        XCTAssertEqual(canonical(found["triggers"]), canonical([
            ["text": "boredom", "count": 20, "previous": 1, "change": 19],
            ["text": "stress", "count": 10, "previous": 4, "change": 6],
            ["text": "tired", "count": 10, "previous": 0, "change": 10],
        ]))
        XCTAssertEqual(canonical(found["note_words"]), canonical([
            ["text": "phone", "count": 20, "previous": 1, "change": 19], ["text": "bed", "count": 10, "previous": 0, "change": 10],
        ]))
        XCTAssertEqual(canonical(found["noticing"]), canonical(["median": "16:35", "previous_median": "09:00",
                                                                       "shift_minutes": 455]))
        XCTAssertEqual(canonical((found["weekdays"] as? [Any])?[1]), canonical(["weekday": "tue", "days": 12, "with_entry": 10]))
        XCTAssertTrue(found["relapses"] is NSNull)
    }

    func testANarrowTerminalGetsBlocksOfFourHours() {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        knownShape(haven)
        let run = haven.run(["insights", "doomscrolling"], environment: ["COLUMNS": "40"])
        XCTAssertEqual(run.stdout.components(separatedBy: "\n")[2...11].joined(separator: "\n"), """
                0   4   8   12  16  20
            Mon ·   ·   ·   ·   ·   ·
            Tue ·   ·   ·   ·   ████·
            Wed ·   ·   ·   ·   ·   ·
            Thu ·   ·   ·   ·   ·   ·
            Fri ·   ·   ·   ·   ·   ▒▒▒▒
            Sat ·   ·   ·   ·   ·   ·
            Sun ·   ·   ·   ·   ·   ·
            ░ ▒ ▓ █: up to ¼, ½, ¾ and all of the busiest 4 hours (30)
            Most often on Tuesdays 16–17 h (30) and Fridays 22–23 h (10).
            """)
    }

    func testAnEntryAfterMidnightCountsOnTheEveningsWeekdayAtItsHour() throws {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        // NoAlc's day starts at 18:00: 01:00 on Wednesday belongs to Tuesday evening.
        haven.expect(["log", "noalc", "easy", "--at", "2026-11-25 01:00"], stdout: nil)
        let found = try json(haven, ["insights", "noalc"])
        XCTAssertEqual(found["grid"] as? [[Int]], grid([(1, 1, 1)]))
        XCTAssertTrue(found["noticing"] is NSNull, "a levels tracker's entries are check-ins, not moments noticed")
    }

    func testClockChangeDaysHaveTwentyThreeAndTwentyFiveHours() throws {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00", zone: "Europe/Berlin")
        // Every hour of both days as it passed, logged "now" in Berlin.
        func hourly(from start: String, hours: Int) -> [String] {
            let first = ISO8601DateFormatter().date(from: start)!
            return (0..<hours).map { "log doomscrolling --now " + ISO8601DateFormatter().string(from: first.addingTimeInterval(Double($0) * 3600)) }
        }
        let lines = hourly(from: "2026-03-28T23:30:00Z", hours: 23) + hourly(from: "2026-10-24T22:30:00Z", hours: 25)
        XCTAssertEqual(haven.run([], input: lines.joined(separator: "\n") + "\n").status, 0)
        let spring = try json(haven, ["insights", "doomscrolling", "--from", "2026-03-29", "--to", "2026-03-29"])
        XCTAssertEqual((spring["grid"] as? [[Int]])?[6], (0..<24).map { $0 == 2 ? 0 : 1 }, "02:00–03:00 never happened")
        let autumn = try json(haven, ["insights", "doomscrolling", "--from", "2026-10-25", "--to", "2026-10-25"])
        XCTAssertEqual((autumn["grid"] as? [[Int]])?[6], (0..<24).map { $0 == 2 ? 2 : 1 }, "02:00–03:00 happened twice")
        XCTAssertEqual(autumn["entries"] as? Int, 25)
    }
}

extension InsightsCommandTests {
    func testRelapsesOfAnAvoidanceTracker() {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        let lines = [("2026-09-04 21:00", "party"), ("2026-09-07 22:30", nil), ("2026-09-08 20:15", nil), ("2026-09-08 23:50", nil),
                     ("2026-09-18 09:00", "stress"), ("2026-10-08 21:10", "party")].map { at, trigger in
            "log smoking --at \"\(at)\"" + (trigger.map { " --trigger \($0)" } ?? "")
        }
        XCTAssertEqual(haven.run([], input: lines.joined(separator: "\n") + "\n").status, 0)
        haven.expect(["insights", "smoking"], stdout: """
            Smoking, 2026-09-04 to 2026-11-26 (12 weeks): 6 moments

                0     3     6     9     12    15    18    21
            Mon · · · · · · · · · · · · · · · · · · · · · · ██·
            Tue · · · · · · · · · · · · · · · · · · · · ██· · ██
            Wed · · · · · · · · · · · · · · · · · · · · · · · ·
            Thu · · · · · · · · · · · · · · · · · · · · · ██· ·
            Fri · · · · · · · · · ██· · · · · · · · · · · ██· ·
            Sat · · · · · · · · · · · · · · · · · · · · · · · ·
            Sun · · · · · · · · · · · · · · · · · · · · · · · ·
            ░ ▒ ▓ █: up to ¼, ½, ¾ and all of the busiest hour (1)
            No hour stands out yet: none holds more than one entry.

            Days with an entry: Mon 1/12 · Tue 1/12 · Wed 0/12 · Thu 1/12 · Fri 2/12 · Sat 0/12 · Sun 0/12
            Relapses: 6 on 5 days; days between them: median 6.5, longest 20.
            Most on Tuesdays (2 of 6), and between 20 and 24 h (5 of 6).

            triggers   now   before
            party        2        0   +2
            stress       1        0   +1

            """)
        haven.expect(["insights", "smoking", "--from", "2026-11-01"], stdout: """
            Smoking, 2026-11-01 to 2026-11-26 (26 days): 0 moments

            Days with an entry: Mon 0/4 · Tue 0/4 · Wed 0/4 · Thu 0/4 · Fri 0/3 · Sat 0/3 · Sun 0/4
            No relapse logged in these 26 days.

            """)
    }

    /// Water and mood for `days` days up to yesterday: 8 glasses and a good mood on every third day, else 4 and bad.
    private func waterAndMood(_ haven: HavenRun, days: Int) {
        let lines = (1...days).flatMap { back -> [String] in
            let day = Self.day("2026-11-26", plus: -back), met = back % 3 == 0
            return ["log water +\(met ? 8 : 4) --at \"\(day) 12:00\"", "log mood \(met ? "good" : "bad") --at \"\(day) 20:00\"",
                    back % 3 == 1 ? "log doomscrolling --at \"\(day) 23:30\"" : nil].compactMap { $0 }
        }
        XCTAssertEqual(haven.run([], input: lines.joined(separator: "\n") + "\n").status, 0)
    }

    func testWhatWentTogether() throws {
        let home = makeHome(["trackers/water.yaml": "extends: core/water\n", "trackers/mood.yaml": "extends: core/mood\n"])
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        waterAndMood(haven, days: 60)
        // The README shows these three answers.
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        for arguments in [["mood", "--with", "water"], ["mood", "--with", "doomscrolling", "--lag", "1"], ["water", "--with", "mood"]] {
            let answer = haven.run(["insights"] + arguments).stdout
            XCTAssertTrue(readme.contains("$ haven insights \(arguments.joined(separator: " "))\n" + answer), answer)
        }
        haven.expect(["insights", "mood", "--with", "water"], stdout: """
            On the 20 days with Drink Water at 8 glasses or more, Mood was Good or Great on 20 (100%); on the 40 other days, \
            on 0 (0%).

            """)
        haven.expect(["insights", "water", "--with", "mood"], stdout: """
            On the 40 days with Mood Bad, Drink Water came to 4 glasses a day on average; on the 20 days with Mood Good, \
            8 glasses a day.

            """)
        // Doomscrolling on the day before each good day: nothing in common on the same day, everything a day later.
        haven.expect(["insights", "mood", "--with", "doomscrolling"], stdout: """
            On the 20 days with Doomscrolling noticed, Mood was Good or Great on 0 (0%); on the 38 other days, on 19 (50%).

            """)
        haven.expect(["insights", "mood", "--with", "doomscrolling", "--lag", "1"], stdout: """
            On the 19 days after a day with Doomscrolling noticed, Mood was Good or Great on 19 (100%); on the 38 other days, \
            on 0 (0%).

            """)
        let run = haven.run(["insights", "mood", "--with", "water", "--levels", "bad", "--json"])
        XCTAssertEqual(run.stdout, """
            {
              "tracker": "mood",
              "with": "water",
              "lag": 0,
              "from": "2026-09-04",
              "to": "2026-11-26",
              "split": {
                "kind": "at_least",
                "value": 8
              },
              "days": 60,
              "measure": "levels",
              "levels": [
                "bad"
              ],
              "groups": [
                {
                  "side": "matching",
                  "level": null,
                  "days": 20,
                  "hits": 0,
                  "rate": 0.000
                },
                {
                  "side": "rest",
                  "level": null,
                  "days": 40,
                  "hits": 40,
                  "rate": 1.000
                }
              ]
            }

            """)
    }

    func testTooFewDaysAndOtherRefusals() {
        let home = makeHome(["trackers/water.yaml": "extends: core/water\n", "trackers/mood.yaml": "extends: core/mood\n"])
        let haven = HavenRun(home: home.path, now: "2026-11-26 21:00")
        waterAndMood(haven, days: 13)
        haven.expect(["insights", "mood", "--with", "water"], stdout: "", stderr: """
            haven: error: mood and water share 13 closed days here, too few to say what went together (it takes 14); log a \
            while longer, or widen the range with --from

            """, status: 65)
        haven.expect(["insights", "mood", "--with", "mood"], stdout: "", stderr: """
            haven: error: --with needs another tracker than mood; for example: haven insights mood --with water

            """, status: 64)
        haven.expect(["insights", "mood", "--lag", "1"], stdout: "", stderr: """
            haven: error: --lag goes with --with; for example: haven insights mood --with OTHER --lag 1

            """, status: 64)
        haven.expect(["insights", "mood", "--with", "water", "--lag", "-1"], stdout: "", stderr: """
            haven: error: --lag takes a number of days from 0 to 365, not '-1'; for example: haven insights mood --with water \
            --lag 1

            """, status: 64)
        haven.expect(["insights", "mood", "--with", "water", "--levels", "fine"], stdout: "", stderr: """
            haven: error: mood has no level 'fine'; its levels are awful, bad, okay, good, great

            """, status: 64)
        haven.expect(["insights", "water", "--with", "mood", "--levels", "good"], stdout: "", stderr: """
            haven: error: --levels is for a levels tracker, and water has none; leave it out

            """, status: 64)
        haven.expect(["stats", "water", "--by", "hour"], stdout: "", stderr: """
            haven: error: the hours of the day are in haven insights water (a weekday × hour grid); stats --by takes week, \
            month or weekday

            """, status: 64)
        let after = haven.run(["insights", "mood", "--from", "2026-12-01"])
        XCTAssertEqual(after.stderr.hasPrefix("haven: error: "), true, after.stderr)
    }
}
