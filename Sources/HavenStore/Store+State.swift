internal import GRDB
import HavenCore

/// What the store remembers of a tracker besides its entries.
public struct TrackerState: Sendable, Hashable {
    public var firstSeen: Day
    public var mode: String?
    public var position: Int?
}

extension Store {
    /// Every tracker's remembered state, by id.
    public func trackerStates() throws(StoreError) -> [String: TrackerState] {
        try read { db in
            var states: [String: TrackerState] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT tracker, first_seen, mode, position FROM tracker_state") {
                let day: String = row[1]
                states[row[0]] = TrackerState(firstSeen: Day(day) ?? Day(number: 0), mode: row[2], position: row[3])
            }
            return states
        }
    }

    /// Records trackers seen for the first time (id, day, mode).
    public func recordSeen(_ trackers: [(id: String, day: Day, mode: String?)]) throws(StoreError) {
        guard !trackers.isEmpty else { return }
        try write { db in
            for t in trackers {
                try db.execute(sql: "INSERT OR IGNORE INTO tracker_state (tracker, first_seen, mode) VALUES (?, ?, ?)",
                               arguments: [t.id, t.day.description, t.mode])
            }
        }
    }

    // MARK: Freezes

    /// Places freezes on `days` (already frozen days are left as they are);
    /// returns the days newly frozen.
    public func placeFreezes(tracker: String, days: [Day], note: String?, at: Int64) throws(StoreError) -> [Day] {
        try write { db in
            var placed: [Day] = []
            for day in days {
                try db.execute(sql: "INSERT OR IGNORE INTO freeze (tracker, day, note, placed_at) VALUES (?, ?, ?, ?)",
                               arguments: [tracker, day.description, note, at])
                if db.changesCount > 0 { placed.append(day) }
            }
            if !placed.isEmpty {
                try db.execute(sql: "INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)",
                               arguments: [tracker, -placed.count, at])
            }
            if let first = placed.min() { try Store.invalidate(db, tracker: tracker, after: first.adding(days: -1)) }
            return placed
        }
    }

    public func freezes(tracker: String, from: Day? = nil) throws(StoreError) -> [Freeze] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT tracker, day, note, placed_at FROM freeze WHERE tracker = ? AND day >= ? ORDER BY day
                """, arguments: [tracker, from?.description ?? "0000"]).map { row in
                let day: String = row[1]
                return Freeze(tracker: row[0], day: Day(day) ?? Day(number: 0), note: row[2], placedAt: row[3])
            }
        }
    }

    public func grant(tracker: String, amount: Int, at: Int64) throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)",
                           arguments: [tracker, amount, at])
        }
    }

    /// The freeze balance's changes in the order they were written:
    /// +N for a grant, -N for N freezes placed.
    public func freezeLedger(tracker: String) throws(StoreError) -> [(change: Int, at: Int64)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT change, at FROM freeze_ledger WHERE tracker = ? ORDER BY id",
                             arguments: [tracker]).map { ($0[0], $0[1]) }
        }
    }

    // MARK: Mode epochs

    /// The day the current mode epoch started, if the mode ever changed.
    public func epochStart(tracker: String) throws(StoreError) -> Day? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT start_day FROM mode_epoch WHERE tracker = ? ORDER BY id DESC LIMIT 1",
                                arguments: [tracker]).flatMap(Day.init)
        }
    }

    /// Archives the streak of the old mode and starts a new epoch on `day`.
    public func startEpoch(tracker: String, mode: String, day: Day, archive: ArchivedStreak) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO archived_streak (tracker, mode, current, longest, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [tracker, archive.mode.rawValue, archive.current, archive.longest,
                                 archive.from.description, archive.to.description])
            try db.execute(sql: "INSERT INTO mode_epoch (tracker, mode, start_day) VALUES (?, ?, ?)",
                           arguments: [tracker, mode, day.description])
            try db.execute(sql: "UPDATE tracker_state SET mode = ? WHERE tracker = ?", arguments: [mode, tracker])
            try db.execute(sql: "DELETE FROM checkpoint WHERE tracker = ?", arguments: [tracker])
        }
    }

    public func archived(tracker: String) throws(StoreError) -> [ArchivedStreak] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT mode, current, longest, from_day, to_day FROM archived_streak WHERE tracker = ? ORDER BY id
                """, arguments: [tracker]).compactMap { row in
                let mode: String = row[0], from: String = row[3], to: String = row[4]
                guard let m = TrackerMode(rawValue: mode), let f = Day(from), let t = Day(to) else { return nil }
                return ArchivedStreak(mode: m, current: row[1], longest: row[2], from: f, to: t)
            }
        }
    }
}
