import Foundation
import HavenCore
import XCTest

/// The families of issue #10 that the engine owns, each with exact values
/// (SPEC §3 "Exactness and edge rules", §4.2, §4.3, §4.5).
final class ExactnessTests: XCTestCase {
    private func avoiding(_ measure: EngineRules.Measure, period: Period = .day, times: Int = 1,
                          relapse: RelapseRule = .break) -> EngineRules {
        EngineRules(measure: measure, avoidance: true, period: period, times: times, relapse: relapse)
    }

    // 1. Amounts are summed exactly, in thousandths.
    func testAmountsAreSummedExactly() {
        let reach = Scenario(rules: rules(.sum(.atLeast(0.8))), start: "2026-03-01", today: "2026-03-01",
                             days: ["2026-03-01": ["0.7", "0.1"]]).walk()
        XCTAssertEqual(reach.today, .success)
        XCTAssertEqual(reach.state.streak, 1)
        XCTAssertEqual(reach.state.score, 1 - pow(0.5, 1.0 / 13), accuracy: 1e-12, "c = 0.8 / 0.8 exactly")
        let within = Scenario(rules: rules(.sum(.atMost(0.3))), start: "2026-03-01", today: "2026-03-02",
                              days: ["2026-03-01": ["0.1", "0.2"], "2026-03-02": ["0.3"]]).walk()
        XCTAssertEqual(within.today, .success)
        XCTAssertEqual(within.state.streak, 2, "0.1 + 0.2 stays within at_most 0.3")
        var table = DayTable(first: 0, count: 1)
        for _ in 0..<10 { table.add(day: 0, value: 0.1) }
        XCTAssertEqual(table.sums[0], 1000)
        XCTAssertEqual(table.sum(at: 0), 1.0)
    }

    // 2. A week with times 7 (f = 1) uses the daily score rule.
    func testAWeekOfSevenTimesScoresDayByDay() {
        let walk = Scenario(rules: rules(.presence, period: .week, times: 7), start: "2026-03-02", today: "2026-03-15",
                            days: ["2026-03-02..2026-03-15": ["x"]]).walk()
        XCTAssertEqual(walk.state.score, 1 - pow(0.5, 14.0 / 13), accuracy: 1e-12)
        let month = Scenario(rules: rules(.presence, period: .month, times: 30), start: "2026-04-01", today: "2026-04-02",
                             days: ["2026-04-01..2026-04-02": ["x"]]).walk()
        XCTAssertEqual(month.state.score, 0.101149, accuracy: 1e-6, "two days, as SPEC §4.5's daily check")
    }

    // 3 and 9. Nothing before the tracker's start is read by the score's windows.
    func testTheScoreWindowsStartWhereTheTrackerStarts() {
        let m = pow(0.5, (1.0 / 7).squareRoot() / 13)
        let avoidance = Scenario(rules: avoiding(.avoidance(.break), period: .week), start: "2026-03-02",
                                 today: "2026-03-02").walk()
        XCTAssertEqual(avoidance.state.score, 0.5 * (1 - m), accuracy: 1e-12, "one clean day of two needed, not fourteen")
        let m3 = pow(0.5, (3.0 / 7).squareRoot() / 13)
        let early = Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-03-09", today: "2026-03-09",
                             days: ["2026-03-02..2026-03-09": ["x"]])
        XCTAssertEqual(early.walk().state.score, (1.0 / 6) * (1 - m3), accuracy: 1e-12,
                       "the seven entries before the start count for nothing")
        // The walk resumed from a checkpoint still reads nothing before the tracker's own start.
        let resumed = StreakEngine(rules: early.rules).walk(early.table(), start: Scenario.number("2026-03-09"),
                                                           origin: Scenario.number("2026-03-09"),
                                                           today: Scenario.number("2026-03-09"))
        XCTAssertEqual(resumed.state.score, (1.0 / 6) * (1 - m3), accuracy: 1e-12)
    }

    // 4. A freeze later in the current week excuses it from its first day.
    func testAFreezeAheadInTheCurrentWeekExcusesItNow() {
        let walk = Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-02-23", today: "2026-03-04",
                            days: ["2026-02-23..2026-02-25": ["x"]], freezes: ["2026-03-06"]).walk()
        XCTAssertEqual(walk.today, .frozen)
        XCTAssertEqual(walk.state.streak, 2)
        XCTAssertFalse(walk.atRisk)
        let month = Scenario(rules: rules(.presence, period: .month, times: 10), start: "2026-02-01", today: "2026-03-02",
                             days: ["2026-02-01..2026-02-10": ["x"]], freezes: ["2026-03-28"]).walk()
        XCTAssertEqual(month.today, .frozen)
        XCTAssertEqual(month.state.streak, 2)
    }

    // 10. An at_most week is a success while within its limit, the current one too.
    func testAnAtMostWeekCountsWhileWithinItsLimit() {
        let within = Scenario(rules: rules(.sum(.atMost(5)), period: .week), start: "2026-03-02", today: "2026-03-08",
                              days: ["2026-03-03": ["2"], "2026-03-06": ["3"]]).walk()
        XCTAssertEqual(within.today, .success, "Sunday evening, 5 of at most 5")
        XCTAssertEqual(within.state.streak, 1)
        let over = Scenario(rules: rules(.sum(.atMost(5)), period: .week), start: "2026-03-02", today: "2026-03-08",
                            days: ["2026-03-03": ["2"], "2026-03-06": ["4"]]).walk()
        XCTAssertEqual(over.today, .broken)
        let empty = Scenario(rules: rules(.sum(.atMost(5)), period: .week), start: "2026-03-02", today: "2026-03-04")
            .walk()
        XCTAssertEqual(empty.today, .pending, "nothing logged yet")
    }

    // 12. Avoidance with levels: no entry is a success; with count: beyond the limit is a relapse.
    func testAvoidanceWithLevelsAndCounts() {
        let levels = Scenario(rules: avoiding(.levels), start: "2026-03-01", today: "2026-03-03").walk()
        XCTAssertEqual(levels.state.streak, 3)
        XCTAssertEqual(levels.today, .success)
        let wild = Scenario(rules: avoiding(.levels), start: "2026-03-01", today: "2026-03-03",
                            days: ["2026-03-02": ["bad"]]).walk()
        XCTAssertEqual(wild.state.streak, 1)
        XCTAssertEqual(wild.state.longest, 1)
        let counted = Scenario(rules: avoiding(.sum(.atMost(2))), start: "2026-03-01", today: "2026-03-04",
                               days: ["2026-03-01": ["2"], "2026-03-02": ["3"]]).walk()
        XCTAssertEqual(counted.state.streak, 2, "3 > 2 broke the streak on the 2nd; the 3rd and today are clean")
        XCTAssertEqual(counted.state.longest, 2)
        XCTAssertEqual(counted.today, .success)
        let noGoal = Scenario(rules: avoiding(.sum(nil), relapse: .grace), start: "2026-03-01", today: "2026-03-02",
                              days: ["2026-03-02": ["1"]]).walk()
        XCTAssertEqual(noGoal.today, .broken, "any amount is beyond the default limit of 0; grace without a joker breaks")
        let week = Scenario(rules: avoiding(.avoidance(.grace), period: .week, times: 5), start: "2026-03-02",
                            today: "2026-03-03").walk()
        XCTAssertEqual(week.today, .success, "the current avoidance week counts while no relapse is logged")
    }
}
