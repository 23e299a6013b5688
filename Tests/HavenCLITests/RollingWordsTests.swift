import Foundation
import TestSupport
import XCTest

/// What a rolling streak asks for, in a person's words (SPEC §4.6, #29
/// item 2): when the next success is due, "at risk" only on the last day
/// it can be saved, and the day it ended once it could not.
final class RollingWordsTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/gym.yaml":
            "name: Gym\ninput: check\nsince: 2026-06-01\nstreak: { period: { rolling: 7 }, times: 3 }\n"])
        for day in ["09", "12", "14"] {
            XCTAssertEqual(HavenRun(home: home.path, now: "2026-06-\(day) 20:00").run(["log", "gym"]).status, 0)
        }
    }

    private func status(on day: String, language: String? = nil) -> String {
        let environment = language.map { ["LANG": $0, "HAVEN_TEST_STRICT_WORDS": "1"] } ?? [:]
        return HavenRun(home: home.path, now: "2026-06-\(day) 21:00", environment: environment).run(["status"]).stdout
    }

    func testTheStatusLineSaysWhatTheStreakAsksFor() throws {
        // Monday the 15th: one more by Thursday (then [12..18] holds 12, 14, 18).
        XCTAssertEqual(status(on: "15"), "Gym   3/3 in the last 7 days   streak 7 · 1 more by Thursday keeps it\n")
        XCTAssertEqual(status(on: "17"), "Gym   2/3 in the last 7 days   streak 7 · 1 more by Thursday keeps it\n")
        XCTAssertEqual(status(on: "18"), "Gym   2/3 in the last 7 days   streak 7 · at risk: 1 more today keeps it\n")
        // Nothing on Thursday: Tuesday the 16th is the first day no window can cover any more.
        XCTAssertEqual(status(on: "19"), "Gym   1/3 in the last 7 days   streak 0 · ended Tuesday\n")
        XCTAssertEqual(status(on: "26"), "Gym   0/3 in the last 7 days   streak 0\n")
        XCTAssertEqual(status(on: "16", language: "de_DE.UTF-8"),
                       "Gym   2/3 in den letzten 7 Tagen   Serie 7 · noch 1 bis Donnerstag hält die Serie\n")
        XCTAssertEqual(status(on: "18", language: "de_DE.UTF-8"),
                       "Gym   2/3 in den letzten 7 Tagen   Serie 7 · gefährdet: heute noch 1 hält die Serie\n")
        let json = HavenRun(home: home.path, now: "2026-06-19 21:00").run(["streak", "gym", "--json"]).stdout
        let streak = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(streak["ended"] as? String, "2026-06-16")
        XCTAssertEqual(streak["days_left"] as? Int, -1)
        let due = HavenRun(home: home.path, now: "2026-06-15 21:00").run(["streak", "gym", "--json"]).stdout
        let need = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(due.utf8)) as? [String: Any])?["need"] as? [String: Any])
        XCTAssertEqual(need["count"] as? Int, 1)
        XCTAssertEqual(need["by"] as? String, "2026-06-18")
    }

    /// With T = W every day is needed: the line asks for it every day.
    func testWhenEveryDayOfTheWindowIsNeeded() {
        home = TemporaryDirectory().write(["trackers/daily.yaml":
            "name: Daily\ninput: check\nsince: 2026-06-10\nstreak: { period: { rolling: 3 }, times: 3 }\n"])
        for day in ["10", "11", "12"] {
            XCTAssertEqual(HavenRun(home: home.path, now: "2026-06-\(day) 20:00").run(["log", "daily"]).status, 0)
        }
        XCTAssertEqual(status(on: "12"), "Daily   3/3 in the last 3 days   streak 3 · 1 more by Saturday keeps it\n")
    }
}
