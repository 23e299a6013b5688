import HavenCore
import XCTest

/// Builds walks from compact day descriptions, for table-driven engine tests.
struct Scenario {
    var rules: EngineRules
    var start: String
    var today: String
    /// Day (or FROM..TO) → values logged that day (a level key, a number, or "x" for a check entry).
    var days: [String: [String]] = [:]
    var freezes: [String] = []
    var levels: [String: Effect] = ["steady": .success, "easy": .grace, "wild": .grace,
                                    "ok": .success, "slip": .grace, "bad": .break, "meh": .neutral]

    static func number(_ text: String) -> Int { Day(text)!.number }

    func table() -> DayTable {
        let first = Scenario.number(start) - 62
        // On to the end of the current period, as the runtime builds it: a freeze may lie ahead.
        let end = rules.nextPeriod(rules.periodStart(Scenario.number(today))) - 1
        var table = DayTable(first: first, count: end - first + 1)
        var instant: Int64 = 0
        for (key, values) in days.sorted(by: { $0.key < $1.key }) {
            let bounds = key.components(separatedBy: "..")
            for day in Scenario.number(bounds[0])...Scenario.number(bounds.last!) {
                for value in values {
                    instant += 1
                    if let effect = levels[value] {
                        table.add(day: day, effect: effect, instant: instant)
                    } else {
                        table.add(day: day, value: Double(value) ?? 0, instant: instant)
                    }
                }
            }
        }
        for day in freezes { table.freeze(day: Scenario.number(day)) }
        return table
    }

    func walk(recordFrom: String? = nil) -> WalkResult {
        StreakEngine(rules: rules).walk(table(), start: Scenario.number(start), today: Scenario.number(today),
                                        recordFrom: recordFrom.map(Scenario.number))
    }
}

func rules(_ measure: EngineRules.Measure, avoidance: Bool = false, period: Period = .day, times: Int = 1,
           weekStart: WeekStart = .monday, missing: MissingRule = .grace, joker: (Int, Int)? = nil,
           heals: Bool = true) -> EngineRules {
    EngineRules(measure: measure, avoidance: avoidance, period: period, times: times, weekStart: weekStart,
                missing: missing, rewards: joker.map { RewardRule(earnEvery: $0.0, max: $0.1, heals: heals) })
}
