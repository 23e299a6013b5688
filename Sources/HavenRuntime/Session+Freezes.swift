import HavenCore
import HavenStore

extension Session {
    /// Skipping, taking back, listing and granting freezes.
    public var freezes: SessionFreezes { SessionFreezes(session: self) }
}

/// Freezes (SPEC §4.3): skipping days, taking them back, the list and the
/// balance, for one tracker or every tracker at once.
public struct SessionFreezes {
    let session: Session

    /// Freezes every day from `from` through `to` (default the tracker's
    /// today) for one tracker. A period costs one freeze however many of
    /// its days are skipped, and nothing when it is already frozen; a
    /// refusal (a day before the tracker's start, too few freezes) throws
    /// and writes nothing.
    public func skip(_ id: String, from: Day?, to: Day?, note: String?) throws(RuntimeError) -> SkipResult {
        try session.writing { writer in try skip(id, from: from, to: to, note: note, dryRun: false, writer) }
    }

    /// Freezes every live tracker over the range in one transaction (`skip
    /// --all`), each charged as for itself; a tracker that cannot be frozen
    /// (no freezes left, a day before its start) is reported with why and
    /// the others are frozen. Nothing is written with `dryRun`.
    public func skipAll(from: Day?, to: Day?, note: String?, dryRun: Bool)
        throws(RuntimeError) -> [(tracker: String, result: Result<SkipResult, RuntimeError>)] {
        let trackers = session.orderedTrackers()
        return try session.writing { writer in
            var results: [(tracker: String, result: Result<SkipResult, RuntimeError>)] = []
            for tracker in trackers {
                do {
                    let result = try skip(tracker.id, from: from, to: to, note: note, dryRun: dryRun, writer)
                    results.append((tracker.id, .success(result)))
                } catch let error as RuntimeError {
                    switch error {
                    case .freezeBeforeStart, .noFreezesLeft: results.append((tracker.id, .failure(error)))
                    default: throw error
                    }
                }
            }
            return results
        }
    }

    /// One tracker's skip inside a write transaction (nothing placed with `dryRun`).
    private func skip(_ id: String, from: Day?, to: Day?, note: String?, dryRun: Bool, _ writer: StoreWriter)
        throws -> SkipResult {
        let tracker = try session.runtime.tracker(id)
        let note = try ValueInput.text(note, what: .note, limit: Session.noteLimit)
        let first = from ?? session.today(tracker), last = to ?? first
        guard first <= last else {
            throw RuntimeError.rejected(.rangeBackwards(from: first, to: last))
        }
        guard last.number - first.number < 366 else {
            throw RuntimeError.rejected(.freezeTooLong(from: first, to: last))
        }
        let rules = EngineRules(tracker)
        let start = try session.plan(tracker, writer).start
        if first < start { throw RuntimeError.freezeBeforeStart(tracker: tracker.id, day: first, start: start) }
        let existing = Set(try writer.freezes(tracker: tracker.id).map(\.day))
        let frozen = Set(existing.map { rules.periodStart($0.number) })
        let days = (first.number...last.number).map(Day.init(number:)).filter { !existing.contains($0) }
        let periods = Set(days.map { rules.periodStart($0.number) }).subtracting(frozen)
        if let balance = try session.status(tracker, checkpoints: true, writer).0.freezesAvailable, periods.count > balance {
            throw RuntimeError.noFreezesLeft(tracker: tracker.id, available: balance, asked: periods.count)
        }
        if dryRun { return SkipResult(days: days, spent: periods.count) }
        let placed = try writer.placeFreezes(tracker: tracker.id, days: days, charge: periods.count, note: note,
                                             at: session.clock.milliseconds)
        return SkipResult(days: placed, spent: periods.count)
    }

    /// Takes the freezes off every day from `from` through `to` (default
    /// today). A week or month left with no frozen day gives back the freeze
    /// it cost. Returns the days thawed and the freezes given back.
    public func unskip(_ id: String, from: Day?, to: Day?) throws(RuntimeError) -> SkipResult {
        let tracker = try session.runtime.tracker(id)
        let first = from ?? session.today(tracker), last = to ?? first
        guard first <= last else {
            throw .rejected(.rangeBackwards(from: first, to: last))
        }
        let rules = EngineRules(tracker)
        return try session.writing { writer in
            let existing = Set(try writer.freezes(tracker: tracker.id).map(\.day))
            let thawed = existing.filter { $0 >= first && $0 <= last }
            let before = Set(existing.map { rules.periodStart($0.number) })
            let after = Set(existing.subtracting(thawed).map { rules.periodStart($0.number) })
            let refund = tracker.freezes == nil ? 0 : before.subtracting(after).count
            let removed = try writer.removeFreezes(tracker: tracker.id, days: thawed.sorted(), refund: refund,
                                                   at: session.clock.milliseconds)
            return SkipResult(days: removed, spent: -refund)
        }
    }

    /// Every freeze of the trackers named (all when none), by tracker and day.
    public func list(of ids: [String]) throws(RuntimeError) -> [Freeze] {
        let trackers = try ids.isEmpty ? session.orderedTrackers()
            : ids.map { id throws(RuntimeError) in try session.runtime.tracker(id) }
        var all: [Freeze] = []
        for tracker in trackers {
            all += try session.db { () throws(StoreError) in try session.store.freezes(tracker: tracker.id) }
        }
        return all
    }

    /// Adds `count` freezes to a tracker's balance.
    public func grant(_ id: String, count: Int) throws(RuntimeError) -> TrackerStatus {
        let tracker = try session.runtime.tracker(id)
        guard tracker.freezes != nil else {
            throw .badValue(.noFreezeBalance(tracker: tracker.id))
        }
        guard (1...100).contains(count) else { throw .badValue(.freezeGrant(count)) }
        try session.db { () throws(StoreError) in
            try session.store.grant(tracker: tracker.id, amount: count, at: session.clock.milliseconds)
        }
        return try session.status(tracker)
    }
}
