import HavenCore
import XCTest

/// The habit-strength score of SPEC §4.5, with exact values.
final class ScoreTests: XCTestCase {
    private func score(_ scenario: Scenario) -> Double {
        (scenario.walk().state.score * 1_000_000).rounded() / 1_000_000
    }

    func testSpecChecks() {
        // SPEC §4.5 writes these to six decimals, truncated (1 − 0.5^(20/13) = 0.6557476…).
        XCTAssertEqual(Scenario(rules: rules(.presence), start: "2026-08-01", today: "2026-08-20",
                                days: ["2026-08-01..2026-08-20": ["x"]]).walk().state.score, 0.655747, accuracy: 1e-6)
        XCTAssertEqual(Scenario(rules: rules(.presence), start: "2026-08-01", today: "2026-08-02",
                                days: ["2026-08-01..2026-08-02": ["x"]]).walk().state.score, 0.101149, accuracy: 1e-6)
    }

    func testTable() {
        let rows: [(String, Scenario, Double)] = [
            ("ten successful days", Scenario(rules: rules(.presence), start: "2026-08-01", today: "2026-08-10",
                                             days: ["2026-08-01..2026-08-10": ["x"]]), 0.41327),
            ("decay on days without success", Scenario(rules: rules(.presence), start: "2026-08-01",
                                                       today: "2026-08-14", days: ["2026-08-01..2026-08-12": ["x"]]),
             0.424812),
            ("at_least uses the share of the goal", Scenario(rules: rules(.sum(.atLeast(8))), start: "2026-09-01",
                                                             today: "2026-09-04",
                                                             days: ["2026-09-01": ["4"], "2026-09-02": ["8"],
                                                                    "2026-09-03": ["8"], "2026-09-04": ["2"]]), 0.131001),
            ("at_most starts at 1", Scenario(rules: rules(.sum(.atMost(2))), start: "2026-09-01", today: "2026-09-04",
                                             days: ["2026-09-01": ["1"], "2026-09-02": ["3"], "2026-09-03": ["4"]]),
             0.927438),
            ("frozen day carries over", Scenario(rules: rules(.presence), start: "2026-09-11", today: "2026-09-18",
                                                 days: ["2026-09-11..2026-09-15": ["x"], "2026-09-17..2026-09-18": ["x"]],
                                                 freezes: ["2026-09-16"]), 0.311495),
            ("no entry yet is 0", Scenario(rules: rules(.presence), start: "2026-09-01", today: "2026-09-10"), 0),
            ("the score starts at the first entry, not the walk's start",
             Scenario(rules: rules(.presence), start: "2026-07-01", today: "2026-08-10",
                      days: ["2026-08-01..2026-08-10": ["x"]]), 0.41327),
            ("avoidance starts at once: 10 clean days",
             Scenario(rules: rules(.avoidance(.break), avoidance: true), start: "2026-08-01", today: "2026-08-10"),
             0.41327),
            // Three days a week for two weeks: c = min(1, successes in 14 days / 6).
            ("weekly share over two periods",
             Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-06-01", today: "2026-06-03",
                      days: ["2026-06-01..2026-06-03": ["x"]]), 0.033526),
        ]
        for (name, scenario, expected) in rows {
            XCTAssertEqual(score(scenario), expected, accuracy: 0.000001, name)
        }
    }

    func testWeeklyShareByHand() {
        // f = 3/7, multiplier m = 0.5^(sqrt(3/7)/13); c = 1/6, 2/6, 3/6 on the three days.
        let m = pow(0.5, (3.0 / 7).squareRoot() / 13)
        var s = 0.0
        for c in [1.0 / 6, 2.0 / 6, 3.0 / 6] { s = s * m + c * (1 - m) }
        let scenario = Scenario(rules: rules(.presence, period: .week, times: 3), start: "2026-06-01",
                                today: "2026-06-03", days: ["2026-06-01..2026-06-03": ["x"]])
        XCTAssertEqual(scenario.walk().state.score, s, accuracy: 1e-12)
    }
}
