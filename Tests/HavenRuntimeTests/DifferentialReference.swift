import Foundation

/// Days as numbers, by the proleptic Gregorian calendar (days since
/// 1970-01-01), written here from the calendar's rules.
enum RefDay {
    static func number(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let a = (14 - m) / 12, yy = y + 4800 - a, mm = m + 12 * a - 3
        let jdn = d + (153 * mm + 2) / 5 + 365 * yy + yy / 4 - yy / 100 + yy / 400 - 32045
        return jdn - 2_440_588
    }

    static func date(_ n: Int) -> (y: Int, m: Int, d: Int) {
        let a = n + 2_440_588 + 32044, b = (4 * a + 3) / 146_097, c = a - 146_097 * b / 4
        let d = (4 * c + 3) / 1461, e = c - 1461 * d / 4, m = (5 * e + 2) / 153
        return (100 * b + d - 4800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
    }

    static func text(_ n: Int) -> String? {
        let (y, m, d) = date(n)
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// 0 = Monday.
    static func weekday(_ n: Int) -> Int { ((n % 7) + 7 + 3) % 7 }
}

/// SPEC §3–§4.5, read a second time, for one tracker.
struct Reference {
    struct Result: CustomStringConvertible {
        var current: Int, longest: Int, today: String, atRisk: Bool, available: Int, earned: Int, used: Int
        var score: Double
        /// The freezes left (nil: unlimited), and which of those asked for were placed.
        var freezes: Int?, placed: [Bool]

        func agrees(with other: Result) -> Bool {
            current == other.current && longest == other.longest && today == other.today && atRisk == other.atRisk
                && available == other.available && earned == other.earned && used == other.used
                && abs(score - other.score) < 1e-9 && freezes == other.freezes && placed == other.placed
        }

        var description: String {
            "current \(current) longest \(longest) today \(today) at_risk \(atRisk) jokers \(available)/\(earned)/\(used) "
                + "score \(String(format: "%.9f", score)) freezes \(freezes.map(String.init) ?? "unlimited") placed \(placed)"
        }
    }

    let spec: Case
    init(_ spec: Case) { self.spec = spec }

    /// §3: before the boundary, an entry counts for the previous day.
    static func assigned(_ day: Int, _ minute: Int, _ boundary: Int) -> Int { minute < boundary ? day - 1 : day }

    enum Day { case success, grace, broke, neutral, missing }

    func result() -> Result {
        let today = Reference.assigned(spec.nowDay, spec.nowMinute, spec.boundary)
        // Per day: entries, their exact sum in thousandths, the latest level.
        var count: [Int: Int] = [:], sum: [Int: Int64] = [:], level: [Int: (Int, String)] = [:]
        for entry in spec.entries {
            let day = Reference.assigned(entry.day, entry.minute, spec.boundary)
            count[day, default: 0] += 1
            if let value = entry.value, spec.input == .count || spec.input == .amount {
                let digits = value.hasPrefix("+") ? String(value.dropFirst()) : value
                let parts = digits.split(separator: ".")
                let fraction = parts.count > 1 ? String(parts[1]).padding(toLength: 3, withPad: "0", startingAt: 0) : "000"
                sum[day, default: 0] += Int64(parts[0])! * 1000 + Int64(fraction)!
            }
            if let value = entry.value, spec.input == .levels {
                let at = entry.day * 2000 + entry.minute
                if level[day].map({ at > $0.0 }) ?? true { level[day] = (at, value) }
            }
        }
        // First seen (§4.3): when Haven first read the file (at the mode switch, if any); before
        // a late boundary, the coming evening's day, not the one already past.
        let switchToday = spec.switchAt.map { Reference.assigned($0.day, $0.minute, spec.boundary) }
        let seen = spec.switchAt.map { max(switchToday!, $0.day) } ?? max(today, spec.nowDay)
        // The tracker's first day, from the entries logged so far (`early`: before the switch).
        func trackerStart(_ early: Bool) -> Int {
            let first = spec.entries.filter { !early || spec.isEarly(day: $0.day, minute: $0.minute) }
                .map { Reference.assigned($0.day, $0.minute, spec.boundary) }.min()
            return spec.since ?? min(seen, first ?? seen)
        }
        // A switch starts a new epoch on its day, or on the next when that day held entries then (§4.4).
        let start: Int = {
            guard let day = switchToday else { return trackerStart(false) }
            let held = spec.entries.contains {
                spec.isEarly(day: $0.day, minute: $0.minute) && Reference.assigned($0.day, $0.minute, spec.boundary) == day
            }
            return max(trackerStart(false), day + (held ? 1 : 0))
        }()
        let limit = spec.goal.map { $0.atLeast ? 0 : $0.milli } ?? 0

        func raw(_ day: Int) -> Day {
            let n = count[day] ?? 0, s = sum[day] ?? 0
            switch spec.input {
            case .check:
                if spec.avoidance { return n == 0 ? .success : relapse }
                return n > 0 ? .success : .missing
            case .count, .amount:
                if spec.avoidance { return s > limit ? relapse : .success }
                guard let goal = spec.goal else { return n > 0 ? .success : .missing }
                if goal.atLeast { return s >= goal.milli ? .success : .missing }
                return s <= goal.milli ? .success : .broke
            case .levels:
                guard let key = level[day]?.1 else { return spec.avoidance ? .success : .missing }
                switch spec.levels.first(where: { $0.key == key })!.effect {
                case "success": return .success
                case "grace": return .grace
                case "break": return .broke
                default: return .neutral
                }
            }
        }
        var relapse: Day { spec.relapse == "break" ? .broke : .grace }

        // Periods.
        func periodStart(_ day: Int) -> Int {
            switch spec.period {
            case "week": return day - (spec.sunday ? (RefDay.weekday(day) + 1) % 7 : RefDay.weekday(day))
            case "month": return day - (RefDay.date(day).d - 1)
            default: return day
            }
        }
        func periodEnd(_ start: Int) -> Int {  // the last day
            switch spec.period {
            case "week": return start + 6
            case "month":
                var (y, m, _) = RefDay.date(start)
                m += 1
                if m == 13 { m = 1; y += 1 }
                return RefDay.number(y, m, 1) - 1
            default: return start
            }
        }
        let sumGoal = (spec.input == .count || spec.input == .amount) && !spec.avoidance ? spec.goal : nil

        func periodKey(_ day: Int) -> Int { spec.period == "week" || spec.period == "month" ? periodStart(day) : day }
        let freezes = Reference.freezes(spec, start: start, trackerStart: trackerStart, switchToday: switchToday,
                                        today: today, periodKey: periodKey)
        let frozen = freezes.frozen

        // §4.6, read anew: a day is covered when a window of W days holding it,
        // from the start on, holds T successful days, one on or before it.
        func own(_ day: Int) -> Day {
            // An at_most goal's empty today is not decided yet (§4.2).
            if day == today, (count[day] ?? 0) == 0, let goal = sumGoal, !goal.atLeast { return .missing }
            return raw(day)
        }
        func successful(_ day: Int, _ extra: Set<Int>) -> Bool {
            if extra.contains(day) { return true }
            guard day >= start, day <= today else { return false }
            return frozen.contains(day) || own(day) == .success
        }
        func covered(_ x: Int, _ extra: Set<Int> = []) -> Bool {
            if successful(x, extra) { return true }
            return (max(start, x - spec.window + 1)...x).contains { s in
                (s..<(s + spec.window)).filter { successful($0, extra) }.count >= spec.times
                    && (s...x).contains { successful($0, extra) }
            }
        }
        // A closed uncovered day waits while a window holding it reaches past
        // today, holds a success on or before it, and can still reach T.
        func open(_ x: Int) -> Bool {
            (max(start, x - spec.window + 1)...x).contains { s in
                s + spec.window - 1 > today && (s...x).contains { successful($0, []) }
                    && (s...today).filter { successful($0, []) }.count + (s + spec.window - 1 - today) >= spec.times
            }
        }
        func rolling(_ day: Int, current: Bool) -> Day {
            let mine = own(day)
            if mine == .success || mine == .broke || covered(day) { return mine == .broke ? .broke : .success }
            if current { return .missing }
            return open(day) ? .neutral : mine
        }
        func daysLeft(streak: Int) -> Int {
            guard streak > 0 || successful(today, []) else { return -1 }
            let low = max(start, today - spec.window + 1)
            let opens = low < today ? (low..<today).filter { !covered($0) && open($0) } : []
            func keeps(_ extra: Set<Int>, through last: Int) -> Bool {
                (opens + Array(today...last)).allSatisfy { covered($0, extra) }
            }
            if let best = (today...(today + 2 * spec.window)).last(where: { keeps([$0], through: $0) }) { return best - today }
            return keeps(Set(today..<(today + spec.window)), through: today) ? 0 : -1
        }

        func period(_ first: Int, _ last: Int, current: Bool) -> Day? {  // nil = frozen
            let days = Array(max(first, start)...last)
            if (first...periodEnd(periodStart(first))).contains(where: { $0 >= start && frozen.contains($0) }) { return nil }
            if spec.period == "rolling" { return rolling(first, current: current) }
            let raws = days.map(raw)
            let entries = days.reduce(0) { $0 + (count[$1] ?? 0) }
            if spec.period == "day" {
                if current, entries == 0, let goal = sumGoal, !goal.atLeast { return .missing }
                return raws[0]
            }
            if spec.avoidance, spec.input == .count || spec.input == .amount {
                // A goal is per period in either mode (§4.2): the period's total beyond the limit is its relapse.
                return days.reduce(Int64(0)) { $0 + (sum[$1] ?? 0) } > limit ? relapse : .success
            }
            if let goal = sumGoal {
                let total = days.reduce(Int64(0)) { $0 + (sum[$1] ?? 0) }
                if goal.atLeast { return total >= goal.milli ? .success : .missing }
                if current && entries == 0 { return .missing }
                return total > goal.milli ? .broke : .success
            }
            if raws.filter({ $0 == .success }).count >= spec.times { return .success }
            if raws.contains(.broke) { return .broke }
            if current && spec.avoidance && !raws.contains(.grace) { return .success }
            return .missing
        }

        // The walk.
        var streak = 0, longest = 0, earned = 0, used = 0
        var todayOutcome = "pending", atRisk = false
        var first = start
        while first <= today {
            let last = min(periodEnd(periodStart(first)), today)
            let isCurrent = periodEnd(periodStart(first)) >= today
            var outcome: String
            let resolved = period(first, last, current: isCurrent)
            var kind = resolved
            if kind == .missing && !isCurrent {
                kind = spec.missing == "grace" ? .grace : spec.missing == "break" ? .broke : .neutral
            }
            switch kind {
            case nil, .success?:
                streak += 1
                if let r = spec.rewards, streak % r.every == 0, earned - used < r.max { earned += 1 }
                outcome = kind == nil ? "frozen" : "success"
            case .grace?:
                if let r = spec.rewards, (streak + 1) % r.every == 0, earned - used < r.max { earned += 1 }
                if let r = spec.rewards, r.heals, earned - used > 0 {
                    used += 1
                    streak += 1
                    outcome = "healed"
                } else {
                    streak = 0; earned = 0; used = 0
                    outcome = "broken"
                }
            case .broke?:
                streak = 0; earned = 0; used = 0
                outcome = "broken"
            case .neutral?:
                outcome = "neutral"
            case .missing?:
                outcome = "pending"
            }
            longest = max(longest, streak)
            if isCurrent {
                todayOutcome = outcome
                if spec.period == "rolling" {
                    atRisk = outcome == "pending" && streak > 0 && daysLeft(streak: streak) == 0
                } else if outcome == "pending" && streak > 0 {
                    // Ending the period now: would it heal or break?
                    let closed = period(first, last, current: false)
                    atRisk = closed == .grace || closed == .broke || (closed == .missing && spec.missing != "neutral")
                    // A week or month is at risk only when it cannot be met without today:
                    // a sum goal on its last day; else exactly as many days left as successes needed.
                    if atRisk && spec.period != "day" {
                        let end = periodEnd(periodStart(first))
                        if let goal = sumGoal {
                            atRisk = goal.atLeast && today == end
                        } else {
                            let successes = (max(first, start)...today).filter { raw($0) == .success }.count
                            atRisk = raw(today) != .success && spec.times - successes == end - today + 1
                        }
                    }
                }
            }
            first = periodEnd(periodStart(first)) + 1
        }

        // The score (§4.5), day by day from the start.
        let d = spec.period == "week" ? 7 : spec.period == "month" ? 30 : spec.period == "rolling" ? spec.window : 1
        let f = Double(spec.times) / Double(d)
        let m = pow(0.5, f.squareRoot() / 13)
        // 0 before the first day, 1.0 for an at_most goal.
        var score = spec.goal?.atLeast == false ? 1.0 : 0
        var started = false
        if start <= today {
            for day in start...today {
                if !started {
                    guard (count[day] ?? 0) > 0 || spec.avoidance else { continue }
                    started = true
                }
                if frozen.contains(day) { continue }
                let window = { (days: Int) in (max(start, day - days + 1)...day) }
                let c: Double
                if let goal = sumGoal {
                    let s = window(d).reduce(Int64(0)) { $0 + (sum[$1] ?? 0) }
                    if goal.atLeast {
                        c = min(1, Double(s) / Double(goal.milli))
                    } else {
                        c = goal.milli == 0 ? (s > 0 ? 0 : 1) : min(1, max(0, 1 - Double(s - goal.milli) / Double(goal.milli)))
                    }
                } else if f < 1 {
                    // A frozen day is no success in a later day's window (§4.5).
                    let successes = window(2 * d).filter { raw($0) == .success && !frozen.contains($0) }.count
                    c = min(1, Double(successes) / Double(2 * spec.times))
                } else {
                    c = raw(day) == .success ? 1 : 0
                }
                score = score * m + c * (1 - m)
            }
        }
        return Result(current: streak, longest: longest, today: todayOutcome, atRisk: atRisk,
                      available: earned - used, earned: earned, used: used, score: score, freezes: freezes.left, placed: freezes.placed)
    }
}

extension Reference {
    /// Freezes as asked (§4.3, §4.4): one per new period, from a balance that
    /// belongs to the tracker (start, per_month on its first day and on each
    /// first of a month, capped at max); refused before the walk's start or
    /// beyond the balance. Asked at the switch (`early`) or now: the balance
    /// through that moment's day, charged on its calendar day.
    static func freezes(_ spec: Case, start: Int, trackerStart: (Bool) -> Int, switchToday: Int?, today: Int,
                        periodKey: (Int) -> Int) -> (frozen: Set<Int>, placed: [Bool], left: Int?) {
        var frozen = Set<Int>(), placed: [Bool] = [], ledger: [(day: Int, cost: Int)] = []
        func balance(through day: Int, from first: Int, _ ledger: [(day: Int, cost: Int)]) -> Int? {
            guard let policy = spec.policy else { return nil }
            var left = min(policy.start + policy.perMonth, policy.max), pending = ledger[...]
            var (y, m, _) = RefDay.date(first)
            while true {
                (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
                let month = RefDay.number(y, m, 1)
                if month > day { break }
                while let next = pending.first, next.day < month {
                    left = max(0, left - next.cost)
                    pending = pending.dropFirst()
                }
                left = min(policy.max, left + policy.perMonth)
            }
            return pending.reduce(left) { max(0, $0 - $1.cost) }
        }
        for early in [true, false] {
            let (asked, calendarDay) = early ? (switchToday ?? today, spec.switchAt?.day ?? spec.nowDay) : (today, spec.nowDay)
            for freeze in spec.freezes where freeze.early == early {
                let days = (freeze.from...freeze.to).filter { !frozen.contains($0) }
                let cost = Set(days.map(periodKey)).subtracting(frozen.map(periodKey)).count
                let walkStart = early ? trackerStart(true) : start
                let left = balance(through: asked, from: trackerStart(early), ledger)
                if freeze.from < walkStart || (left.map { cost > $0 } ?? false) {
                    placed.append(false)
                    continue
                }
                frozen.formUnion(days)
                ledger.append((calendarDay, cost))
                placed.append(true)
            }
        }
        return (frozen, placed, balance(through: today, from: trackerStart(false), ledger))
    }
}
