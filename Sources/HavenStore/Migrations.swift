internal import GRDB

/// The schema, as named migrations. Never edit a shipped migration: add one.
enum Migrations {
    /// The schema version written to `PRAGMA user_version` after the last
    /// migration; a database with a larger one comes from a newer Haven.
    static let version = 1

    /// Migrates to the current schema and records its version.
    static func migrate(_ queue: DatabaseQueue) throws {
        try migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
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
        return migrator
    }
}
