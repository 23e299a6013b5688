/// Rolling periods (SPEC §4.6): "T times in any W days". The unit is the
/// day. A day is covered when some window of W days that holds it, starts
/// no earlier than the tracker, and may reach past today, holds T
/// successful days (a frozen day counts), one of them on or before it.
extension StreakEngine {
    /// Successful days (a success or a freeze) from the tracker's first
    /// day through today, as prefix sums: days to come hold none.
    struct Successes {
        let first: Int
        let origin: Int
        let today: Int
        private let prefix: [Int32]

        init(_ table: DayTable, engine: StreakEngine, origin: Int, today: Int) {
            first = table.first
            self.origin = origin
            self.today = today
            var prefix = [Int32](repeating: 0, count: table.count + 1)
            for i in 0..<table.count {
                let day = table.first + i
                let raw = engine.classify(table, i, inside: true, count: Int(table.counts[i]), value: table.sums[i])
                // An at_most goal's empty today is not yet a success (§4.2).
                let undecided = day == today && table.counts[i] == 0 && engine.goal?.atLeast == false && !engine.rules.avoidance
                let counts = day >= origin && day <= today && (table.frozen[i] || (raw == .success && !undecided))
                prefix[i + 1] = prefix[i] + (counts ? 1 : 0)
            }
            self.prefix = prefix
        }

        /// Days to come that count as successes too, for "what if".
        private var extra: ClosedRange<Int>?

        /// Successful days from `from` through `to`.
        func count(_ from: Int, _ to: Int) -> Int {
            let a = min(max(from - first, 0), prefix.count - 1), b = min(max(to - first + 1, 0), prefix.count - 1)
            var n = b > a ? Int(prefix[b] - prefix[a]) : 0
            if let extra, from <= to, extra.overlaps(from...to) {
                // Extra days that are successes already are not counted twice.
                for day in max(from, extra.lowerBound)...min(to, extra.upperBound) where !isSuccess(day) { n += 1 }
            }
            return n
        }

        /// Whether `day` is a successful day as recorded (extra days aside).
        private func isSuccess(_ day: Int) -> Bool {
            let i = day - first
            return i >= 0 && i + 1 < prefix.count && prefix[i + 1] > prefix[i]
        }

        /// The same successes with every day of `days` a success too.
        func adding(_ days: ClosedRange<Int>) -> Successes {
            var copy = self
            copy.extra = days
            return copy
        }
    }

    /// `day_outcome`'s `window.successes` (SPEC §4.6): the successful days
    /// (a success or a freeze, as the table reads them so far: hooks'
    /// outcomes for the days before, §4.1 for the day itself) of the
    /// `window` days ending on `day`, none before `origin`.
    public func windowSuccesses(_ table: DayTable, day: Int, window: Int, origin: Int) -> Int {
        var count = 0
        let from = max(origin, day - window + 1, table.first), to = min(day, table.first + table.count - 1)
        guard from <= to else { return 0 }
        for number in from...to {
            let i = number - table.first
            if table.frozen[i] || classify(table, i, inside: true, count: Int(table.counts[i]), value: table.sums[i]) == .success {
                count += 1
            }
        }
        return count
    }

    /// Whether day `x` is covered by a window of `window` days.
    static func covered(_ x: Int, window: Int, times: Int, _ successes: Successes) -> Bool {
        var s = max(successes.origin, x - window + 1)
        while s <= x {
            if successes.count(s, x) >= 1 && successes.count(s, s + window - 1) >= times { return true }
            s += 1
        }
        return false
    }

    /// Whether an uncovered closed day may still be covered by a success to
    /// come: some window holding it reaches past today, already holds a
    /// success on or before it, and can still reach `times` with the days
    /// it has left (with T = W, a missed day can never be).
    static func open(_ x: Int, window: Int, times: Int, _ successes: Successes) -> Bool {
        var s = max(successes.origin, x - window + 1)
        while s <= x {
            let end = s + window - 1
            if end > successes.today && successes.count(s, x) >= 1
                && successes.count(s, successes.today) + (end - successes.today) >= times { return true }
            s += 1
        }
        return false
    }

    /// The walk of §4.3 with days as periods and coverage as success. A
    /// checkpoint is only offered where every day before it is final: its
    /// windows all end before today (`start + W - 1 <= today`).
    func walkRolling(_ table: DayTable, window: Int, start: Int, origin: Int, state initial: WalkState?, today: Int,
                     recordFrom: Int?) -> WalkResult {
        var state = initial ?? WalkState.initial(rules)
        let windows = Windows(table, engine: self, origin: origin)
        let successes = Successes(table, engine: self, origin: origin, today: today)
        var records: [PeriodRecord] = []
        var checkpoints: [(start: Int, state: WalkState)] = []
        var todayOutcome = Outcome.pending
        var ended: Int?
        var month = Day(number: start).month
        var day = start
        while day <= today {
            let dayMonth = Day(number: day).month
            if dayMonth != month {
                if day + window - 1 <= today { checkpoints.append((day, state)) }
                month = dayMonth
            }
            let i = day - table.first
            let inside = i >= 0 && i < table.count
            let count = inside ? Int(table.counts[i]) : 0
            let value = inside ? table.sums[i] : 0
            let isFrozen = inside && table.frozen[i]
            var own = isFrozen ? Raw.frozen : classify(table, i, inside: inside, count: count, value: value)
            // An at_most goal's empty today is not yet decided (§4.2): only coverage may make it a success.
            if day == today, own == .success, count == 0, goal?.atLeast == false, !rules.avoidance { own = .missing }
            score(day: day, value: value, count: count, frozen: isFrozen, success: own == .success, windows: windows,
                  state: &state)
            var raw = own
            var undecided = false
            switch own {
            case .success, .frozen, .broke:
                break
            default:
                if StreakEngine.covered(day, window: window, times: rules.times, successes) {
                    raw = .success
                } else if day == today || StreakEngine.open(day, window: window, times: rules.times, successes) {
                    // A success to come may still cover it: it neither extends nor breaks yet.
                    undecided = true
                    raw = .missing
                }
            }
            let running = state.streak > 0
            let outcome = apply(raw, current: undecided, to: &state)
            if day == today { todayOutcome = outcome }
            if outcome == .broken && running { ended = day }
            if let recordFrom, day >= recordFrom {
                records.append(PeriodRecord(start: day, outcome: outcome, streak: state.streak, jokers: state.available,
                                            score: state.score))
            }
            day += 1
        }
        let (left, need) = daysLeft(window: window, successes, streak: state.streak, today: today)
        let atRisk = todayOutcome == .pending && state.streak > 0 && rules.streaks && left == 0
        return WalkResult(state: state, beforeCurrent: (start, initial ?? WalkState.initial(rules)),
                          checkpoints: checkpoints, today: todayOutcome, atRisk: atRisk, periods: records, daysLeft: left,
                          need: need, ended: ended)
    }

    /// `days_left` by coverage (SPEC §4.6): the days from today to the last
    /// day on which one more success keeps every day up to it covered (the
    /// closed days still open included), also on a day already a success or
    /// frozen; 0 when one more cannot but more could (act today); -1 when no
    /// success to come can, or without a streak to keep. With it, the
    /// successes that keep it: one by that day, or the fewest, one a day
    /// from today, that do.
    func daysLeft(window: Int, _ successes: Successes, streak: Int, today: Int) -> (Int, (count: Int, by: Int)?) {
        guard streak > 0 || successes.count(today, today) > 0 else { return (-1, nil) }
        let times = rules.times
        let open = (max(successes.origin, today - window + 1)..<today).filter {
            !StreakEngine.covered($0, window: window, times: times, successes)
                && StreakEngine.open($0, window: window, times: times, successes)
        }
        func keeps(_ added: Successes, through last: Int) -> Bool {
            (open + Array(today...last)).allSatisfy { StreakEngine.covered($0, window: window, times: times, added) }
        }
        var best: Int?
        for day in today...(today + 2 * window) where keeps(successes.adding(day...day), through: day) { best = day }
        if let best { return (best - today, (1, best)) }
        // Enough successes from today on would still save every open day.
        for count in 2...max(2, window) where keeps(successes.adding(today...(today + count - 1)), through: today + count - 1) {
            return (0, (count, today + count - 1))
        }
        return (-1, nil)
    }
}
