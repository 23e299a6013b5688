import HavenConfig
import HavenCore
import HavenHooks
import HavenStore

/// What a tracker's walk depends on besides its entries.
struct WalkPlan {
    var rules: EngineRules
    var start: Day
    /// The tracker's own first day, before any mode epoch: the freeze
    /// balance belongs to the tracker, not the epoch (SPEC §4.4).
    var trackerStart: Day
    var fingerprint: Int64
    /// The first day the calendar and the report judge (SPEC §10, "never
    /// judge an empty day"): the walk's start when `since:` sets it or in
    /// avoidance mode (an empty day is the success there); else the first
    /// day with an entry, nil before there is one.
    var judgedFrom: Day?
    /// The first entry day the plan used (nil with `since:`, or before
    /// there is one), saved with the checkpoints (D331).
    var firstEntry: Day?
    /// The tracker's latest checkpoint, when one is kept.
    var latest: LatestCheckpoint?
}

extension Session {
    /// The walk's rules, first day and fingerprint (SPEC §4.3): `since`, or
    /// the earlier of first-seen and first entry; a mode epoch starts anew.
    /// `cached: false` reads the first entry day from the entries, never
    /// from the latest checkpoint: a walk without checkpoints stays the
    /// reference the checkpointed one is tested against.
    func plan(_ tracker: TrackerDefinition, _ reader: StoreReader, cached: Bool = true) throws -> WalkPlan {
        let rules = EngineRules(tracker)
        let latest = cached ? try reader.latestCheckpoint(tracker: tracker.id) : nil
        var start: Day
        var firstEntry: Day?
        if let since = tracker.since {
            start = since
        } else {
            let seen = states[tracker.id]?.firstSeen ?? clock.firstDay(boundary: tracker.dayBoundary)
            firstEntry = try latest?.firstEntry ?? reader.firstEntryDay(tracker: tracker.id)
            start = min(seen, firstEntry ?? seen)
        }
        let trackerStart = start
        if let epoch = try reader.epochStart(tracker: tracker.id), epoch > start {
            start = epoch
        }
        let levels = tracker.levels?.levels.map { "\($0.key):\($0.effect.rawValue)" }.joined(separator: ",") ?? ""
        let hooks = try runtime.hooks.walkFingerprint(for: tracker)
        let judgedFrom = tracker.since != nil || tracker.mode == .avoidance ? start : firstEntry.map { max($0, start) }
        return WalkPlan(rules: rules, start: start, trackerStart: trackerStart,
                        fingerprint: Fingerprint.of(rules, start: start.number, extra: levels + "|" + hooks),
                        judgedFrom: judgedFrom, firstEntry: firstEntry, latest: latest)
    }

    /// A walk and the checkpoints it passed that are worth saving.
    struct Walked {
        var result: WalkResult
        var table: DayTable
        var fresh: [(day: Day, state: WalkState)]
        /// The level of today's latest entry (levels input).
        var levelToday: String?
    }

    /// Walks a tracker through `today`, resuming from the latest checkpoint
    /// that is still valid.
    func walk(_ tracker: TrackerDefinition, plan: WalkPlan, through today: Day, recordFrom: Day? = nil,
              checkpoints: Bool, _ reader: StoreReader) throws -> Walked {
        let rules = plan.rules
        var from = plan.start.number
        var state: WalkState?
        // A rolling tracker's state before day p depends on the days up to
        // p + W - 2: its checkpoint is kept under day p + W - 1, so that a
        // write on any of those days drops it, and read back from there.
        let shift = (rules.rolling ?? 1) - 1
        if checkpoints {
            let limit = Day(number: rules.periodStart(min(recordFrom?.number ?? today.number, today.number)))
            // The latest checkpoint, from its small table, when it is the
            // one the full table would give; else the full table's.
            let latest = plan.latest.flatMap { latest -> (day: Day, state: WalkState)? in
                guard latest.fingerprint == plan.fingerprint, latest.day <= limit else { return nil }
                return (latest.day, latest.state)
            }
            if let saved = try latest ?? reader.checkpoint(tracker: tracker.id, fingerprint: plan.fingerprint,
                                                           atOrBefore: limit),
               saved.day.number - shift >= from {
                from = saved.day.number - shift
                state = saved.state
            }
        }
        // A week or month tracker's score window reaches back two periods
        // (two windows for a rolling tracker, whose coverage looks back
        // one); a plain day tracker's walk needs nothing before its start.
        // The table reaches on to the end of the current period, for a
        // freeze placed ahead in it.
        let lookBack = rules.period == .day && rules.rolling == nil ? 0 : max(2 * 31, 2 * (rules.rolling ?? 0))
        let first = from - lookBack - 1
        let periodEnd = rules.nextPeriod(rules.periodStart(today.number)) - 1
        var table = DayTable(first: first, count: periodEnd - first + 1)
        let effects = tracker.levelEffects
        var levelToday: String?
        if let hook = try runtime.hooks.dayOutcomeHook(for: tracker) {
            // The hook reads every entry: the table is summed up from them too.
            let days = try reader.hookDays(tracker: tracker.id, from: Day(number: first), through: today, effects: effects)
            for day in days.days {
                table.set(day: day.day, count: day.count, milli: day.milli, effect: day.effect)
                if day.day == today.number { levelToday = days.level(of: day) }
            }
            // Week and month trackers' scores look back over the days before
            // `from` too, and a rolling tracker's windows and coverage.
            let plain = rules.period == .day && rules.rolling == nil
            try apply(hook, to: &table, days: days, from: plain ? from : max(first, plan.start.number),
                      through: today, rules: rules, origin: plan.start.number)
        } else {
            for day in try reader.days(tracker: tracker.id, from: Day(number: first), through: today,
                                        levels: tracker.input == .levels) {
                table.set(day: day.day.number, count: day.count, milli: day.milli, effect: day.level.flatMap { effects[$0] })
                if day.day == today { levelToday = day.level }
            }
        }
        for freeze in try reader.freezes(tracker: tracker.id, from: Day(number: first))
        where freeze.day.number <= periodEnd {
            table.freeze(day: freeze.day.number)
        }
        let result = StreakEngine(rules: rules).walk(table, start: from, origin: plan.start.number, state: state,
                                                    today: today.number, recordFrom: recordFrom?.number)
        // A walk over a range (history, calendar) passes checkpoints that are
        // already kept: only those after the latest are new.
        let kept = checkpoints && recordFrom != nil
            ? try reader.latestCheckpoint(tracker: tracker.id, fingerprint: plan.fingerprint)?.number ?? Int.min : Int.min
        let fresh = checkpoints ? (result.checkpoints + [result.beforeCurrent]).filter { $0.start > from }
            .map { (Day(number: $0.start + shift), $0.state) }.filter { $0.0.number > kept } : []
        return Walked(result: result, table: table, fresh: fresh, levelToday: levelToday)
    }

    /// Asks the tracker's `day_outcome` hook about every day from `from`
    /// through `today`. Today with nothing logged stays pending (SPEC §4.2).
    private func apply(_ hook: DayOutcomeHook, to table: inout DayTable, days: HookDays, from: Int,
                       through today: Day, rules: EngineRules, origin: Int) throws {
        let engine = StreakEngine(rules: rules)
        var next = days.days.firstIndex { $0.day >= from } ?? days.days.endIndex
        for number in from...today.number {
            var summary: HookDays.Summary?
            if next < days.days.endIndex, days.days[next].day == number {
                summary = days.days[next]
                next += 1
            }
            if number == today.number && summary == nil { continue }
            let window = rules.rolling.map {
                (successes: engine.windowSuccesses(table, day: number, window: $0, origin: origin), days: $0)
            }
            if let effect = try hook.outcome(day: number, summary, of: days, window: window) {
                table.override(day: number, effect)
            }
        }
    }

    /// Reads in one transaction, then saves the checkpoints the walk passed.
    /// A failing hook fails the read, and nothing is saved.
    func reading<T>(_ tracker: TrackerDefinition, _ body: (StoreReader) throws -> (T, WalkPlan?, [(day: Day, state: WalkState)]))
        throws(RuntimeError) -> T {
        var failure: HookError?
        let read = try db { () throws(StoreError) in
            try store.reading { reader -> (T, WalkPlan?, [(day: Day, state: WalkState)])? in
                do {
                    return try body(reader)
                } catch let error as HookError {
                    failure = error
                    return nil
                }
            }
        }
        guard let (value, plan, fresh) = read else { throw .hook(failure?.message ?? "a hook failed") }
        if let plan, !fresh.isEmpty {
            store.saveCheckpoints(tracker: tracker.id, fingerprint: plan.fingerprint, fresh,
                                  firstEntry: plan.firstEntry)
        }
        return value
    }

    /// A tracker as of now.
    public func status(_ tracker: TrackerDefinition, checkpoints: Bool = true) throws(RuntimeError) -> TrackerStatus {
        var shown: TrackerStatus = try reading(tracker) { reader in try status(tracker, checkpoints: checkpoints, reader) }
        try observeMilestone(&shown)
        return shown
    }

    /// A tracker as of now, read through `reader`, with the walk's plan and
    /// the checkpoints worth saving.
    func status(_ tracker: TrackerDefinition, checkpoints: Bool, _ reader: StoreReader) throws
        -> (TrackerStatus, WalkPlan?, [(day: Day, state: WalkState)]) {
        let today = today(tracker)
        let plan = try plan(tracker, reader, cached: checkpoints)
        var status = TrackerStatus(tracker: tracker, today: today, archived: try reader.archived(tracker: tracker.id))
        status.judgedFrom = plan.judgedFrom
        if let policy = tracker.freezes {
            status.freezesAvailable = FreezeBalance.available(policy, start: plan.trackerStart, today: today,
                                                              ledger: try reader.freezeLedger(tracker: tracker.id),
                                                              dayOf: dayOf)
        }
        // Before its start a tracker's score is where every score starts (§4.5: 1.0 for an at_most goal).
        guard plan.start <= today else {
            status.score = WalkState.initial(plan.rules).score
            return (status, nil, [])
        }
        let walked = try walk(tracker, plan: plan, through: today, checkpoints: checkpoints, reader)
        let result = walked.result
        status.current = result.state.streak
        status.longest = result.state.longest
        status.outcome = result.today
        status.atRisk = result.atRisk
        status.daysLeft = result.daysLeft
        status.need = result.need.map { ($0.count, Day(number: $0.by)) }
        status.ended = result.ended.map(Day.init(number:))
        status.jokers = (result.state.available, result.state.earned, result.state.used)
        status.score = result.state.score
        let index = today.number - walked.table.first
        status.entriesToday = Int(walked.table.counts[index])
        status.sumToday = walked.table.sum(at: index)
        status.levelToday = walked.levelToday
        status.progress = StreakEngine(rules: plan.rules).progress(walked.table, today: today.number,
                                                                   origin: plan.start.number)
        return (status, plan, walked.fresh)
    }

    /// Runs `body` in one write transaction: whatever it writes, and the
    /// hooks it calls, commit together or not at all (SPEC §3).
    func writing<T>(_ body: (StoreWriter) throws -> T) throws(RuntimeError) -> T {
        var failure: RuntimeError?
        let result = try db { () throws(StoreError) in
            try store.transaction { writer -> T? in
                do {
                    return try body(writer)
                } catch let error as RuntimeError {
                    failure = error
                } catch let error as HookError {
                    failure = .hook(error.message)
                }
                return nil
            }
        }
        guard let result else { throw failure ?? .hook("a hook failed") }
        return result
    }

    /// Every live tracker, pinned first, then in display order. A tracker
    /// whose hook fails is left out and its error kept: one broken hook never
    /// hides the other trackers.
    /// Every tracker in one read transaction, and the checkpoints the walks
    /// passed in one write: a transaction per tracker was a third of a
    /// status at 1,000 trackers. A tracker whose hook fails is left out and named.
    public func statuses() throws(RuntimeError) -> StatusList {
        var list = StatusList()
        var fresh: [(tracker: String, fingerprint: Int64, states: [(day: Day, state: WalkState)], firstEntry: Day?)] = []
        var failures: [String] = []
        // The milestones already seen are read in the same transaction: one for every tracker.
        var seen: [String: Set<Int>] = [:]
        let shown = try db { () throws(StoreError) in
            try store.reading { reader in
                try orderedTrackers().compactMap { tracker -> TrackerStatus? in
                    do {
                        let (status, plan, states) = try status(tracker, checkpoints: true, reader)
                        if let plan, !states.isEmpty {
                            fresh.append((tracker.id, plan.fingerprint, states, plan.firstEntry))
                        }
                        if let (_, start) = milestoneToCheck(status) {
                            seen[tracker.id] = try reader.milestonesSeen(tracker: tracker.id, streakStart: start)
                        }
                        return status
                    } catch let error as HookError {
                        failures.append(error.message)
                        return nil
                    }
                }
            }
        }
        store.saveCheckpoints(fresh)
        for var status in shown {
            try observeMilestone(&status, seen: seen[status.tracker.id])
            list.statuses.append(status)
        }
        list.hookFailures = failures
        return list
    }

    /// Pinned trackers first, then the stored display order (`haven order`),
    /// then the order they were created in, then file order.
    public func orderedTrackers() -> [TrackerDefinition] {
        // An archived tracker leaves the daily lists (status, reminders, the report); it is still there by its id.
        let trackers = runtime.catalog.trackers.filter { !$0.archived }
        let indexed = trackers.enumerated().map { ($0.offset, $0.element) }
        return indexed.sorted { a, b in
            if a.1.pinned != b.1.pinned { return a.1.pinned }
            let sa = states[a.1.id], sb = states[b.1.id]
            let pa = sa?.position ?? Int.max, pb = sb?.position ?? Int.max
            if pa != pb { return pa < pb }
            let ca = sa?.createdAt ?? Int64.max, cb = sb?.createdAt ?? Int64.max
            return ca != cb ? ca < cb : a.0 < b.0
        }.map(\.1)
    }

    /// Day by day (or period by period) from `from` through `to`.
    /// `checkpoints: false` walks from the tracker's first day.
    public func history(_ tracker: TrackerDefinition, from: Day?, to: Day?, checkpoints: Bool = true)
        throws(RuntimeError) -> [PeriodRecord] {
        let today = today(tracker)
        if let from, let to, from > to {
            throw .badValue(.reversedRange(from: from, to: to))
        }
        if let from, from > today {
            throw .badValue(.rangeAfterToday(from: from, today: today, tracker: tracker.id))
        }
        return try reading(tracker) { reader in
            let plan = try plan(tracker, reader, cached: checkpoints)
            let rules = plan.rules
            let end = min(to ?? today, today)
            // Default: the 30 periods up to today.
            var start = from ?? Day(number: rules.periodStart(today.number))
            if from == nil {
                for _ in 0..<29 { start = Day(number: rules.periodStart(start.number - 1)) }
            }
            guard plan.start <= end else { return ([], nil, []) }
            // Walk through today even for a past `to`: only today's period is pending.
            let walked = try walk(tracker, plan: plan, through: today, recordFrom: max(start, plan.start),
                                  checkpoints: checkpoints, reader)
            let periods = walked.result.periods.filter {
                $0.start >= rules.periodStart(start.number) && $0.start <= end.number
            }
            return (periods, plan, walked.fresh)
        }
    }
}

extension Session {
    /// What was logged on each day from `from` through `to` that has
    /// entries: their count and sum, summed by SQLite from the covering index.
    public func dayTotals(_ tracker: TrackerDefinition, from: Day, through to: Day) throws(RuntimeError) -> [DayTotal] {
        try reading(tracker) { reader in
            let days = try reader.days(tracker: tracker.id, from: from, through: to, levels: false)
            return (days.map { DayTotal(day: $0.day.number, count: $0.count, sum: Double($0.milli) / 1000) }, nil, [])
        }
    }
}
