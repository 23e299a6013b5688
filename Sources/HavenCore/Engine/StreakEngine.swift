import Foundation

/// The walk of SPEC §4.3 and the score of §4.5. Pure: it reads a `DayTable`
/// and the rules, and never the clock.
public struct StreakEngine: Sendable {
    public let rules: EngineRules
    private let multiplier: Double
    /// The goal of a count or amount tracker, in thousandths (§3: exact).
    let goal: (atLeast: Bool, milli: Int64)?
    /// The most an avoidance count or amount tracker may log in a day
    /// without a relapse: its `at_most` goal, else 0 (§4.2).
    private let relapseAbove: Int64
    /// f ≥ 1 (every day of the period): the score's daily rule (§4.5).
    private let daily: Bool

    public init(rules: EngineRules) {
        self.rules = rules
        let f = rules.period == .day && rules.rolling == nil ? 1.0 : Double(rules.times) / Double(rules.scoreDays)
        multiplier = pow(0.5, f.squareRoot() / 13)
        daily = f >= 1
        switch rules.measure {
        case .sum(.atLeast(let n)?): goal = (true, DayTable.milli(n))
        case .sum(.atMost(let n)?): goal = (false, DayTable.milli(n))
        default: goal = nil
        }
        relapseAbove = goal.flatMap { $0.atLeast ? nil : $0.milli } ?? 0
    }

    /// A day's or a period's resolution before the missing rule.
    enum Raw { case success, grace, broke, neutral, missing, frozen }

    /// Walks periods from `start` (a walk's first day, or a checkpoint's
    /// period start with its `state`) through the period holding `today`.
    /// `origin` is the tracker's own first day (the walk's first day when
    /// nil): nothing before it is read, not even by the score's windows.
    /// For week and month periods the table must also cover the
    /// `2 × period days` before `start`, for the score's window, and the
    /// rest of the current period, for a freeze placed ahead in it.
    public func walk(_ table: DayTable, start: Int, origin: Int? = nil, state initial: WalkState? = nil, today: Int,
                     recordFrom: Int? = nil) -> WalkResult {
        if let window = rules.rolling {
            return walkRolling(table, window: window, start: start, origin: origin ?? start, state: initial, today: today,
                               recordFrom: recordFrom)
        }
        var state = initial ?? WalkState.initial(rules)
        let windows = rules.period == .day ? nil : Windows(table, engine: self, origin: origin ?? start)
        var records: [PeriodRecord] = []
        var checkpoints: [(start: Int, state: WalkState)] = []
        var beforeCurrent = (start: max(start, rules.periodStart(today)), state: state)
        var todayOutcome = Outcome.pending
        var atRisk = false
        let recordStart = recordFrom.map(rules.periodStart)
        var p = start
        var month = Day(number: p).month
        while p <= today {
            let end = rules.nextPeriod(rules.periodStart(p))
            let isCurrent = end > today
            let periodMonth = Day(number: p).month
            if periodMonth != month {
                checkpoints.append((p, state))
                month = periodMonth
            }
            if isCurrent { beforeCurrent = (p, state) }
            let last = isCurrent ? today : end - 1
            // A freeze anywhere in the current period excuses it from its first day.
            let frozenAhead = isCurrent && table.anyFrozen(from: today + 1, to: end - 1)
            let resolved = resolve(table, from: p, through: last, current: isCurrent, windows: windows, score: &state)
            let raw = frozenAhead ? .frozen : resolved
            let outcome = apply(raw, current: isCurrent, to: &state)
            if isCurrent {
                todayOutcome = outcome
                if outcome == .pending && state.streak > 0 && rules.streaks && !frozenAhead {
                    var scratch = state
                    let closed = resolve(table, from: p, through: last, current: false, windows: nil,
                                         score: &scratch, scoring: false)
                    atRisk = closed == .grace || closed == .broke || (closed == .missing && rules.missing != .neutral)
                    // A week or month is at risk only on the day it cannot be met without today.
                    if atRisk, rules.period != .day {
                        atRisk = needsToday(table, from: max(p, origin ?? start), today: today, end: end)
                    }
                }
            }
            if let recordStart, p >= recordStart {
                records.append(PeriodRecord(start: rules.periodStart(p), outcome: outcome, streak: state.streak,
                                            jokers: state.available, score: state.score))
            }
            p = end
        }
        return WalkResult(state: state, beforeCurrent: beforeCurrent, checkpoints: checkpoints,
                          today: todayOutcome, atRisk: atRisk, periods: records)
    }

    /// Resolves one period's days and, with `scoring`, moves the score day by day.
    private func resolve(_ table: DayTable, from first: Int, through last: Int, current: Bool,
                         windows: Windows?, score state: inout WalkState, scoring: Bool = true) -> Raw {
        var successes = 0, broke = false, relapsed = false, frozen = false, entries = 0
        var sum: Int64 = 0
        var dayRaw = Raw.missing
        for day in first...last {
            let i = day - table.first
            let inside = i >= 0 && i < table.count
            let count = inside ? Int(table.counts[i]) : 0
            let value = inside ? table.sums[i] : 0
            let isFrozen = inside && table.frozen[i]
            let raw = classify(table, i, inside: inside, count: count, value: value)
            sum += value
            entries += count
            frozen = frozen || isFrozen
            switch raw {
            case .success: successes += 1
            case .broke: broke = true; relapsed = true
            case .grace: relapsed = true
            default: break
            }
            dayRaw = raw
            if scoring {
                score(day: day, value: value, count: count, frozen: isFrozen, success: raw == .success,
                      windows: windows, state: &state)
            }
        }
        if frozen { return .frozen }
        // An at_most period is decided by its first entry: within the limit
        // it is a success, the current one too (weeks and months as days);
        // with nothing logged yet the current one is pending.
        let undecided = current && entries == 0 && goal?.atLeast == false && !rules.avoidance
        if rules.period == .day { return undecided ? .missing : dayRaw }
        if let goal, !rules.avoidance {
            if goal.atLeast { return sum >= goal.milli ? .success : .missing }
            return undecided ? .missing : sum > goal.milli ? .broke : .success
        }
        // A goal is per period in either mode (§4.2): in avoidance, a week's
        // or a month's sum beyond the at_most goal (default 0) is its relapse.
        if case .sum = rules.measure, rules.avoidance {
            return sum <= relapseAbove ? .success : (rules.relapse == .break ? .broke : .grace)
        }
        if successes >= rules.times { return .success }
        if broke { return .broke }
        // Avoidance: the current period is a success unless a relapse is logged in it (§4.2).
        if current && rules.avoidance && !relapsed { return .success }
        return .missing
    }

    /// What one day amounts to on its own: a hook's outcome when there is
    /// one, else the table of §4.1, with avoidance mode as §4.2 says.
    func classify(_ table: DayTable, _ i: Int, inside: Bool, count: Int, value: Int64) -> Raw {
        if inside, table.overrides[i] >= 0 { return Raw(Effect.allCases[Int(table.overrides[i])]) }
        switch rules.measure {
        case .presence:
            return count > 0 ? .success : .missing
        case .avoidance(let relapse):
            return count == 0 ? .success : (relapse == .break ? .broke : .grace)
        case .sum where rules.avoidance:
            // An entry beyond the at_most goal (default 0) is a relapse.
            return value <= relapseAbove ? .success : (rules.relapse == .break ? .broke : .grace)
        case .sum:
            guard let goal else { return count > 0 ? .success : .missing }
            if goal.atLeast { return value >= goal.milli ? .success : .missing }
            return value <= goal.milli ? .success : .broke
        case .levels:
            guard inside, table.effects[i] >= 0 else { return rules.avoidance ? .success : .missing }
            return Raw(Effect.allCases[Int(table.effects[i])])
        }
    }

    /// Applies a resolved period to the streak and jokers (SPEC §4.3). In
    /// the current period, an undecided result is pending: it neither
    /// extends nor breaks.
    func apply(_ raw: Raw, current: Bool, to state: inout WalkState) -> Outcome {
        var resolved = raw
        if raw == .missing {
            if current { return .pending }
            switch rules.missing {
            case .grace: resolved = .grace
            case .break: resolved = .broke
            case .neutral: resolved = .neutral
            }
        }
        guard rules.streaks else {
            switch resolved {
            case .success: return .success
            case .frozen: return .frozen
            case .neutral, .missing: return .neutral
            case .grace, .broke: return .broken
            }
        }
        let outcome: Outcome
        switch resolved {
        case .success, .frozen:
            state.streak += 1
            if let r = rules.rewards, state.streak % r.earnEvery == 0, state.available < r.max { state.earned += 1 }
            outcome = resolved == .success ? .success : .frozen
        case .grace:
            // Earn before consume: a grace period on the earning day can heal itself.
            if let r = rules.rewards, (state.streak + 1) % r.earnEvery == 0, state.available < r.max {
                state.earned += 1
            }
            if let r = rules.rewards, r.heals, state.available > 0 {
                state.used += 1
                state.streak += 1
                outcome = .healed
            } else {
                breakStreak(&state)
                outcome = .broken
            }
        case .broke:
            breakStreak(&state)
            outcome = .broken
        case .neutral, .missing:
            outcome = .neutral
        }
        state.longest = max(state.longest, state.streak)
        return outcome
    }

    /// A break ends the streak and loses the jokers held.
    private func breakStreak(_ state: inout WalkState) {
        state.streak = 0
        state.earned = 0
        state.used = 0
    }

    /// Moves the habit-strength score by one day (SPEC §4.5).
    func score(day: Int, value: Int64, count: Int, frozen: Bool, success: Bool, windows: Windows?,
                       state: inout WalkState) {
        if !state.scoreStarted {
            // The score starts on the first day with an entry; in avoidance
            // mode every day without one is a success, so it starts at once.
            guard count > 0 || rules.avoidance else { return }
            state.scoreStarted = true
        }
        if frozen { return }
        let c: Double
        let d = rules.scoreDays
        switch (rules.avoidance ? nil : goal, windows) {
        case (let goal?, let windows?):
            let sum = windows.sum(through: day, days: d)
            c = goal.atLeast ? min(1, Double(sum) / Double(goal.milli)) : StreakEngine.atMostShare(sum, goal.milli)
        case (let goal?, nil):
            c = goal.atLeast ? min(1, Double(value) / Double(goal.milli)) : StreakEngine.atMostShare(value, goal.milli)
        case (nil, let windows?) where !daily:
            c = min(1, Double(windows.successes(through: day, days: 2 * d)) / Double(2 * rules.times))
        default:
            c = success ? 1 : 0
        }
        state.score = state.score * multiplier + c * (1 - multiplier)
    }

    /// clamp(1 − (S − N) / N, 0, 1); a limit of 0 is met only by nothing.
    static func atMostShare(_ sum: Int64, _ limit: Int64) -> Double {
        guard limit > 0 else { return sum > 0 ? 0 : 1 }
        return min(1, max(0, 1 - Double(sum - limit) / Double(limit)))
    }
}

/// Prefix sums over a table, for the score's trailing windows in week and
/// month periods. Days before the tracker's own first day count for nothing:
/// no success, no sum (SPEC §3, §4.5); a frozen day is no success.
struct Windows {
    private let first: Int
    private let sums: [Int64]
    private let successes: [Int32]

    init(_ table: DayTable, engine: StreakEngine, origin: Int) {
        first = table.first
        var sums = [Int64](repeating: 0, count: table.count + 1)
        var successes = [Int32](repeating: 0, count: table.count + 1)
        for i in 0..<table.count {
            let read = table.first + i >= origin
            let raw = engine.classify(table, i, inside: true, count: Int(table.counts[i]), value: table.sums[i])
            sums[i + 1] = sums[i] + (read ? table.sums[i] : 0)
            // A frozen day is no success in the windows of later days (§4.5, as Loop's skip).
            successes[i + 1] = successes[i] + (read && raw == .success && !table.frozen[i] ? 1 : 0)
        }
        self.sums = sums
        self.successes = successes
    }

    private func index(_ day: Int) -> Int { min(max(day - first + 1, 0), sums.count - 1) }

    func sum(through day: Int, days: Int) -> Int64 {
        sums[index(day)] - sums[index(day - days)]
    }

    func successes(through day: Int, days: Int) -> Int {
        Int(successes[index(day)] - successes[index(day - days)])
    }
}

extension StreakEngine.Raw {
    init(_ effect: Effect) {
        switch effect {
        case .success: self = .success
        case .grace: self = .grace
        case .break: self = .broke
        case .neutral: self = .neutral
        }
    }
}
