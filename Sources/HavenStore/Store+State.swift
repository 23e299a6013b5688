internal import GRDB
import HavenCore
import SQLiteRows

extension Store {
    /// Every tracker's remembered state, by id.
    public func trackerStates() throws(StoreError) -> [String: TrackerState] {
        // Stepped through SQLiteRows, as the walk's reads: GRDB's checked
        // decoding of these rows was 8 % of a one-shot `haven log`.
        try read { db in
            let rows = try db.rows("SELECT tracker, first_seen, mode, position, created_at FROM tracker_state", [],
                                   fast: { row -> (String, TrackerState)? in
                guard let tracker = row.textOnly(0), let firstSeen = row.day(1), let mode = row.optionalText(2),
                      let position = row.optionalInteger(3), let createdAt = row.optionalInteger(4) else { return nil }
                return (tracker, TrackerState(firstSeen: firstSeen, mode: mode, position: position.map { Int($0) },
                                              createdAt: createdAt))
            }, checked: { row in
                (try row.value(0, "tracker_state"), TrackerState(
                    firstSeen: try row.day(1, "tracker_state"), mode: try row.optional(2, "tracker_state"),
                    position: try row.optional(3, "tracker_state"), createdAt: try row.optional(4, "tracker_state")))
            })
            return Dictionary(rows) { first, _ in first }
        }
    }

    /// The milestones the streak of `tracker` that started on `start` has celebrated.
    public func milestonesSeen(tracker: String, streakStart start: Day) throws(StoreError) -> Set<Int> {
        try reading { reader in try reader.milestonesSeen(tracker: tracker, streakStart: start) }
    }

    /// Records milestones as celebrated for the streak that started on `start`.
    public func recordMilestones(_ milestones: [Int], tracker: String, streakStart start: Day, at: Int64)
        throws(StoreError) {
        guard !milestones.isEmpty else { return }
        try write { db in
            for milestone in milestones {
                try db.run("INSERT OR IGNORE INTO milestone_seen (tracker, streak_start, milestone, seen_at) VALUES (?, ?, ?, ?)",
                           [tracker, start.description, milestone, at])
            }
        }
    }

    /// Records trackers seen for the first time (id, day, mode), created `at`.
    public func recordSeen(_ trackers: [(id: String, day: Day, mode: String?)], at: Int64) throws(StoreError) {
        guard !trackers.isEmpty else { return }
        try write { db in
            for t in trackers {
                try db.run("INSERT OR IGNORE INTO tracker_state (tracker, first_seen, mode, created_at) VALUES (?, ?, ?, ?)",
                           [t.id, t.day.description, t.mode, at])
            }
        }
    }

    /// Stores the display order: each tracker's position.
    public func setPositions(_ ids: [String]) throws(StoreError) {
        try write { db in
            for (position, id) in ids.enumerated() {
                try db.run("UPDATE tracker_state SET position = ? WHERE tracker = ?", [position, id])
            }
        }
    }

    // MARK: Freezes

    public func freezes(tracker: String, from: Day? = nil) throws(StoreError) -> [Freeze] {
        try reading { try $0.freezes(tracker: tracker, from: from) }
    }

    public func grant(tracker: String, amount: Int, at: Int64) throws(StoreError) {
        try write { db in
            try db.run("INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)", [tracker, amount, at])
        }
    }


    // MARK: Mode epochs


    /// Archives the streak of the old mode (when it had one) and starts a new epoch on `day`.
    public func startEpoch(tracker: String, mode: String, day: Day, archive: ArchivedStreak?) throws(StoreError) {
        try write { db in
            if let archive {
                try db.run("""
                    INSERT INTO archived_streak (tracker, mode, current, longest, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?)
                    """, [tracker, archive.mode.rawValue, archive.current, archive.longest,
                          archive.from.description, archive.to.description])
            }
            try db.run("INSERT INTO mode_epoch (tracker, mode, start_day) VALUES (?, ?, ?)",
                       [tracker, mode, day.description])
            try db.run("UPDATE tracker_state SET mode = ? WHERE tracker = ?", [mode, tracker])
            try db.run("DELETE FROM checkpoint WHERE tracker = ?", [tracker])
            try db.run("DELETE FROM checkpoint_latest WHERE tracker = ?", [tracker])
        }
    }

}
