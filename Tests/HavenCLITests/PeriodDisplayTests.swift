import Foundation
import TestSupport
import XCTest

/// Week trackers shown as weeks (#13, item 1): the week's progress in
/// `status`, `log`, `streak` and JSON, "at risk" only on the day the week
/// cannot be met without it, and `due` quiet once the week is met, frozen,
/// or logged today.
final class PeriodDisplayTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 3 }\nreminder: { at: \"08:00\" }\n",
            "trackers/run.yaml": "name: Run\ninput: amount\nunit: km\ngoal: { at_least: 20 }\nstreak: { period: week }\n"
                + "freezes: { start: 2, max: 3 }\nreminder: { at: \"08:00\" }\n",
        ])
        // The week before: met, so each streak stands at one week.
        for day in ["23", "24", "25"] { haven("log", "gym", "--at", "2026-02-\(day) 18:00", now: "2026-03-01 20:00") }
        haven("log", "run", "21", "--at", "2026-02-24 18:00", now: "2026-03-01 20:00")
    }

    @discardableResult
    private func haven(_ arguments: String..., now: String) -> HavenProcess.Result { haven(arguments, now: now) }

    @discardableResult
    private func haven(_ arguments: [String], now: String) -> HavenProcess.Result {
        let result = HavenRun(home: home.path, now: now).run(arguments)
        XCTAssertEqual(result.stderr, "", arguments.joined(separator: " "))
        return result
    }

    func testAWeekOfAThreeTimesAWeekTrackerAndA20KmWeek() throws {
        // Monday to Sunday, 2026-03-02 .. 03-08: what status and due say each
        // evening, before that evening's log.
        let week: [(day: String, logs: [[String]], status: String, due: String)] = [
            ("02", [], """
                Gym   0/3 this week       streak 1 week
                Run   0/20 km this week   streak 1 week · 2 freezes
                """, "Gym   08:00   Time to check in   streak 1 week\n"
                + "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            ("03", [["gym"], ["run", "8"]], """
                Gym   0/3 this week       streak 1 week
                Run   0/20 km this week   streak 1 week · 2 freezes
                """, "Gym   08:00   Time to check in   streak 1 week\n"
                + "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            ("04", [["gym"]], """
                Gym   1/3 this week       streak 1 week
                Run   8/20 km this week   streak 1 week · 2 freezes
                """, "Gym   08:00   Time to check in   streak 1 week\n"
                + "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            ("05", [["gym"]], """
                Gym   2/3 this week       streak 1 week
                Run   8/20 km this week   streak 1 week · 2 freezes
                """, "Gym   08:00   Time to check in   streak 1 week\n"
                + "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            // Met on Thursday: no reminder for the rest of the week.
            ("06", [], """
                Gym   3/3 this week       streak 2 weeks
                Run   8/20 km this week   streak 1 week · 2 freezes
                """, "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            ("07", [], """
                Gym   3/3 this week       streak 2 weeks
                Run   8/20 km this week   streak 1 week · 2 freezes
                """, "Run   08:00   Time to check in   streak 1 week · 2 freezes"),
            // The week's last day: 12 km to go, and only today to run them.
            ("08", [["run", "12"]], """
                Gym   3/3 this week       streak 2 weeks
                Run   8/20 km this week   streak 1 week · 2 freezes · at risk
                """, "Run   08:00   Time to check in   streak 1 week · 2 freezes · at risk"),
        ]
        for (day, logs, status, due) in week {
            let now = "2026-03-\(day) 20:00"
            XCTAssertEqual(haven("status", now: now).stdout, status + "\n", "status on 03-\(day)")
            XCTAssertEqual(haven("due", now: now).stdout, due + "\n", "due on 03-\(day)")
            for log in logs { haven(["log"] + log, now: now) }
        }
        XCTAssertEqual(haven("status", now: "2026-03-08 21:00").stdout, """
            Gym   3/3 this week        streak 2 weeks
            Run   20/20 km this week   streak 2 weeks · 2 freezes

            """)
        XCTAssertEqual(haven("log", "gym", now: "2026-03-09 20:00").stdout, "Gym: 1/3 this week · streak 2 weeks\n")
        XCTAssertEqual(haven("streak", "gym", now: "2026-03-09 20:00").stdout, """
            Gym: 1/3 this week (pending)
            streak 2 weeks · longest 2
            habit strength: 29%
            habit strength, last 3 weeks: ▁▃▃

            """)
        let json = try JSONSerialization.jsonObject(with: Data(haven("streak", "run", "--json",
                                                                     now: "2026-03-11 20:00").stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["period"] as? String, "week")
        XCTAssertEqual(json["at_risk"] as? Bool, false)
        XCTAssertEqual(json["progress"] as? NSDictionary, [
            "first": "2026-03-09", "last": "2026-03-15", "successes": 0, "times": 1, "entries": 0, "sum": 0,
            "frozen": false,
        ])
    }

    /// A freeze placed ahead on Thursday excuses the week from Monday: never
    /// at risk, never due, and the week shown frozen.
    func testAFreezeOnThursdayExcusesTheWeekFromMonday() throws {
        XCTAssertEqual(haven("skip", "run", "2026-03-05", now: "2026-03-02 07:00").stdout, "Frozen for run: 2026-03-05.\n")
        for day in ["02", "03", "04", "05", "06", "07", "08"] {
            let now = "2026-03-\(day) 20:00"
            XCTAssertEqual(haven("status", now: now).stdout.split(separator: "\n").last,
                           "Run   frozen this week   streak 2 weeks · 1 freeze", "03-\(day)")
            XCTAssertFalse(haven("due", now: now).stdout.contains("Run"), "03-\(day)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(haven("streak", "run", "--json",
                                                                     now: "2026-03-02 20:00").stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["today"] as? String, "frozen")
        XCTAssertEqual(json["at_risk"] as? Bool, false)
        XCTAssertEqual((json["progress"] as? [String: Any])?["frozen"] as? Bool, true)
    }
}
