/// How far the current period of a week, month or rolling tracker has
/// come: what "2/3 this week" and "22/20 km this week" are made of.
public struct PeriodProgress: Sendable, Equatable {
    /// The period's first day (a rolling tracker's: the window's that ends today).
    public var first: Day
    /// Its last day (a rolling tracker's: today).
    public var last: Day
    /// Successful days so far (a frozen day counts).
    public var successes: Int
    public var entries: Int
    /// The sum of the entries' values so far, in the tracker's units.
    public var sum: Double
    /// A freeze anywhere in the period (ahead of today too) excuses it whole.
    public var frozen: Bool

    public init(first: Day, last: Day, successes: Int, entries: Int, sum: Double, frozen: Bool) {
        self.first = first
        self.last = last
        self.successes = successes
        self.entries = entries
        self.sum = sum
        self.frozen = frozen
    }
}

extension StreakEngine {
    /// The current period's progress as of `today`; nil for day periods.
    /// Days before `origin` (the tracker's start) count for nothing.
    public func progress(_ table: DayTable, today: Int, origin: Int) -> PeriodProgress? {
        let first: Int, last: Int
        if let window = rules.rolling {
            (first, last) = (today - window + 1, today)
        } else if rules.period != .day {
            first = rules.periodStart(today)
            last = rules.nextPeriod(first) - 1
        } else {
            return nil
        }
        var successes = 0, entries = 0, sum: Int64 = 0
        let from = max(first, origin, table.first), to = min(today, table.first + table.count - 1)
        if from <= to {
            for day in from...to {
                let i = day - table.first
                entries += Int(table.counts[i])
                sum += table.sums[i]
                let raw = classify(table, i, inside: true, count: Int(table.counts[i]), value: table.sums[i])
                if table.frozen[i] || raw == .success { successes += 1 }
            }
        }
        let frozen = rules.rolling == nil ? table.anyFrozen(from: first, to: last) : table.anyFrozen(from: today, to: today)
        return PeriodProgress(first: Day(number: first), last: Day(number: last), successes: successes,
                              entries: entries, sum: Double(sum) / 1000, frozen: frozen)
    }
}

extension StreakEngine {
    /// Whether the current week or month needs today to be met: with a goal
    /// on the period's sum, today is its last day; with `times`, the
    /// successful days still needed are exactly the days left, today first.
    func needsToday(_ table: DayTable, from first: Int, today: Int, end: Int) -> Bool {
        if let goal, !rules.avoidance { return goal.atLeast && today == end - 1 }
        var successes = 0, todaySucceeded = false
        for day in first...today {
            let i = day - table.first
            guard i >= 0, i < table.count else { continue }
            let raw = classify(table, i, inside: true, count: Int(table.counts[i]), value: table.sums[i])
            if table.frozen[i] || raw == .success {
                successes += 1
                todaySucceeded = day == today
            }
        }
        let needed = rules.times - successes
        return !todaySucceeded && needed >= 1 && needed == end - today
    }
}
