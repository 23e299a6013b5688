import Foundation
import TestSupport
import XCTest

/// `calendar`, exact text without colour for a known history.
final class CalendarTests: XCTestCase {
    func testMonthsAndOverviewForAKnownHistory() {
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "extends: core/stretching\nrewards: { earn_every: 3, max: 1 }\n",
            "trackers/water.yaml": "extends: core/water\n",
        ])
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-02-09 08:00", "TZ": "UTC", "NO_COLOR": "1"]
        for day in ["01-28", "01-29", "01-30", "02-02", "02-03", "02-04", "02-05", "02-07", "02-08"] {
            XCTAssertEqual(HavenProcess.run(["log", "stretching", "--at", "2026-\(day) 09:00"], environment: env).status, 0)
        }
        XCTAssertEqual(HavenProcess.run(["skip", "stretching", "2026-02-06"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["log", "water", "8", "--at", "2026-02-08 10:00"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["calendar", "stretching", "--months", "2"], environment: env).stdout, """
            Stretching

            January 2026
             Mo Tu We Th Fr Sa Su
                      1  2  3  4
             5  6  7  8  9 10 11
            12 13 14 15 16 17 18
            19 20 21 22 23 24 25
            26 27  ●  ●  ●  ◐

            February 2026
             Mo Tu We Th Fr Sa Su
                               ✕
             ●  ●  ●  ●  ❄  ●  ●
            [·]10 11 12 13 14 15
            16 17 18 19 20 21 22
            23 24 25 26 27 28

            frozen 2026-02-06

            ● success  ◐ healed  ❄ frozen  ✕ broken  ○ neutral  · pending

            """)
        XCTAssertEqual(HavenProcess.run(["calendar"], environment: env).stdout, """
                        Jan                                                      Feb
            Stretching                                                ●  ●  ●  ◐  ✕  ●  ●  ●  ●  ❄  ●  ● [·]
            Drink Water                                                                                ● [·]

            ● success  ◐ healed  ❄ frozen  ✕ broken  ○ neutral  · pending

            """)
    }

    /// `calendar --year`: a character a day, a column a week, the 53 weeks
    /// up to this one, months named where they start.
    func testAYearOfOneTracker() {
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "extends: core/stretching\nrewards: { earn_every: 3, max: 1 }\n",
        ])
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-02-09 08:00", "TZ": "UTC", "NO_COLOR": "1"]
        for day in ["01-28", "01-29", "01-30", "02-02", "02-03", "02-04", "02-05", "02-07", "02-08"] {
            XCTAssertEqual(HavenProcess.run(["log", "stretching", "--at", "2026-\(day) 09:00"], environment: env).status, 0)
        }
        XCTAssertEqual(HavenProcess.run(["skip", "stretching", "2026-02-06"], environment: env).status, 0)
        let pad = String(repeating: " ", count: 50)
        XCTAssertEqual(HavenProcess.run(["calendar", "stretching", "--year"], environment: env).stdout, """
            Stretching
                 Mar  Apr May Jun  Jul Aug  Sep Oct Nov  Dec Jan Feb
            Mo \(pad) ●·
               \(pad) ●
            We \(pad)●●
               \(pad)●●
            Fr \(pad)●❄
               \(pad)◐●
            Su \(pad)✕●

            ● success  ◐ healed  ❄ frozen  ✕ broken  ○ neutral  · pending

            """)
        let json = HavenProcess.run(["calendar", "stretching", "--year", "--json"], environment: env).stdout
        XCTAssertTrue(json.contains("\"from\": \"2025-02-10\""), json)
    }
}

/// Never judge an empty day (#30): a tracker nobody has logged yet, and the
/// days before a tracker's first entry, are not broken in `calendar` or
/// the report: they show as days not yet begun. `since:` and avoidance
/// mode (where an empty day is the success) judge from their start.
final class EmptyDaysTests: XCTestCase {
    func testDaysBeforeTheFirstEntryAreNotJudged() throws {
        let home = TemporaryDirectory().write([
            "trackers/mood.yaml": "extends: core/mood\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/reading.yaml": "extends: core/reading\nsince: 2026-03-02\n",
        ])
        let run = HavenRun(home: home.path, now: "2026-03-01 09:00")
        XCTAssertEqual(run.run(["status"]).status, 0)
        let later = HavenRun(home: home.path, now: "2026-03-10 21:00")
        XCTAssertEqual(later.run(["log", "stretching", "--at", "2026-03-06 09:00"]).status, 0)
        XCTAssertEqual(later.run(["calendar", "mood", "--months", "1"]).stdout, """
            Mood

            March 2026
             Mo Tu We Th Fr Sa Su
                               1
             2  3  4  5  6  7  8
             9[10]11 12 13 14 15
            16 17 18 19 20 21 22
            23 24 25 26 27 28 29
            30 31

            ● success  ◐ healed  ❄ frozen  ✕ broken  ○ neutral  · pending

            """)
        func days(_ id: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(later.run(["calendar", id, "--json"]).stdout.utf8))
            return ((json as? [String: Any])?["days"] as? [[String: Any]] ?? []).map {
                "\($0["day"] ?? "") \($0["outcome"] ?? "")"
            }
        }
        XCTAssertEqual(try days("mood"), [])
        XCTAssertEqual(try days("stretching"), ["2026-03-06 success", "2026-03-07 broken", "2026-03-08 broken",
                                                "2026-03-09 broken", "2026-03-10 pending"])
        XCTAssertEqual(try days("reading").first, "2026-03-02 broken", "since: judges from its day")

        // The report starts at the first entry and paints no day of Mood.
        let report = later.run(["report", "--out", "-"]).stdout
        XCTAssertTrue(report.contains("<p class=\"range\">2026-03-02 – 2026-03-10</p>"), report)
        XCTAssertTrue(report.contains("<title>Mood: 2026-03-05</title>"), "a day with no outcome")
        XCTAssertTrue(report.contains("<title>Stretching: 2026-03-07 · broken</title>"), "after the first entry, judged")
    }
}
