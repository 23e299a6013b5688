import Foundation
import HavenConfig
import HavenCore
import HavenStore

/// The runtime with its database and clock: answers every command that
/// reads or writes entries, as values. Nothing here prints.
public final class Session {
    public let runtime: Runtime
    let store: Store
    /// "Now"; a REPL moves it on before each command.
    public var clock: Clock
    var states: [String: TrackerState] = [:]

    /// Opens the database, records trackers seen for the first time, and
    /// starts a new epoch for every saboteur whose mode changed (SPEC §4.4).
    public init(runtime: Runtime, clock: Clock, writeDelay: Int = 0) throws(RuntimeError) {
        self.runtime = runtime
        self.clock = clock
        do {
            if let opened = runtime.takeOpenedStore()?.take() {
                (store, states) = try opened.get()
            } else {
                store = try Store(path: runtime.layout.database, writeDelay: writeDelay)
                states = try store.trackerStates()
            }
            let unseen = runtime.catalog.trackers.filter { states[$0.id] == nil }
            // A read-only home is read as it is: what is new is recorded by
            // the next run that can write.
            if !unseen.isEmpty && !store.isReadOnly {
                try store.recordSeen(unseen.map { ($0.id, clock.firstDay(boundary: $0.dayBoundary), $0.mode?.rawValue) },
                                     at: clock.milliseconds)
                states = try store.trackerStates()
            }
        } catch {
            throw .store(error)
        }
        for tracker in runtime.catalog.trackers where !store.isReadOnly {
            if let recorded = states[tracker.id]?.mode, let mode = tracker.mode, recorded != mode.rawValue,
               let old = TrackerMode(rawValue: recorded) {
                try archiveEpoch(tracker, from: old, to: mode)
            }
        }
    }

    /// True when the home's database file was removed or replaced since this
    /// session opened it: writing on would write to a file nobody reads.
    public var databaseReplaced: Bool { store.isReplaced }

    func today(_ tracker: TrackerDefinition) -> Day { clock.today(boundary: tracker.dayBoundary) }

    func dayOf(instant: Int64) -> Day {
        DayAssignment.day(instant: instant, offset: clock.offset(at: Date(timeIntervalSince1970: Double(instant) / 1000)),
                          boundary: .midnight)
    }

    /// What a switch of a saboteur's mode would do now (SPEC §4.4): the
    /// streak it archives, exactly as `streak ID` shows it (today included
    /// when today was decided; nil when the old mode never had a decided
    /// day), and the day the new mode starts: today, or tomorrow when
    /// something was already logged today, which then stays the old mode's.
    public func modeSwitch(_ tracker: TrackerDefinition, from old: TrackerMode) throws(RuntimeError)
        -> (archive: ArchivedStreak?, start: Day) {
        var previous = tracker
        previous.mode = old
        let today = today(tracker)
        return try reading(tracker) { reader in
            let (shown, plan, _) = try status(previous, checkpoints: false, reader)
            let start = shown.entriesToday > 0 ? today.adding(days: 1) : today
            guard let plan else { return ((nil, start), nil, []) }
            let last = shown.outcome == .pending ? today.adding(days: -1) : today
            guard plan.start <= last else { return ((nil, start), nil, []) }
            let archive = ArchivedStreak(mode: old, current: shown.current, longest: shown.longest, from: plan.start,
                                         to: last)
            return ((archive, start), nil, [])
        }
    }

    /// Archives the streak of `old` mode and starts the new mode (see `modeSwitch`).
    private func archiveEpoch(_ tracker: TrackerDefinition, from old: TrackerMode, to new: TrackerMode)
        throws(RuntimeError) {
        let (archive, start) = try modeSwitch(tracker, from: old)
        do {
            try store.startEpoch(tracker: tracker.id, mode: new.rawValue, day: start, archive: archive)
            states = try store.trackerStates()
        } catch {
            throw .store(error)
        }
    }

    /// Runs a store call, turning its error into the runtime's.
    /// Closes the database (see `Store.close`); the session answers nothing after.
    public func close() {
        store.close()
    }

    func db<T>(_ body: () throws(StoreError) -> T) throws(RuntimeError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
