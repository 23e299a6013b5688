internal import GRDB
import HavenCore

/// The schema, as named migrations. Never edit a shipped migration: add one.
enum Migrations {
    /// The schema version written to `PRAGMA user_version` after the last
    /// migration; a database with a larger one comes from a newer Haven.
    static let version = 11
    /// The oldest schema this Haven reads as it is, without migrating: a
    /// read-only home with an older database still answers reading commands.
    static let readableFrom = 1

    /// Migrates to the current schema and records its version.
    static func migrate(_ queue: DatabaseQueue) throws {
        try migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
    }

    /// A database migrated only up to `migration`, as an older Haven left
    /// it: for tests of the migrations that follow.
    static func create(_ path: String, upTo migration: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try migrator.migrate(queue, upTo: migration)
        let number = migration.dropFirst().prefix { $0.isNumber }
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = \(number)") }
        try queue.close()
    }

    /// True for an SQLite database of another program: tables, but none of
    /// Haven's migrations.
    static func isForeign(_ db: Database) throws -> Bool {
        let tables = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'") ?? 0
        let ours = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'grdb_migrations'") ?? 0
        return tables > 0 && ours == 0
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-entries-freezes-state") { db in
            try db.execute(sql: """
                CREATE TABLE entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    tracker TEXT NOT NULL,
                    instant INTEGER NOT NULL,      -- ms since 1970 UTC
                    zone TEXT NOT NULL,            -- IANA time zone at log time
                    utc_offset INTEGER NOT NULL,   -- seconds
                    day TEXT NOT NULL,             -- assigned day, YYYY-MM-DD
                    level TEXT,                    -- levels input
                    number REAL,                   -- count and amount input
                    note TEXT,
                    trigger TEXT,
                    written_at INTEGER NOT NULL    -- ms since 1970 UTC
                );
                CREATE INDEX entry_by_tracker_day ON entry(tracker, day);
                CREATE TABLE freeze (
                    tracker TEXT NOT NULL,
                    day TEXT NOT NULL,
                    note TEXT,
                    placed_at INTEGER NOT NULL,
                    PRIMARY KEY (tracker, day)
                ) WITHOUT ROWID;
                CREATE TABLE freeze_ledger (    -- the balance's history, in order
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    tracker TEXT NOT NULL,
                    change INTEGER NOT NULL,       -- +N granted, -1 per freeze placed
                    at INTEGER NOT NULL            -- ms since 1970 UTC
                );
                CREATE TABLE tracker_state (
                    tracker TEXT PRIMARY KEY,
                    first_seen TEXT NOT NULL,      -- the day it was first loaded
                    mode TEXT,                     -- the mode last seen, for epochs
                    position INTEGER               -- display order, null = file order
                ) WITHOUT ROWID;
                CREATE TABLE mode_epoch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    tracker TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    start_day TEXT NOT NULL
                );
                CREATE TABLE archived_streak (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    tracker TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    current INTEGER NOT NULL,
                    longest INTEGER NOT NULL,
                    from_day TEXT NOT NULL,
                    to_day TEXT NOT NULL
                );
                CREATE TABLE checkpoint (
                    tracker TEXT NOT NULL,
                    day TEXT NOT NULL,             -- a period start: the walk's state before it
                    fingerprint INTEGER NOT NULL,
                    streak INTEGER NOT NULL,
                    longest INTEGER NOT NULL,
                    earned INTEGER NOT NULL,
                    used INTEGER NOT NULL,
                    score REAL NOT NULL,
                    score_started INTEGER NOT NULL,
                    PRIMARY KEY (tracker, day)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2-check-constraints", migrate: checkConstraints)
        migrator.registerMigration("v3-entry-uuid-source", migrate: entryIdentity)
        migrator.registerMigration("v4-milestones-seen") { db in try db.execute(sql: milestoneTable("main")) }
        // The walk reads a tracker's days from the index alone, in order,
        // and so does a `day_outcome` hook's (what it sees of each entry);
        // `undo` finds the last entry written without a scan.
        migrator.registerMigration("v5-covering-indexes") { db in
            try db.execute(sql: """
                DROP INDEX entry_by_tracker_day;
                CREATE INDEX entry_by_tracker_day ON entry(tracker, day, instant, id, level, number, utc_offset, note, trigger);
                CREATE INDEX entry_by_written ON entry(written_at);
                """)
        }
        migrator.registerMigration("v6-notifications") { db in
            try db.execute(sql: """
                CREATE TABLE notification (     -- one desktop notification per tracker and day (SPEC §11)
                    tracker TEXT NOT NULL,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    sent_at INTEGER NOT NULL,
                    server_id INTEGER,          -- the notification server's id, once it is shown
                    state TEXT NOT NULL DEFAULT 'open'
                        CHECK (state IN ('open', 'acted', 'dismissed', 'closed', 'later')),
                    again_at INTEGER,           -- 'later': when it may be sent again
                    PRIMARY KEY (tracker, day)
                );
                CREATE TABLE notice (           -- things to say once, on the next status
                    key TEXT PRIMARY KEY,
                    text TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v7-records", migrate: records)
        // Entries of one instant are ordered by their UUID, which every
        // device shares, rather than by the row id, which each device gives
        // its own way: the day's level is the same on every device (SPEC §12).
        migrator.registerMigration("v8-entry-order-by-uuid") { db in
            try db.execute(sql: """
                DROP INDEX entry_by_tracker_day;
                CREATE INDEX entry_by_tracker_day
                    ON entry(tracker, day, instant, uuid, id, level, number, utc_offset, note, trigger);
                """)
        }
        migrator.registerMigration("v9-notification-slots", migrate: notificationSlots)
        // Trackers with no explicit order are listed in the order they were
        // created (the origin app's rule); a tracker seen before this
        // migration was created at the start of its first day.
        migrator.registerMigration("v10-tracker-created-at") { db in
            try db.execute(sql: """
                ALTER TABLE tracker_state ADD COLUMN created_at INTEGER
                    CONSTRAINT tracker_state_created_at CHECK (created_at IS NULL OR typeof(created_at) = 'integer');
                UPDATE tracker_state SET created_at = CAST(round((julianday(first_seen) - 2440587.5) * 86400000) AS INTEGER);
                """)
        }
        migrator.registerMigration("v11-latest-checkpoint", migrate: latestCheckpoint)
        return migrator
    }

    /// A tracker may be asked several times a day (SPEC §11: each reminder
    /// time, the at-risk reminder, its part of the evening check-in): a
    /// notification is known by its tracker, day and slot. A notification
    /// that a newer one of the same tracker took over is `replaced`.
    private static func notificationSlots(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE notification_v9 (
                tracker TEXT NOT NULL,      -- a tracker id, or '@checkin' for the check-in's summary
                day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                slot TEXT NOT NULL DEFAULT '',  -- 'HH:MM' a reminder time, 'at_risk', 'checkin' a check-in item
                sent_at INTEGER NOT NULL,
                server_id INTEGER,          -- the notification server's id, once it is shown
                state TEXT NOT NULL DEFAULT 'open'
                    CHECK (state IN ('open', 'acted', 'dismissed', 'closed', 'later', 'replaced')),
                again_at INTEGER,           -- 'later': when it may be sent again
                PRIMARY KEY (tracker, day, slot)
            );
            INSERT INTO notification_v9 (tracker, day, slot, sent_at, server_id, state, again_at)
                SELECT tracker, day, '', sent_at, server_id, state, again_at FROM notification;
            DROP TABLE notification;
            ALTER TABLE notification_v9 RENAME TO notification;
            """)
    }

    /// The milestones each streak has celebrated (SPEC §4.3): a streak is
    /// known by its tracker and first day, so a new streak celebrates anew.
    static func milestoneTable(_ schema: String) -> String {
        """
        CREATE TABLE \(schema).milestone_seen (
            tracker TEXT NOT NULL CONSTRAINT milestone_tracker CHECK (typeof(tracker) = 'text'),
            streak_start TEXT NOT NULL
                CONSTRAINT milestone_start CHECK (streak_start GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
            milestone INTEGER NOT NULL CONSTRAINT milestone_value CHECK (typeof(milestone) = 'integer' AND milestone > 0),
            seen_at INTEGER NOT NULL CONSTRAINT milestone_seen_at CHECK (typeof(seen_at) = 'integer'),
            PRIMARY KEY (tracker, streak_start, milestone)
        ) WITHOUT ROWID
        """
    }

    /// Every table rebuilt with `CHECK`s on the types and shapes of its
    /// columns (SQLite cannot add them in place): another program writing
    /// text where an instant belongs is refused by SQLite itself. The rows
    /// are copied as they are; a row that breaks a rule stops the migration
    /// with the rule's name, and the file stays as it was. Checkpoints are
    /// derived, so they start afresh; an archive with no day in it (an
    /// earlier Haven wrote one when the mode changed on a tracker's first
    /// day) is dropped.
    private static func checkConstraints(_ db: Database) throws {
        let day = { (column: String) in "\(column) GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'" }
        let text = { (column: String) in "typeof(\(column)) = 'text'" }
        let optionalText = { (column: String) in "(\(column) IS NULL OR typeof(\(column)) = 'text')" }
        let integer = { (column: String) in "typeof(\(column)) = 'integer'" }
        let mode = { (column: String) in "\(column) IN ('awareness', 'avoidance')" }
        try db.execute(sql: """
            CREATE TABLE entry_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tracker TEXT NOT NULL CONSTRAINT entry_tracker CHECK (\(text("tracker"))),
                instant INTEGER NOT NULL CONSTRAINT entry_instant CHECK (\(integer("instant"))),
                zone TEXT NOT NULL CONSTRAINT entry_zone CHECK (\(text("zone"))),
                utc_offset INTEGER NOT NULL
                    CONSTRAINT entry_utc_offset CHECK (\(integer("utc_offset")) AND abs(utc_offset) <= 86400),
                day TEXT NOT NULL CONSTRAINT entry_day CHECK (\(day("day"))),
                level TEXT CONSTRAINT entry_level CHECK (\(optionalText("level"))),
                number REAL CONSTRAINT entry_number CHECK (number IS NULL OR (typeof(number) = 'real' AND number > 0)),
                note TEXT CONSTRAINT entry_note CHECK (\(optionalText("note"))),
                trigger TEXT CONSTRAINT entry_trigger CHECK (\(optionalText("trigger"))),
                written_at INTEGER NOT NULL CONSTRAINT entry_written_at CHECK (\(integer("written_at"))),
                CONSTRAINT entry_one_value CHECK (level IS NULL OR number IS NULL)
            );
            INSERT INTO entry_v2 SELECT id, tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at
                FROM entry;
            DROP TABLE entry;
            ALTER TABLE entry_v2 RENAME TO entry;
            CREATE INDEX entry_by_tracker_day ON entry(tracker, day);

            CREATE TABLE freeze_v2 (
                tracker TEXT NOT NULL CONSTRAINT freeze_tracker CHECK (\(text("tracker"))),
                day TEXT NOT NULL CONSTRAINT freeze_day CHECK (\(day("day"))),
                note TEXT CONSTRAINT freeze_note CHECK (\(optionalText("note"))),
                placed_at INTEGER NOT NULL CONSTRAINT freeze_placed_at CHECK (\(integer("placed_at"))),
                PRIMARY KEY (tracker, day)
            ) WITHOUT ROWID;
            INSERT INTO freeze_v2 SELECT tracker, day, note, placed_at FROM freeze;
            DROP TABLE freeze;
            ALTER TABLE freeze_v2 RENAME TO freeze;

            CREATE TABLE freeze_ledger_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tracker TEXT NOT NULL CONSTRAINT freeze_ledger_tracker CHECK (\(text("tracker"))),
                change INTEGER NOT NULL
                    CONSTRAINT freeze_ledger_change CHECK (\(integer("change")) AND abs(change) <= 100000),
                at INTEGER NOT NULL CONSTRAINT freeze_ledger_at CHECK (\(integer("at")))
            );
            INSERT INTO freeze_ledger_v2 SELECT id, tracker, change, at FROM freeze_ledger;
            DROP TABLE freeze_ledger;
            ALTER TABLE freeze_ledger_v2 RENAME TO freeze_ledger;

            CREATE TABLE tracker_state_v2 (
                tracker TEXT PRIMARY KEY CONSTRAINT tracker_state_tracker CHECK (\(text("tracker"))),
                first_seen TEXT NOT NULL CONSTRAINT tracker_state_first_seen CHECK (\(day("first_seen"))),
                mode TEXT CONSTRAINT tracker_state_mode CHECK (mode IS NULL OR \(mode("mode"))),
                position INTEGER CONSTRAINT tracker_state_position CHECK (position IS NULL OR \(integer("position")))
            ) WITHOUT ROWID;
            INSERT INTO tracker_state_v2 SELECT tracker, first_seen, mode, position FROM tracker_state;
            DROP TABLE tracker_state;
            ALTER TABLE tracker_state_v2 RENAME TO tracker_state;

            CREATE TABLE mode_epoch_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tracker TEXT NOT NULL CONSTRAINT mode_epoch_tracker CHECK (\(text("tracker"))),
                mode TEXT NOT NULL CONSTRAINT mode_epoch_mode CHECK (\(mode("mode"))),
                start_day TEXT NOT NULL CONSTRAINT mode_epoch_start_day CHECK (\(day("start_day")))
            );
            INSERT INTO mode_epoch_v2 SELECT id, tracker, mode, start_day FROM mode_epoch;
            DROP TABLE mode_epoch;
            ALTER TABLE mode_epoch_v2 RENAME TO mode_epoch;

            CREATE TABLE archived_streak_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tracker TEXT NOT NULL CONSTRAINT archived_streak_tracker CHECK (\(text("tracker"))),
                mode TEXT NOT NULL CONSTRAINT archived_streak_mode CHECK (\(mode("mode"))),
                current INTEGER NOT NULL CONSTRAINT archived_streak_current CHECK (\(integer("current")) AND current >= 0),
                longest INTEGER NOT NULL
                    CONSTRAINT archived_streak_longest CHECK (\(integer("longest")) AND longest >= current),
                from_day TEXT NOT NULL CONSTRAINT archived_streak_from_day CHECK (\(day("from_day"))),
                to_day TEXT NOT NULL CONSTRAINT archived_streak_to_day CHECK (\(day("to_day")) AND to_day >= from_day)
            );
            INSERT INTO archived_streak_v2 SELECT id, tracker, mode, current, longest, from_day, to_day FROM archived_streak
                WHERE to_day >= from_day OR typeof(to_day) != 'text' OR typeof(from_day) != 'text';
            DROP TABLE archived_streak;
            ALTER TABLE archived_streak_v2 RENAME TO archived_streak;

            DROP TABLE checkpoint;
            CREATE TABLE checkpoint (
                tracker TEXT NOT NULL,
                day TEXT NOT NULL CONSTRAINT checkpoint_day CHECK (\(day("day"))),
                fingerprint INTEGER NOT NULL CONSTRAINT checkpoint_fingerprint CHECK (\(integer("fingerprint"))),
                streak INTEGER NOT NULL CONSTRAINT checkpoint_streak CHECK (\(integer("streak"))),
                longest INTEGER NOT NULL CONSTRAINT checkpoint_longest CHECK (\(integer("longest"))),
                earned INTEGER NOT NULL CONSTRAINT checkpoint_earned CHECK (\(integer("earned"))),
                used INTEGER NOT NULL CONSTRAINT checkpoint_used CHECK (\(integer("used"))),
                score REAL NOT NULL CONSTRAINT checkpoint_score CHECK (typeof(score) = 'real'),
                score_started INTEGER NOT NULL CONSTRAINT checkpoint_score_started CHECK (score_started IN (0, 1)),
                PRIMARY KEY (tracker, day)
            ) WITHOUT ROWID;
            """)
    }

    /// The record log of SPEC §12: once `Store.startRecords` has named this
    /// device, every change to entries, freezes and the freeze balance
    /// appends a record to its stream in the same transaction, by triggers,
    /// so that no path that writes can forget it. While records of other
    /// devices are applied (`applying = 1`) nothing is appended.
    private static func records(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_control (         -- one row once records are kept
                one INTEGER PRIMARY KEY CHECK (one = 1),
                device TEXT NOT NULL,           -- this device's UUID
                applying INTEGER NOT NULL DEFAULT 0 CHECK (applying IN (0, 1))
            );
            CREATE TABLE record (               -- every device's stream, this one's included
                id TEXT PRIMARY KEY,            -- UUIDv7
                device TEXT NOT NULL,
                idx INTEGER NOT NULL CHECK (idx >= 1),
                payload TEXT NOT NULL,          -- JSON: an action, never derived state
                subject TEXT,                   -- what it is about: an entry's UUID, 'TRACKER/DAY' for a freeze
                UNIQUE (device, idx)
            );
            CREATE INDEX record_by_subject ON record(subject) WHERE subject IS NOT NULL;
            """)
        func trigger(_ name: String, _ event: String, _ payload: String, _ subject: String) -> String {
            """
            CREATE TRIGGER record_\(name) AFTER \(event)
            WHEN EXISTS (SELECT 1 FROM sync_control WHERE applying = 0)
            BEGIN
                INSERT INTO record (id, device, idx, payload, subject)
                SELECT \(RecordSQL.uuid(RecordSQL.now)), device,
                    COALESCE((SELECT MAX(idx) FROM record WHERE record.device = sync_control.device), 0) + 1,
                    \(payload), \(subject)
                FROM sync_control;
            END;
            """
        }
        try db.execute(sql: [
            trigger("entry_added", "INSERT ON entry", RecordPayload.SQL.entry("NEW"), "NEW.uuid"),
            trigger("entry_edited", "UPDATE ON entry", RecordPayload.SQL.entry("NEW"), "NEW.uuid"),
            trigger("entry_deleted", "DELETE ON entry", RecordPayload.SQL.delete("OLD", at: RecordSQL.now), "OLD.uuid"),
            trigger("freeze_placed", "INSERT ON freeze", RecordPayload.SQL.freeze("NEW"), RecordSQL.freezeSubject("NEW")),
            trigger("freeze_removed", "DELETE ON freeze",
                    RecordPayload.SQL.unfreeze("OLD", at: RecordSQL.now),
                    RecordSQL.freezeSubject("OLD")),
            trigger("balance_changed", "INSERT ON freeze_ledger", RecordPayload.SQL.balance("NEW"), "NULL"),
        ].joined(separator: "\n"))
    }

    /// Every entry gets a UUID (version 7, made from when it was written)
    /// that never changes, and its source (SPEC §3); entries written before
    /// sources were kept count as `cli`. The table is rebuilt with named
    /// rules for both, every row copied as it is, and a unique index on the
    /// UUID, which imports and sync key on.
    private static func entryIdentity(_ db: Database) throws {
        db.add(function: DatabaseFunction("haven_uuid7", argumentCount: 1, pure: false) { values in
            UUID7.make(milliseconds: Int64.fromDatabaseValue(values[0]) ?? 0)
        })
        let hex = "[0-9a-f]"
        let uuid = [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
        let day = "GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'"
        let optionalText = { (column: String) in "(\(column) IS NULL OR typeof(\(column)) = 'text')" }
        try db.execute(sql: """
            CREATE TABLE entry_v3 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tracker TEXT NOT NULL CONSTRAINT entry_tracker CHECK (typeof(tracker) = 'text'),
                instant INTEGER NOT NULL CONSTRAINT entry_instant CHECK (typeof(instant) = 'integer'),
                zone TEXT NOT NULL CONSTRAINT entry_zone CHECK (typeof(zone) = 'text'),
                utc_offset INTEGER NOT NULL
                    CONSTRAINT entry_utc_offset CHECK (typeof(utc_offset) = 'integer' AND abs(utc_offset) <= 86400),
                day TEXT NOT NULL CONSTRAINT entry_day CHECK (day \(day)),
                level TEXT CONSTRAINT entry_level CHECK (\(optionalText("level"))),
                number REAL CONSTRAINT entry_number CHECK (number IS NULL OR (typeof(number) = 'real' AND number > 0)),
                note TEXT CONSTRAINT entry_note CHECK (\(optionalText("note"))),
                trigger TEXT CONSTRAINT entry_trigger CHECK (\(optionalText("trigger"))),
                written_at INTEGER NOT NULL CONSTRAINT entry_written_at CHECK (typeof(written_at) = 'integer'),
                uuid TEXT NOT NULL CONSTRAINT entry_uuid CHECK (typeof(uuid) = 'text' AND uuid GLOB '\(uuid)'),
                source TEXT NOT NULL
                    CONSTRAINT entry_source CHECK (typeof(source) = 'text' AND length(source) BETWEEN 1 AND 200),
                CONSTRAINT entry_one_value CHECK (level IS NULL OR number IS NULL)
            );
            INSERT INTO entry_v3 SELECT id, tracker, instant, zone, utc_offset, day, level, number, note, trigger,
                written_at, haven_uuid7(written_at), 'cli' FROM entry ORDER BY id;
            DROP TABLE entry;
            ALTER TABLE entry_v3 RENAME TO entry;
            CREATE INDEX entry_by_tracker_day ON entry(tracker, day);
            CREATE UNIQUE INDEX entry_by_uuid ON entry(uuid);
            """)
    }
}
