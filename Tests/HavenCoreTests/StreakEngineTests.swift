import HavenCore
import XCTest

/// The walk of SPEC §4.3, table-driven: each row is a history and the
/// streak, longest, jokers and today's outcome it must give.
final class StreakEngineTests: XCTestCase {
    struct Row {
        var name: String
        var scenario: Scenario
        var current: Int
        var longest: Int
        var today: Outcome
        var jokers: (available: Int, earned: Int, used: Int) = (0, 0, 0)
        var atRisk = false
    }

    private let noalc = rules(.levels, joker: (7, 3))

    func testWalks() {
        let rows: [Row] = [
            Row(name: "SPEC: seven steady days then an easy day",
                scenario: Scenario(rules: noalc, start: "2026-01-01", today: "2026-01-08",
                                   days: ["2026-01-01..2026-01-07": ["steady"], "2026-01-08": ["easy"]]),
                current: 8, longest: 8, today: .healed, jokers: (0, 1, 1)),
            Row(name: "SPEC: six steady days then an easy day earns before it spends",
                scenario: Scenario(rules: noalc, start: "2026-01-01", today: "2026-01-07",
                                   days: ["2026-01-01..2026-01-06": ["steady"], "2026-01-07": ["easy"]]),
                current: 7, longest: 7, today: .healed, jokers: (0, 1, 1)),
            Row(name: "SPEC: seven steady, one missing, then steady",
                scenario: Scenario(rules: noalc, start: "2026-01-01", today: "2026-01-09",
                                   days: ["2026-01-01..2026-01-07": ["steady"], "2026-01-09": ["steady"]]),
                current: 9, longest: 9, today: .success, jokers: (0, 1, 1)),
            Row(name: "today open is pending and at risk",
                scenario: Scenario(rules: rules(.presence), start: "2026-02-01", today: "2026-02-06",
                                   days: ["2026-02-01..2026-02-05": ["x"]]),
                current: 5, longest: 5, today: .pending, atRisk: true),
            Row(name: "at risk only when ending now would break: a held joker heals",
                scenario: Scenario(rules: noalc, start: "2026-01-01", today: "2026-01-08",
                                   days: ["2026-01-01..2026-01-07": ["steady"]]),
                current: 7, longest: 7, today: .pending, jokers: (1, 1, 0), atRisk: true),
            Row(name: "missing neutral is never at risk",
                scenario: Scenario(rules: rules(.presence, missing: .neutral), start: "2026-02-01",
                                   today: "2026-02-06", days: ["2026-02-01..2026-02-03": ["x"]]),
                current: 3, longest: 3, today: .pending),
            Row(name: "missing break",
                scenario: Scenario(rules: rules(.presence, missing: .break, joker: (2, 3)), start: "2026-02-01",
                                   today: "2026-02-05", days: ["2026-02-01..2026-02-03": ["x"], "2026-02-05": ["x"]]),
                current: 1, longest: 3, today: .success, jokers: (0, 0, 0)),
            Row(name: "break loses held jokers",
                scenario: Scenario(rules: rules(.levels, joker: (5, 2)), start: "2026-03-01", today: "2026-03-11",
                                   days: ["2026-03-01..2026-03-10": ["ok"], "2026-03-11": ["bad"]]),
                current: 0, longest: 10, today: .broken),
            Row(name: "jokers stop at the cap",
                scenario: Scenario(rules: rules(.levels, joker: (5, 2)), start: "2026-03-01", today: "2026-03-15",
                                   days: ["2026-03-01..2026-03-15": ["steady"]]),
                current: 15, longest: 15, today: .success, jokers: (2, 2, 0)),
            Row(name: "heals: false keeps jokers but grace breaks",
                scenario: Scenario(rules: rules(.levels, joker: (2, 3), heals: false), start: "2026-03-01",
                                   today: "2026-03-05", days: ["2026-03-01..2026-03-04": ["ok"], "2026-03-05": ["slip"]]),
                current: 0, longest: 4, today: .broken),
            Row(name: "neutral level neither extends nor breaks",
                scenario: Scenario(rules: rules(.levels), start: "2026-03-01", today: "2026-03-03",
                                   days: ["2026-03-01": ["ok"], "2026-03-02": ["meh"], "2026-03-03": ["ok"]]),
                current: 2, longest: 2, today: .success),
            Row(name: "latest entry of a levels day decides",
                scenario: Scenario(rules: rules(.levels), start: "2026-03-01", today: "2026-03-02",
                                   days: ["2026-03-01": ["ok"], "2026-03-02": ["ok", "bad"]]),
                current: 0, longest: 1, today: .broken),
            Row(name: "avoidance: today counts unless a relapse is logged",
                scenario: Scenario(rules: rules(.avoidance(.break), avoidance: true), start: "2026-04-01",
                                   today: "2026-04-08", days: ["2026-04-05": ["x"]]),
                current: 3, longest: 4, today: .success),
            Row(name: "avoidance: relapse today breaks today",
                scenario: Scenario(rules: rules(.avoidance(.break), avoidance: true), start: "2026-04-01",
                                   today: "2026-04-03", days: ["2026-04-03": ["x"]]),
                current: 0, longest: 2, today: .broken),
            Row(name: "avoidance: relapse as grace heals with a joker",
                scenario: Scenario(rules: rules(.avoidance(.grace), avoidance: true, joker: (3, 1)),
                                   start: "2026-04-01", today: "2026-04-05", days: ["2026-04-04": ["x"]]),
                current: 5, longest: 5, today: .success, jokers: (0, 1, 1)),
            Row(name: "at_least: short day is missing",
                scenario: Scenario(rules: rules(.sum(.atLeast(3))), start: "2026-05-01", today: "2026-05-03",
                                   days: ["2026-05-01": ["1", "2"], "2026-05-02": ["2"], "2026-05-03": ["4"]]),
                current: 1, longest: 1, today: .success),
            Row(name: "at_least: today below the goal is pending",
                scenario: Scenario(rules: rules(.sum(.atLeast(3))), start: "2026-05-01", today: "2026-05-02",
                                   days: ["2026-05-01": ["3"], "2026-05-02": ["1"]]),
                current: 1, longest: 1, today: .pending, atRisk: true),
            Row(name: "at_most: no entry is a success, going over breaks, today empty is pending",
                scenario: Scenario(rules: rules(.sum(.atMost(2))), start: "2026-05-10", today: "2026-05-14",
                                   days: ["2026-05-11": ["2"], "2026-05-12": ["3"], "2026-05-13": ["1"]]),
                current: 1, longest: 2, today: .pending),
            Row(name: "count without goal: any entry",
                scenario: Scenario(rules: rules(.sum(nil)), start: "2026-05-01", today: "2026-05-02",
                                   days: ["2026-05-01": ["1"], "2026-05-02": ["2"]]),
                current: 2, longest: 2, today: .success),
            Row(name: "freeze counts like a success",
                scenario: Scenario(rules: rules(.presence), start: "2026-07-01", today: "2026-07-04",
                                   days: ["2026-07-01..2026-07-02": ["x"], "2026-07-04": ["x"]], freezes: ["2026-07-03"]),
                current: 4, longest: 4, today: .success),
            Row(name: "freeze on today",
                scenario: Scenario(rules: rules(.presence), start: "2026-07-01", today: "2026-07-03",
                                   days: ["2026-07-01..2026-07-02": ["x"]], freezes: ["2026-07-03"]),
                current: 3, longest: 3, today: .frozen),
            Row(name: "freeze earns a joker like a success",
                scenario: Scenario(rules: rules(.presence, joker: (3, 3)), start: "2026-07-01", today: "2026-07-03",
                                   days: ["2026-07-01..2026-07-02": ["x"]], freezes: ["2026-07-03"]),
                current: 3, longest: 3, today: .frozen, jokers: (1, 1, 0)),
            Row(name: "week, three days a week, Monday weeks",
                scenario: Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-06-01",
                                   today: "2026-06-23",
                                   days: ["2026-06-01": ["x"], "2026-06-03": ["x"], "2026-06-05": ["x"],
                                          "2026-06-09": ["x"], "2026-06-12": ["x"], "2026-06-15": ["x"],
                                          "2026-06-16": ["x"], "2026-06-20": ["x"], "2026-06-22": ["x"]]),
                // Two more of the six days left: not yet at risk.
                current: 1, longest: 1, today: .pending, atRisk: false),
            Row(name: "week at risk on the day the days left are the days needed",
                scenario: Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-06-15",
                                   today: "2026-06-27",
                                   days: ["2026-06-15": ["x"], "2026-06-16": ["x"], "2026-06-20": ["x"],
                                          "2026-06-22": ["x"]]),
                current: 1, longest: 1, today: .pending, atRisk: true),
            Row(name: "week not at risk once today has its success",
                scenario: Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-06-15",
                                   today: "2026-06-28",
                                   days: ["2026-06-15": ["x"], "2026-06-16": ["x"], "2026-06-20": ["x"],
                                          "2026-06-22": ["x"], "2026-06-28": ["x"]]),
                current: 1, longest: 1, today: .pending, atRisk: false),
            Row(name: "week starting Sunday shifts which week a Sunday belongs to",
                scenario: Scenario(rules: rules(.presence, period: .week, times: 2, weekStart: .sunday),
                                   start: "2026-05-31", today: "2026-06-13",
                                   days: ["2026-05-31": ["x"], "2026-06-06": ["x"], "2026-06-07": ["x"],
                                          "2026-06-13": ["x"]]),
                current: 2, longest: 2, today: .success),
            Row(name: "week decided early once times is reached",
                scenario: Scenario(rules: rules(.presence, period: .week, times: 2), start: "2026-06-01",
                                   today: "2026-06-03", days: ["2026-06-01": ["x"], "2026-06-02": ["x"]]),
                current: 1, longest: 1, today: .success),
            Row(name: "week with a broken day and too few successes breaks",
                scenario: Scenario(rules: rules(.levels, period: .week, times: 3, joker: (1, 3)), start: "2026-06-01",
                                   today: "2026-06-10", days: ["2026-06-01": ["ok"], "2026-06-02": ["bad"]]),
                current: 0, longest: 0, today: .pending),
            Row(name: "week goal counts the week's sum",
                scenario: Scenario(rules: rules(.sum(.atLeast(10)), period: .week), start: "2026-06-01",
                                   today: "2026-06-15",
                                   days: ["2026-06-01": ["4"], "2026-06-05": ["6"], "2026-06-08": ["9"], "2026-06-15": ["10"]]),
                current: 1, longest: 1, today: .success),
            Row(name: "month, times 2, months of different lengths",
                scenario: Scenario(rules: rules(.presence, period: .month, times: 2), start: "2026-01-15",
                                   today: "2026-03-10",
                                   days: ["2026-01-20": ["x"], "2026-01-31": ["x"], "2026-02-01": ["x"],
                                          "2026-02-28": ["x"], "2026-03-01": ["x"]]),
                // One more in the 22 days left of March: not at risk.
                current: 2, longest: 2, today: .pending, atRisk: false),
        ]
        for row in rows {
            let result = row.scenario.walk()
            XCTAssertEqual(result.state.streak, row.current, "current: \(row.name)")
            XCTAssertEqual(result.state.longest, row.longest, "longest: \(row.name)")
            XCTAssertEqual(result.today, row.today, "today: \(row.name)")
            XCTAssertEqual(result.state.available, row.jokers.available, "available: \(row.name)")
            XCTAssertEqual(result.state.earned, row.jokers.earned, "earned: \(row.name)")
            XCTAssertEqual(result.state.used, row.jokers.used, "used: \(row.name)")
            XCTAssertEqual(result.atRisk, row.atRisk, "at_risk: \(row.name)")
        }
    }

    func testHistoryRecordsEveryPeriodWithItsOutcome() {
        let scenario = Scenario(rules: noalc, start: "2026-01-01", today: "2026-01-10",
                                days: ["2026-01-01..2026-01-07": ["steady"], "2026-01-08": ["wild"],
                                       "2026-01-09": ["easy"]], freezes: ["2026-01-10"])
        let records = scenario.walk(recordFrom: "2026-01-06").periods
        XCTAssertEqual(records.map { Day(number: $0.start).description },
                       ["2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10"])
        XCTAssertEqual(records.map(\.outcome), [.success, .success, .healed, .broken, .frozen])
        XCTAssertEqual(records.map(\.streak), [6, 7, 8, 0, 1])
        XCTAssertEqual(records.map(\.jokers), [0, 1, 0, 0, 0])
    }

    func testStreaksOffStillResolvesOutcomes() {
        var r = rules(.presence)
        r.streaks = false
        let result = Scenario(rules: r, start: "2026-01-01", today: "2026-01-03",
                              days: ["2026-01-01..2026-01-03": ["x"]]).walk()
        XCTAssertEqual(result.state.streak, 0)
        XCTAssertEqual(result.today, .success)
    }
}
