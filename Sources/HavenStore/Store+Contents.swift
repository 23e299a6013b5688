internal import GRDB
import HavenCore

extension Store {
    /// Everything not derived, in one read transaction, in the order it was written.
    public func contents() throws(StoreError) -> StoreContents {
        try read { db in
            var contents = StoreContents()
            contents.entries = try db.rows("SELECT \(Store.entryColumns) FROM entry ORDER BY id").map(Store.entry)
            contents.freezes = try db.rows("SELECT tracker, day, note, placed_at FROM freeze ORDER BY tracker, day").map {
                Freeze(tracker: try $0.value(0, "freeze"), day: try $0.day(1, "freeze"), note: try $0.optional(2, "freeze"),
                       placedAt: try $0.value(3, "freeze"))
            }
            contents.grants = try db.rows("SELECT tracker, change, at FROM freeze_ledger ORDER BY id").map {
                StoreContents.Grant(tracker: try $0.value(0, "freeze_ledger"), change: try $0.value(1, "freeze_ledger"),
                                    at: try $0.value(2, "freeze_ledger"))
            }
            for row in try db.rows("SELECT tracker, first_seen, mode, position, created_at FROM tracker_state ORDER BY tracker") {
                contents.states[try row.value(0, "tracker_state")] = TrackerState(
                    firstSeen: try row.day(1, "tracker_state"), mode: try row.optional(2, "tracker_state"),
                    position: try row.optional(3, "tracker_state"), createdAt: try row.optional(4, "tracker_state"))
            }
            contents.epochs = try db.rows("SELECT tracker, mode, start_day FROM mode_epoch ORDER BY id").map {
                StoreContents.Epoch(tracker: try $0.value(0, "mode_epoch"), mode: try $0.value(1, "mode_epoch"),
                                    start: try $0.day(2, "mode_epoch"))
            }
            let trackers: [String] = try db.rows("SELECT DISTINCT tracker FROM archived_streak ORDER BY tracker")
                .map { try $0.value(0, "archived_streak") }
            let reader = StoreReader(db)
            for tracker in trackers {
                contents.archived += try reader.archived(tracker: tracker).map { (tracker, $0) }
            }
            return contents
        }
    }

    /// Merges `contents` in one write transaction: what is already there (an
    /// entry's UUID, a freeze's day, a tracker's state, an identical row)
    /// is left as it is, so merging twice adds nothing the second time. The
    /// checkpoints of every tracker touched go.
    /// With `dryRun`, everything is rolled back: the count of what would be added.
    public func merge(_ contents: StoreContents, dryRun: Bool = false) throws(StoreError) -> StoreContents.Added {
        var added = StoreContents.Added()
        _ = try transaction { writer -> Void? in
            added = try writer.merge(contents)
            return dryRun ? nil : ()
        }
        return added
    }
}

extension StoreWriter {
    /// Adds what `contents` holds that is not there yet (see `Store.merge`).
    func merge(_ contents: StoreContents) throws -> StoreContents.Added {
        var added = StoreContents.Added()
        for uuid in contents.superseded {
            guard let id = try db.value("SELECT id FROM entry WHERE uuid = ?", [uuid], as: Int64.self) else { continue }
            _ = try delete(entry: id)
            added.removed += 1
        }
        added.entries = try insert(batch: contents.entries)
        var touched = Set(added.entries.map(\.tracker))
        for freeze in contents.freezes {
            try db.run("INSERT OR IGNORE INTO freeze (tracker, day, note, placed_at) VALUES (?, ?, ?, ?)",
                       [freeze.tracker, freeze.day.description, freeze.note, freeze.placedAt])
            if db.changesCount > 0 {
                added.freezes += 1
                touched.insert(freeze.tracker)
            }
        }
        for grant in contents.grants {
            let known = try db.value("SELECT COUNT(*) FROM freeze_ledger WHERE tracker = ? AND change = ? AND at = ?",
                                     [grant.tracker, grant.change, grant.at], as: Int.self) ?? 0
            guard known == 0 else { continue }
            try db.run("INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)",
                       [grant.tracker, grant.change, grant.at])
            added.grants += 1
        }
        // A tracker this home has seen keeps its own state, but for the
        // first day it was seen and when it was created: the earlier of the
        // two, where its history starts.
        for (tracker, state) in contents.states.sorted(by: { $0.key < $1.key }) {
            try db.run("""
                INSERT INTO tracker_state (tracker, first_seen, mode, position, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (tracker) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen),
                    position = coalesce(position, excluded.position),
                    created_at = min(coalesce(created_at, excluded.created_at), coalesce(excluded.created_at, created_at))
                WHERE excluded.first_seen < first_seen OR excluded.created_at < coalesce(created_at, excluded.created_at + 1)
                """, [tracker, state.firstSeen.description, state.mode, state.position, state.createdAt])
            if db.changesCount > 0 {
                added.states += 1
                touched.insert(tracker)
            }
        }
        for epoch in contents.epochs {
            let known = try db.value("SELECT COUNT(*) FROM mode_epoch WHERE tracker = ? AND mode = ? AND start_day = ?",
                                     [epoch.tracker, epoch.mode, epoch.start.description], as: Int.self) ?? 0
            guard known == 0 else { continue }
            try db.run("INSERT INTO mode_epoch (tracker, mode, start_day) VALUES (?, ?, ?)",
                       [epoch.tracker, epoch.mode, epoch.start.description])
            added.epochs += 1
            touched.insert(epoch.tracker)
        }
        for (tracker, streak) in contents.archived {
            let arguments: StatementArguments = [tracker, streak.mode.rawValue, streak.current, streak.longest,
                                                 streak.from.description, streak.to.description]
            let known = try db.value("""
                SELECT COUNT(*) FROM archived_streak WHERE tracker = ? AND mode = ? AND current = ? AND longest = ?
                AND from_day = ? AND to_day = ?
                """, arguments, as: Int.self) ?? 0
            guard known == 0 else { continue }
            try db.run("""
                INSERT INTO archived_streak (tracker, mode, current, longest, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments)
            added.archived += 1
        }
        for tracker in touched.sorted() {
            try db.run("DELETE FROM checkpoint WHERE tracker = ?", [tracker])
            try db.run("DELETE FROM checkpoint_latest WHERE tracker = ?", [tracker])
        }
        return added
    }
}
