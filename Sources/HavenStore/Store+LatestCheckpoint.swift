internal import GRDB
import HavenCore
import SQLiteRows

/// Each tracker's newest checkpoint and first entry day, one short row a
/// tracker in one small table (D331). A status of 100 trackers then reads
/// their starting points from a few pages, where the checkpoint table
/// (a month of daily checkpoints and the first of every month, per
/// tracker) and the first entries (at the start of each tracker's stretch
/// of the entry index) held each in a page of its own: 300 page reads
/// against 16 in a home without history. The row is a cache: it is
/// dropped whenever a write could make it wrong, and read back from the
/// full tables then.
public struct LatestCheckpoint: Sendable, Hashable {
    public var day: Day
    public var fingerprint: Int64
    public var state: WalkState
    /// The tracker's first entry day when the row was saved; nil when it
    /// was not known (or there was none): read it from the entries then.
    public var firstEntry: Day?
}

extension Migrations {
    static func latestCheckpoint(_ db: Database) throws {
        try db.execute(sql: latestCheckpointTable("main") + """
            ;
            INSERT INTO checkpoint_latest
                SELECT c.tracker, c.day, c.fingerprint, c.streak, c.longest, c.earned, c.used, c.score, c.score_started,
                       (SELECT MIN(e.day) FROM entry e WHERE e.tracker = c.tracker)
                FROM checkpoint c WHERE c.day = (SELECT MAX(day) FROM checkpoint WHERE tracker = c.tracker);
            """)
    }

    /// The table in `schema`: `temp` gives an older database read as it is
    /// (read-only) an empty one, so that every walk reads the full tables.
    /// Its columns have the checkpoint table's rules (another program's
    /// text where a number belongs is refused by SQLite itself).
    static func latestCheckpointTable(_ schema: String) -> String {
        let day = "[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]"
        return """
            CREATE TABLE \(schema).checkpoint_latest (
                tracker TEXT PRIMARY KEY NOT NULL,
                day TEXT NOT NULL CHECK (day GLOB '\(day)'),
                fingerprint INTEGER NOT NULL CHECK (typeof(fingerprint) = 'integer'),
                streak INTEGER NOT NULL CHECK (typeof(streak) = 'integer'),
                longest INTEGER NOT NULL CHECK (typeof(longest) = 'integer'),
                earned INTEGER NOT NULL CHECK (typeof(earned) = 'integer'),
                used INTEGER NOT NULL CHECK (typeof(used) = 'integer'),
                score REAL NOT NULL CHECK (typeof(score) = 'real'),
                score_started INTEGER NOT NULL CHECK (score_started IN (0, 1)),
                first_entry TEXT CHECK (first_entry IS NULL OR first_entry GLOB '\(day)')
            ) WITHOUT ROWID
            """
    }
}

extension StoreReader {
    /// The tracker's newest checkpoint and first entry day, when known.
    public func latestCheckpoint(tracker: String) throws -> LatestCheckpoint? {
        try db.rows("""
            SELECT day, fingerprint, streak, longest, earned, used, score, score_started, first_entry
            FROM checkpoint_latest WHERE tracker = ?
            """, [.text(tracker)], fast: { row -> LatestCheckpoint? in
            guard let day = row.day(0), let fingerprint = row.integer(1), let state = row.walkState(from: 2),
                  let firstEntry = row.optionalDay(8) else { return nil }
            return LatestCheckpoint(day: day, fingerprint: fingerprint, state: state, firstEntry: firstEntry)
        }, checked: { row in
            let t = "checkpoint_latest"
            return LatestCheckpoint(day: try row.day(0, t), fingerprint: try row.value(1, t),
                                    state: try row.walkState(from: 2, t), firstEntry: try row.optionalDay(8, t))
        }).first
    }
}

extension StoreWriter {
    /// Keeps the newest of `states` as the tracker's latest checkpoint,
    /// with the first entry day the walk used.
    func saveLatest(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)],
                    firstEntry: Day?) throws {
        guard let (day, s) = states.max(by: { $0.day < $1.day }) else { return }
        try db.run("""
            INSERT INTO checkpoint_latest (tracker, day, fingerprint, streak, longest, earned, used, score, score_started,
                                           first_entry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (tracker) DO UPDATE SET day = excluded.day, fingerprint = excluded.fingerprint,
                streak = excluded.streak, longest = excluded.longest, earned = excluded.earned, used = excluded.used,
                score = excluded.score, score_started = excluded.score_started, first_entry = excluded.first_entry
            WHERE excluded.day >= checkpoint_latest.day OR excluded.fingerprint != checkpoint_latest.fingerprint
            """, [tracker, day.description, fingerprint, s.streak, s.longest, s.earned, s.used, s.score, s.scoreStarted,
                  firstEntry?.description])
    }

    /// Drops the latest checkpoint a write on `day` (or after it) makes
    /// stale: one from after that day, or one whose first entry day the
    /// write may have moved (an entry on or before it added, moved or
    /// deleted).
    func invalidateLatest(tracker: String, after day: Day) throws {
        try db.run("DELETE FROM checkpoint_latest WHERE tracker = ? AND (day > ? OR first_entry >= ?)",
                   [tracker, day.description, day.description])
    }
}
