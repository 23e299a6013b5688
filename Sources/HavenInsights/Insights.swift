import HavenCore

/// Patterns over time (SPEC §16) in a host's history: when a tracker's
/// moments happen, what came with them, the days between relapses, and
/// what went together with another tracker (`Insights+Pairing`).
public struct Insights<Host: InsightsHost> {
    public let host: Host

    public init(host: Host) { self.host = host }

    /// How many triggers and note words are kept, the most frequent first.
    public static var kept: Int { 10 }

    /// `haven insights ID`: the range (by default the 12 weeks through
    /// today) against the period of the same length before it; note words
    /// without the stop words of `language`.
    public func tracker(_ id: String, from: Day?, to: Day?, language: String) throws -> TrackerInsights {
        let tracker = try host.tracker(id)
        let (start, today) = try host.life(of: tracker)
        let range = try InsightsRange.resolve(from: from, to: to, today: today, tracker: tracker.id)
        let previous = range.previous
        let relapse = RelapseRule(tracker)
        var readFrom = previous.from
        // A week's or month's limit counts from the period's first day.
        if case .beyond(_, let rules)? = relapse { readFrom = min(readFrom, Day(number: rules.periodStart(range.from.number))) }
        let days = try host.days(of: tracker, from: readFrom, through: range.to)

        let amounts = tracker.input == .count || tracker.input == .amount
        // Noticing moments (a saboteur in awareness mode, its default), not check-ins of a level.
        let awareness = tracker.type == .saboteur && tracker.mode != .avoidance && tracker.input != .levels
        let stop = NoteWords.stopWords(language: language)
        let boundary = tracker.dayBoundary.minutes
        var grid = HourGrid()
        var moments = 0, total = 0.0
        // Each distinct text is folded or split into words once, after the count (notes repeat).
        var triggers = Texts(), notes = Texts()
        var noticed: [Int] = [], noticedBefore: [Int] = []
        var withEntry = Set<Int>()
        for summary in days.days where summary.day >= previous.from.number {
            let now = summary.day >= range.from.number
            if now { withEntry.insert(summary.day) }
            days.forEachEntry(of: summary) { entry in
                if let trigger = entry.trigger { triggers.add(trigger, now: now) }
                if let note = entry.note { notes.add(note, now: now) }
                let intoDay = (entry.minute - boundary + 1440) % 1440
                if now {
                    moments += 1
                    total += entry.number ?? 0
                    grid.add(day: summary.day, minute: entry.minute, value: amounts ? entry.number ?? 0 : 1)
                    if awareness { noticed.append(intoDay) }
                } else if awareness {
                    noticedBefore.append(intoDay)
                }
            }
        }
        return TrackerInsights(
            tracker: tracker, range: range, start: start, amounts: amounts, grid: grid, moments: moments, total: total,
            triggers: triggers.tallies(limit: Self.kept) { [NoteWords.fold($0)] },
            words: notes.tallies(limit: Self.kept) { NoteWords.words($0, stop: stop) },
            relapses: relapse.map { relapses($0, days, range) },
            noticing: awareness ? noticing(noticed, before: noticedBefore, boundary: boundary) : nil,
            weekdays: weekdays(range, start: start, withEntry: withEntry))
    }

    private func relapses(_ rule: RelapseRule, _ days: HookDays, _ range: InsightsRange) -> TrackerInsights.Relapses {
        var found = TrackerInsights.Relapses(moments: 0, days: [],
                                             byWeekday: Array(repeating: 0, count: 7), byBlock: Array(repeating: 0, count: 6))
        rule.forEach(in: days) { day, minute in
            guard day >= range.from.number else { return }
            found.moments += 1
            if found.days.last?.number != day { found.days.append(Day(number: day)) }
            found.byWeekday[Day.weekdayIndex(day)] += 1
            found.byBlock[minute / 240] += 1
        }
        return found
    }

    private func noticing(_ now: [Int], before: [Int], boundary: Int) -> TrackerInsights.Noticing {
        func median(_ minutes: [Int]) -> Int? {
            guard !minutes.isEmpty else { return nil }
            let sorted = minutes.sorted(), middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let (a, b) = (median(now), median(before))
        let clock = { (m: Int?) in m.map { ($0 + boundary) % 1440 } }
        return TrackerInsights.Noticing(median: clock(a), previousMedian: clock(b), shift: a.flatMap { a in b.map { a - $0 } })
    }

    private func weekdays(_ range: InsightsRange, start: Day, withEntry: Set<Int>) -> [TrackerInsights.WeekdayShare] {
        var shares = Weekday.allCases.map { TrackerInsights.WeekdayShare(weekday: $0, days: 0, withEntry: 0) }
        let first = max(range.from.number, start.number)
        guard first <= range.to.number else { return shares }
        for day in first...range.to.number {
            let i = Day.weekdayIndex(day)
            shares[i].days += 1
            if withEntry.contains(day) { shares[i].withEntry += 1 }
        }
        return shares
    }
}
