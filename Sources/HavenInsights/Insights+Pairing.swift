import HavenCore

extension Insights {
    /// `haven insights ID --with OTHER --lag N`: each closed day D of this
    /// tracker in the range (by default the 12 weeks through today) paired
    /// with OTHER's day D − `lag`; days before either tracker started, and
    /// frozen days of either, are left out. Fewer than 14 paired days are
    /// refused, with how many there are. `levels`: the levels of this
    /// tracker whose share is shown (`Pairing.measure(of:levels:)`).
    public func pairing(_ id: String, with otherID: String, lag: Int, levels: [String]? = nil, from: Day?, to: Day?)
        throws -> Pairing {
        let tracker = try host.tracker(id), other = try host.tracker(otherID)
        guard tracker.id != other.id else { throw InsightsError.pairedWithItself(tracker.id) }
        let (start, today) = try host.life(of: tracker)
        let (otherStart, otherToday) = try host.life(of: other)
        let range = try InsightsRange.resolve(from: from, to: to, today: today, tracker: tracker.id)
        // Closed days only: today is not over, for either tracker.
        let first = max(range.from.number, start.number, otherStart.number + lag)
        let last = min(range.to.number, today.number - 1, otherToday.number - 1 + lag)
        let split = Pairing.split(of: other), measure = try Pairing.measure(of: tracker, levels: levels)
        var pairing = Pairing(tracker: tracker, other: other, lag: lag, range: range, split: split, measure: measure, groups: [])
        if first <= last {
            pairing.groups = try groups(tracker, other, days: first...last, lag: lag, split: split, measure: measure)
        }
        guard pairing.days >= Pairing.fewestDays else {
            throw InsightsError.tooFewDays(tracker: tracker.id, other: other.id, days: pairing.days, needed: Pairing.fewestDays)
        }
        return pairing
    }

    private func groups(_ tracker: TrackerDefinition, _ other: TrackerDefinition, days: ClosedRange<Int>, lag: Int,
                        split: Pairing.Split, measure: Pairing.Measure) throws -> [Pairing.Group] {
        let (from, to) = (Day(number: days.lowerBound), Day(number: days.upperBound))
        let (otherFrom, otherTo) = (from.adding(days: -lag), to.adding(days: -lag))
        let mine = try host.days(of: tracker, from: from, through: to)
        let mineByDay = Dictionary(uniqueKeysWithValues: mine.days.map { ($0.day, $0) })
        let others = try host.days(of: other, from: otherFrom, through: otherTo)
        let theirs = Dictionary(uniqueKeysWithValues: others.days.map { ($0.day, $0) })
        let frozen = try host.frozen(tracker, from: from, through: to)
        let otherFrozen = try host.frozen(other, from: otherFrom, through: otherTo)

        var sides: [Pairing.Group.Side] = [.matching, .rest]
        if split == .levels { sides = (other.levels?.levels ?? []).map { .level($0.key) } + [.noLevel] }
        var groups = sides.map { Pairing.Group(side: $0, days: 0, hits: 0, sum: 0) }
        for day in days where !frozen.contains(day) && !otherFrozen.contains(day - lag) {
            let summary = mineByDay[day]
            let level = summary.flatMap { mine.level(of: $0) }
            if case .levels = measure, level == nil { continue }
            let side = Self.side(of: theirs[day - lag], in: others, split: split)
            guard let index = sides.firstIndex(of: side) else { continue }
            groups[index].days += 1
            switch measure {
            case .logged: groups[index].hits += summary == nil ? 0 : 1
            case .levels(let keys): groups[index].hits += keys.contains(level!) ? 1 : 0
            case .mean: groups[index].sum += summary?.sum ?? 0
            }
        }
        return groups.filter { $0.days > 0 }
    }

    /// Which side OTHER's day falls on.
    private static func side(of summary: HookDays.Summary?, in days: HookDays, split: Pairing.Split) -> Pairing.Group.Side {
        let milli = summary?.milli ?? 0
        switch split {
        case .logged: return summary == nil ? .rest : .matching
        case .atLeast(let n): return milli >= DayTable.milli(n) ? .matching : .rest
        case .atMost(let n): return milli <= DayTable.milli(n) ? .matching : .rest
        case .levels:
            guard let summary, summary.effect != nil, let level = days.level(of: summary) else { return .noLevel }
            return .level(level)
        }
    }
}
