import Foundation
import HavenCore
import HavenReminders
import HavenHooks
import HavenStore

extension Session {
    /// The longest note or trigger accepted.
    static let noteLimit = TextRule.noteLimit
    static let triggerLimit = TextRule.triggerLimit

    /// Writes an entry (SPEC §3, §7 `log`) and returns it with the tracker's
    /// new state and any milestone reached. A refused entry writes nothing.
    /// `source` says where the entry comes from (`cli`, `repl`, SPEC §3).
    public func log(_ id: String, value text: String?, at: String?, note: String?, trigger: String?,
                    source: String = "cli") throws(RuntimeError) -> LogResult {
        let tracker = try runtime.tracker(id)
        let value = try ValueInput.parse(text, for: tracker)
        let note = try ValueInput.text(note, what: .note, limit: Session.noteLimit)
        let trigger = try ValueInput.text(trigger, what: .trigger, limit: Session.triggerLimit)
        let (instant, zone) = try time(at)
        let milliseconds = TimeInput.milliseconds(instant), offset = zone.secondsFromGMT(for: instant)
        let entry = Entry(tracker: tracker.id, instant: milliseconds, zone: zone.identifier, offset: offset,
                          day: DayAssignment.day(instant: milliseconds, offset: offset, boundary: tracker.dayBoundary),
                          value: value, note: note, trigger: trigger, writtenAt: clock.milliseconds, source: source)
        try validate(entry, of: tracker)
        // The entry, the walk after it, `on_log` and the checkpoints commit
        // together: a hook that fails or never returns leaves nothing written.
        var closing: [Int64] = []
        let result: LogResult = try writing { writer in
            // The state before the entry only matters for a milestone to celebrate.
            let milestones = tracker.streak?.milestones ?? []
            let before = milestones.isEmpty ? nil : try status(tracker, checkpoints: true, writer).0
            let behind = try writer.clockBehind(at: entry.writtenAt, slack: 5 * 60_000)
            let written = try writer.insert(entry)
            let (after, plan, fresh) = try status(tracker, checkpoints: true, writer)
            let milestone = before.flatMap { before in milestones.last { $0 > before.current && $0 <= after.current } }
            let streak = HookStreak(current: after.current, longest: after.longest, jokers: after.jokers.available,
                                    today: after.outcome.rawValue, atRisk: after.atRisk)
            let reflection = try runtime.hooks.onLog(tracker, entry: written, streak: streak)
            if let plan {
                try writer.saveCheckpoints(tracker: tracker.id, fingerprint: plan.fingerprint, fresh,
                                           firstEntry: plan.firstEntry)
            }
            // Logged another way, a notification for that day has nothing left to ask.
            closing = try writer.closeOpenNotifications(tracker: tracker.id, day: written.day)
            return LogResult(entry: written, status: after, milestone: milestone, reflection: reflection, clockBehind: behind)
        }
        for id in closing { Notifier.close(id, environment: runtime.environment) }
        // Celebrated here, so that no later command celebrates it again.
        if let milestone = result.milestone, let start = streakStart(result.status) {
            try db { () throws(StoreError) in
                try store.recordMilestones((tracker.streak?.milestones ?? []).filter { $0 <= milestone }, tracker: tracker.id,
                                           streakStart: start, at: clock.milliseconds)
            }
        }
        return result
    }

    /// The tracker's `validate` hook on an entry about to be written.
    func validate(_ entry: Entry, of tracker: TrackerDefinition) throws(RuntimeError) {
        if let message = try hook({ () throws(HookError) in try runtime.hooks.validate(tracker, entry: entry) }) {
            throw .refused(file: tracker.hooks?.display ?? "a hook", message: message)
        }
    }

    /// Runs a hook call, turning its error into the runtime's.
    func hook<T>(_ body: () throws(HookError) -> T) throws(RuntimeError) -> T {
        do {
            return try body()
        } catch {
            throw .hook(error.message)
        }
    }

    /// `--at` as an instant and the zone it was written in: now, in the
    /// person's zone, when absent; never in the future.
    func time(_ text: String?) throws(RuntimeError) -> (Date, TimeZone) {
        guard let text else { return (clock.now, clock.zone) }
        guard let (date, zone) = TimeInput.moment(text, zone: clock.zone)
            ?? RelativeInput.time(text, clock: clock).map({ ($0, clock.zone) }) else {
            throw .badValue(.unreadableTime(text))
        }
        if date.timeIntervalSince(clock.now) > 60 {
            throw .badValue(.futureTime(text, now: Session.format(clock.now, zone: clock.zone)))
        }
        if clock.now.timeIntervalSince(date) > 100 * 366 * 86_400 {
            throw .badValue(.ancientTime(text))
        }
        return (date, zone)
    }

    static func format(_ date: Date, zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let ms = TimeInput.milliseconds(date)
        let day = DayAssignment.day(instant: ms, offset: offset, boundary: .midnight)
        let seconds = Int(((ms / 1000 + Int64(offset)) % 86_400 + 86_400) % 86_400)
        return "\(day) \(TimeOfDay(hour: seconds / 3600, minute: seconds % 3600 / 60)!)"
    }

    /// Removes the entry written last.
    public func undo() throws(RuntimeError) -> Entry {
        guard let last = try db({ () throws(StoreError) in try store.lastWritten() }) else { throw .nothingToUndo }
        return try delete(last.id)
    }

    public func delete(_ id: Int64) throws(RuntimeError) -> Entry {
        do {
            return try store.delete(entry: id)
        } catch {
            if case .notFound = error { throw .unknownEntry(id) }
            throw .store(error)
        }
    }

    /// A tracker's entries of the last `days` days, oldest first.
    public func entries(_ id: String, days: Int) throws(RuntimeError) -> [Entry] {
        let tracker = try runtime.tracker(id)
        guard days >= 1 else { throw .rejected(.days(days)) }
        let today = today(tracker)
        return try db { () throws(StoreError) in
            try store.entries(tracker: tracker.id, from: today.adding(days: -(days - 1)), through: nil)
        }
    }

    /// Changes an entry's value, time, note or trigger; returns the new entry.
    public func edit(_ id: Int64, value text: String?, at: String?, note: String?, trigger: String?)
        throws(RuntimeError) -> Entry {
        guard let old = try db({ () throws(StoreError) in try store.entry(id) }) else { throw .unknownEntry(id) }
        let tracker = try runtime.tracker(old.tracker)
        guard text != nil || at != nil || note != nil || trigger != nil else {
            throw .badValue(.nothingToChange(entry: id))
        }
        var entry = old
        if let text { entry.value = try ValueInput.parse(text, for: tracker) }
        if let note { entry.note = try ValueInput.text(note, what: .note, limit: Session.noteLimit) }
        if let trigger { entry.trigger = try ValueInput.text(trigger, what: .trigger, limit: Session.triggerLimit) }
        if at != nil {
            let (instant, zone) = try time(at)
            entry.instant = TimeInput.milliseconds(instant)
            entry.zone = zone.identifier
            entry.offset = zone.secondsFromGMT(for: instant)
            entry.day = DayAssignment.day(instant: entry.instant, offset: entry.offset, boundary: tracker.dayBoundary)
        }
        try validate(entry, of: tracker)
        do {
            _ = try store.update(entry)
        } catch {
            throw .store(error)
        }
        return entry
    }
}

extension Session {
    /// The first day of the current streak, or nil when there is none:
    /// `current` periods back from today's (or, while today is still open,
    /// yesterday's) period.
    func streakStart(_ status: TrackerStatus) -> Day? {
        guard status.current > 0 else { return nil }
        let rules = EngineRules(status.tracker)
        let counted: Set<Outcome> = [.success, .healed, .frozen]
        // Today's period counts when its outcome does; else the streak ends the period before.
        let back = status.current - 1 + (counted.contains(status.outcome) ? 0 : 1)
        return Day(number: rules.periodStart(status.today.number, back: back))
    }

    /// The largest milestone `status`'s streak has reached, and the day the
    /// streak started: what `observeMilestone` looks up; nil when none.
    func milestoneToCheck(_ status: TrackerStatus) -> (reached: Int, start: Day)? {
        let milestones = status.tracker.streak?.milestones ?? []
        guard let reached = milestones.last(where: { $0 <= status.current }), let start = streakStart(status) else { return nil }
        return (reached, start)
    }

    /// The milestone `status`'s streak reached today (it stands at it, with
    /// today counted), set on `status` so that `status` shows it all that
    /// day. An avoidance streak grows with nothing logged, so whichever
    /// command sees one of its milestones first celebrates it, once, and
    /// records it with every smaller one; any other streak's milestone is
    /// celebrated by the log that reached it. Nothing new on a read-only home.
    /// `seen`: the milestones already seen for the streak, when the caller
    /// read them in its own transaction (`milestoneToCheck`).
    func observeMilestone(_ status: inout TrackerStatus, seen known: Set<Int>? = nil) throws(RuntimeError) {
        let milestones = status.tracker.streak?.milestones ?? []
        guard let (reached, start) = milestoneToCheck(status) else { return }
        let seen: Set<Int>
        if let known {
            seen = known
        } else {
            seen = try db { () throws(StoreError) in try store.milestonesSeen(tracker: status.tracker.id, streakStart: start) }
        }
        if seen.contains(reached) {
            // Reached today: the streak stands at it with today counted.
            if status.current == reached && [.success, .healed, .frozen].contains(status.outcome) {
                status.milestone = reached
            }
            return
        }
        guard status.tracker.mode == .avoidance, !store.isReadOnly else { return }
        try db { () throws(StoreError) in
            try store.recordMilestones(milestones.filter { $0 <= reached }, tracker: status.tracker.id, streakStart: start,
                                       at: clock.milliseconds)
        }
        status.milestone = reached
    }

    /// How many entries a tracker has (kept or not, whatever its file says).
    public func entryCount(_ id: String) throws(RuntimeError) -> Int {
        try db { () throws(StoreError) in try store.entryCount(tracker: id) }
    }

    /// Deletes everything the store keeps for a tracker; returns the number of entries.
    public func forget(_ id: String) throws(RuntimeError) -> Int {
        try db { () throws(StoreError) in try store.forget(tracker: id) }
    }
}

extension Session {
    /// The level a health value reads back as (`log ID --health N`): the
    /// hooks' `level_from_health` when they define it, else the level whose
    /// `health_range` holds the value.
    public func level(fromHealth value: Double, of id: String) throws(RuntimeError) -> String {
        let tracker = try runtime.tracker(id)
        guard let levels = tracker.levels?.levels, tracker.input == .levels else {
            throw .badValue(.noLevels(tracker: id, isCheck: tracker.input == .check))
        }
        guard value.isFinite else { throw .rejected(.healthNotANumber) }
        if try hook({ () throws(HookError) in try runtime.hooks.defines(.levelFromHealth, for: tracker) }) {
            if let key = try hook({ () throws(HookError) in try runtime.hooks.levelFromHealth(tracker, value: value) }) {
                return key
            }
        } else if let level = levels.first(where: { level in
            guard let range = level.healthRange else { return false }
            return (range.lower.map { value >= $0 } ?? true) && (range.upper.map { value <= $0 } ?? true)
        }) ?? levels.first(where: { ($0.healthRange?.upper).map { $0 < value } ?? false }).flatMap({ _ in
            // A value between two ranges (3.5 drinks between 0–3 and 4–5) is past the one below: the next one up.
            levels.filter { ($0.healthRange?.lower).map { $0 > value } ?? false }
                .min { $0.healthRange!.lower! < $1.healthRange!.lower! }
        }) {
            return level.key
        }
        let ranges = levels.compactMap { level in
            level.healthRange.map { "\(level.key) \($0.lower?.plainText ?? "…")–\($0.upper?.plainText ?? "…")" }
        }
        throw .badValue(.noLevelForHealth(tracker: id, value: value, ranges: ranges, firstLevel: levels[0].key))
    }

    /// What the hooks' `health_value` makes of each entry, or nil when the
    /// tracker's hooks define no such function.
    public func healthValues(_ entries: [Entry], of id: String) throws(RuntimeError) -> [Double?]? {
        let tracker = try runtime.tracker(id)
        guard try hook({ () throws(HookError) in try runtime.hooks.defines(.healthValue, for: tracker) }) else { return nil }
        var values: [Double?] = []
        for entry in entries {
            values.append(try hook { () throws(HookError) in try runtime.hooks.healthValue(tracker, entry: entry) })
        }
        return values
    }
}
