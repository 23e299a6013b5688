import Foundation
import TestSupport
import XCTest

/// `haven todo`, `haven today` and `haven stats` (#13, item 9), text and JSON.
final class TodoTodayStatsTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "name: Stretching\nsince: 2026-02-23\n",
            "trackers/gym.yaml": "name: Gym\nsince: 2026-02-23\nstreak: { period: week, times: 2 }\n",
        ])
    }

    @discardableResult
    private func haven(_ arguments: String..., now: String = "2026-03-10 20:00") -> HavenProcess.Result {
        let result = HavenRun(home: home.path, now: now).run(arguments)
        XCTAssertEqual(result.stderr, "", arguments.joined(separator: " "))
        return result
    }

    func testTodoListsWhatIsStillOpenAndTodayWhatWasLogged() throws {
        XCTAssertEqual(haven("today").stdout, "Nothing logged today.\n")
        haven("log", "water", "3", "--at", "2026-03-10 08:15")
        haven("log", "stretching", "--at", "2026-03-10 07:30", "--note", "before breakfast")
        haven("log", "water", "2", "--at", "2026-03-09 20:00")
        XCTAssertEqual(haven("todo").stdout, """
            Gym           0/2 this week       streak 0 weeks
            Drink Water   3/8 glasses today   streak 0

            """)
        XCTAssertEqual(haven("today").stdout, """
            07:30   Stretching    ✓           #2   before breakfast
            08:15   Drink Water   3 glasses   #1

            """)
        let today = try JSONSerialization.jsonObject(with: Data(haven("today", "--json").stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(today.map { $0["tracker"] as? String }, ["stretching", "water"])
        let todo = try JSONSerialization.jsonObject(with: Data(haven("todo", "--json").stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(todo.map { $0["tracker"] as? String }, ["gym", "water"])
        XCTAssertEqual(todo.map { $0["today"] as? String }, ["pending", "pending"])
        haven("log", "water", "5")
        haven("log", "gym")
        XCTAssertEqual(haven("todo").stdout, "Nothing open today.\n")
        XCTAssertEqual(haven("todo", "--lang", "de").stdout, "Heute ist nichts offen.\n")
    }

    func testStatsByWeekMonthAndWeekday() throws {
        for (day, glasses) in [("2026-02-23", 8), ("2026-02-24", 9), ("2026-02-26", 4), ("2026-03-02", 8), ("2026-03-09", 10)] {
            haven("log", "water", "\(glasses)", "--at", "\(day) 12:00")
        }
        for day in ["2026-02-23", "2026-02-25", "2026-03-03"] { haven("log", "gym", "--at", "\(day) 18:00") }
        XCTAssertEqual(haven("stats", "water", "--by", "month").stdout, """
            Drink Water, 2026-02-23 to 2026-03-10 (16 days)
            entries 5 · total 39 glasses · 2.4 glasses a day
            met 4 of 15 days (27%) · streak 1 day · best 2 days
            habit strength 14% now · – 30 days ago · – 365 days ago

            month     days   entries   total   a day   met
            2026-02   6      3         21      3.5     2/6 (33%)
            2026-03   10     2         18      1.8     2/9 (22%)

            """)
        XCTAssertEqual(haven("stats", "gym", "--by", "week").stdout, """
            Gym, 2026-02-23 to 2026-03-10 (16 days)
            entries 3 · 0.2 a day
            met 1 of 2 weeks (50%) · streak 0 weeks · best 1 week
            habit strength 21% now · – 30 days ago · – 365 days ago

            week         days   entries   a day   met
            2026-02-23   7      2         0.3     1/1 (100%)
            2026-03-02   7      1         0.1     0/1 (0%)
            2026-03-09   2      0         0       –

            """)
        XCTAssertEqual(haven("stats", "gym", "--by", "weekday").stdout.components(separatedBy: "\n\n")[1], """
            weekday   days   entries   a day
            mon       3      1         0.3
            tue       3      1         0.3
            wed       2      1         0.5
            thu       2      0         0
            fri       2      0         0
            sat       2      0         0
            sun       2      0         0

            """)
        let json = try JSONSerialization.jsonObject(with: Data(haven("stats", "water", "--by", "week", "--json",
                                                                     now: "2026-04-10 20:00").stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["met"] as? Int, 4)
        XCTAssertEqual(json["closed"] as? Int, 46)
        XCTAssertEqual(json["total"] as? Int, 39)
        XCTAssertNotNil(json["score_30_days_ago"] as? Double)
        XCTAssertTrue(json["score_365_days_ago"] is NSNull)
        XCTAssertEqual((json["groups"] as? [[String: Any]])?.first?["key"] as? String, "2026-02-23")
        let refused = HavenProcess.run(["stats", "water", "--by", "year"], environment: ["HAVEN_HOME": home.path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(refused.stderr, "haven: error: --by takes week, month or weekday, not 'year'; for example: haven "
            + "stats water --by month\n")
    }

    func testStatsOfATrackerThatStartsAtItsNextDayBoundarySayWhen() {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        // 08:00, before NoAlc's 18:00 boundary: its first day is the one that begins tonight.
        XCTAssertEqual(haven("stats", "noalc", now: "2026-03-10 08:00").stdout, """
            NoAlc, from 2026-03-10 (it starts then)
            entries 0 · – a day
            met 0 of 0 days · streak 0 days · best 0 days
            habit strength 0% now · – 30 days ago · – 365 days ago

            """)
        XCTAssertEqual(haven("stats", "noalc", "--lang", "de", now: "2026-03-10 08:00").stdout.split(separator: "\n").first,
                       "NoAlc, ab 2026-03-10 (dann beginnt er)")
    }
}
