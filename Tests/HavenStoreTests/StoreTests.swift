import Foundation
import GRDB
import HavenCore
@testable import HavenStore
import TestSupport
import XCTest

/// The store on its own: its schema and migrations, what it refuses, rows
/// it cannot read, and transactions that commit whole or not at all.
final class StoreTests: XCTestCase {
    private var folder: TemporaryDirectory!
    private var path: String { folder.path.replacingOccurrences(of: "//", with: "/") + "/haven.db" }

    override func setUp() {
        folder = TemporaryDirectory()
    }

    private func entry(_ tracker: String = "water", day: String = "2026-03-01", number: Double = 1) -> Entry {
        Entry(tracker: tracker, instant: 1_772_395_200_000, zone: "UTC", offset: 0, day: Day(day)!, value: .number(number),
              note: nil, trigger: nil, writtenAt: 1_772_395_200_000)
    }

    func testANewDatabaseIsMigratedWholeAndInWALMode() throws {
        _ = try Store(path: path)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "11")
        XCTAssertEqual(SQLite.run(path, "PRAGMA journal_mode"), "wal")
        XCTAssertEqual(SQLite.run(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .split(separator: "\n"), ["archived_streak", "checkpoint", "checkpoint_latest", "entry", "freeze", "freeze_ledger", "grdb_migrations",
                                      "milestone_seen", "mode_epoch", "notice", "notification", "record",
                                      "sqlite_sequence", "sync_control", "tracker_state"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".new-") }, [])
    }

    /// A tracker's days, and each day's latest level, come from a covering index, and
    /// `undo` finds the last entry written through an index (#14).
    func testTheWalkAndUndoReadIndexesNotTheTable() throws {
        _ = try Store(path: path)
        for query in ["""
            SELECT day, COUNT(*), SUM(CAST(round(number * 1000) AS INTEGER)) FROM entry
            WHERE tracker = 'water' AND day >= '2026-01-01' AND day <= '2026-03-01' GROUP BY day
            """, """
            SELECT day, CAST(round(number * 1000) AS INTEGER), level FROM entry
            WHERE tracker = 'noalc' AND day >= '2026-01-01' AND day <= '2026-03-01' ORDER BY day, instant, uuid, id
            """] {
            let days = SQLite.run(path, "EXPLAIN QUERY PLAN " + query)
            XCTAssertTrue(days.contains("USING COVERING INDEX entry_by_tracker_day"), days)
            XCTAssertFalse(days.contains("TEMP B-TREE"), days)
        }
        let hook = SQLite.run(path, """
            EXPLAIN QUERY PLAN SELECT day, instant, utc_offset, level, number, note, trigger FROM entry
            WHERE tracker = 'water' AND day >= '2026-01-01' AND day <= '2026-03-01' ORDER BY day, instant, uuid, id
            """)
        XCTAssertTrue(hook.contains("USING COVERING INDEX entry_by_tracker_day"), hook)
        XCTAssertFalse(hook.contains("TEMP B-TREE"), hook)
        let undo = SQLite.run(path, "EXPLAIN QUERY PLAN SELECT id FROM entry ORDER BY written_at DESC, id DESC LIMIT 1")
        XCTAssertTrue(undo.contains("INDEX entry_by_written"), undo)
        XCTAssertFalse(undo.contains("TEMP B-TREE"), undo)
    }

    /// Reads run in a plain deferred transaction (no `PRAGMA query_only`
    /// toggled around them), and one that writes anyway is rolled back.
    func testAReadThatWritesIsRolledBackAndRefused() throws {
        let store = try Store(path: path)
        XCTAssertThrowsError(try store.read { db in
            try db.execute(sql: "INSERT INTO milestone_seen (tracker, streak_start, milestone, seen_at) VALUES ('water', '2026-03-01', 7, 0)")
        }) { error in
            XCTAssertEqual(error as? StoreError, .unreadable(path: path, reason: "a read tried to write"))
        }
        XCTAssertEqual(SQLite.run(path, "SELECT count(*) FROM milestone_seen"), "0")
        XCTAssertEqual(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") }, 0)
    }

    func testAnOlderDatabaseWithoutAVersionIsMigratedAndKeepsItsEntries() throws {
        let store = try Store(path: path)
        _ = try store.insert(entry())
        SQLite.run(path, "PRAGMA user_version = 0")
        let reopened = try Store(path: path)
        XCTAssertEqual(try reopened.entries(tracker: "water").count, 1)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "11")
    }

    func testADatabaseFromANewerHavenIsRefusedAndLeftAsItIs() throws {
        _ = try Store(path: path)
        SQLite.run(path, "PRAGMA user_version = 99")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: path))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testFilesThatAreNoHavenDatabaseAreRefused() throws {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        XCTAssertThrowsError(try Store(path: path)) { XCTAssertEqual($0 as? StoreError, .empty(path: path)) }
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello, this is text\n".utf8))
        XCTAssertThrowsError(try Store(path: path)) {
            XCTAssertEqual($0 as? StoreError, .damaged(path: path, reason: "file is not a database"))
        }
        try FileManager.default.removeItem(atPath: path)
        SQLite.run(path, "CREATE TABLE songs (title TEXT)")
        XCTAssertThrowsError(try Store(path: path)) { XCTAssertEqual($0 as? StoreError, .foreign(path: path)) }
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkdir(path, 0o755), 0)
        XCTAssertThrowsError(try Store(path: path)) {
            XCTAssertEqual($0 as? StoreError, .damaged(path: path, reason: "it is not a regular file"))
        }
    }

    func testRowsOfTheWrongTypeThrowNamingTableColumnAndValue() throws {
        let store = try Store(path: path)
        _ = try store.insert(entry())
        let cases: [(String, String)] = [
            ("UPDATE entry SET instant = 'noon'", "its entry table has a row whose instant holds the text 'noon'"),
            ("UPDATE entry SET day = '2026-13-45'", "its entry table has a row whose day holds the text '2026-13-45'"),
            ("UPDATE entry SET number = x'01'", "its entry table has a row whose number holds 1 byte of binary data"),
            ("UPDATE entry SET utc_offset = 'plus two'", "its entry table has a row whose utc_offset holds the text 'plus two'"),
            ("UPDATE entry SET zone = x'00ff'", "its entry table has a row whose zone holds 2 bytes of binary data"),
        ]
        for (sql, detail) in cases {
            SQLite.run(path, "DELETE FROM entry")
            _ = try store.insert(entry())
            SQLite.run(path, "PRAGMA ignore_check_constraints = ON; " + sql)
            XCTAssertThrowsError(try store.entries(tracker: "water"), sql) {
                XCTAssertEqual($0 as? StoreError, .badRow(path: path, detail: detail), sql)
            }
        }
    }

    func testAVersion1DatabaseIsMigratedToTheCheckedSchemaKeepingEveryEntry() throws {
        try Migrations.create(path, upTo: "v1-entries-freezes-state")
        SQLite.run(path, """
            INSERT INTO entry (tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at) VALUES
                ('water', 1772395200000, 'Europe/Berlin', 3600, '2026-03-01', NULL, 2.5, 'after a run', 'thirst', 1),
                ('noalc', 1772395200000, 'UTC', 0, '2026-03-01', 'steady', NULL, NULL, NULL, 2);
            INSERT INTO freeze (tracker, day, note, placed_at) VALUES ('water', '2026-02-28', 'ill', 3);
            INSERT INTO freeze_ledger (tracker, change, at) VALUES ('water', 2, 4), ('water', -1, 5);
            INSERT INTO tracker_state (tracker, first_seen, mode, position) VALUES ('noalc', '2026-01-01', 'avoidance', 0);
            INSERT INTO mode_epoch (tracker, mode, start_day) VALUES ('noalc', 'avoidance', '2026-02-01');
            INSERT INTO archived_streak (tracker, mode, current, longest, from_day, to_day) VALUES
                ('noalc', 'awareness', 3, 9, '2026-01-01', '2026-01-31'),
                ('sugar', 'awareness', 0, 0, '2026-02-01', '2026-01-31');
            INSERT INTO checkpoint VALUES ('water', '2026-02-01', 7, 1, 1, 0, 0, 0.5, 1);
            """)
        let tables = "SELECT id, tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at "
            + "FROM entry; SELECT * FROM freeze; SELECT * FROM freeze_ledger; "
            + "SELECT tracker, first_seen, mode, position FROM tracker_state; "
            + "SELECT * FROM mode_epoch"
        let kept = SQLite.run(path, tables)
        let store = try Store(path: path)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "11")
        XCTAssertEqual(SQLite.run(path, tables), kept)
        XCTAssertEqual(SQLite.run(path, "SELECT tracker, created_at FROM tracker_state"), "noalc|1767225600000",
                       "created at the start of its first day")
        XCTAssertEqual(SQLite.run(path, "SELECT tracker, from_day, to_day FROM archived_streak"),
                       "noalc|2026-01-01|2026-01-31", "the archive with no day in it is dropped")
        XCTAssertEqual(SQLite.run(path, "SELECT count(*) FROM checkpoint"), "0", "checkpoints are derived: made again")
        XCTAssertEqual(try store.entries(tracker: "water").map(\.note), ["after a run"])
        // The schema's rules now refuse what another program might write.
        SQLite.run(path, "UPDATE entry SET instant = 'noon'")
        SQLite.run(path, "INSERT INTO freeze_ledger (tracker, change, at) VALUES ('x', 9223372036854775807, 0)")
        XCTAssertEqual(SQLite.run(path, "SELECT instant FROM entry WHERE id = 1; SELECT count(*) FROM freeze_ledger"),
                       "1772395200000\n2")
    }

    func testAReadOnlyStoreReadsAnOlderSchemaAsItIsAndRefusesWrites() throws {
        try Migrations.create(path, upTo: "v1-entries-freezes-state")
        SQLite.run(path, "INSERT INTO entry (tracker, instant, zone, utc_offset, day, number, written_at) "
            + "VALUES ('water', 1, 'UTC', 0, '2026-03-01', 1.0, 1)")
        let before = SQLite.dump(path)
        let store = try Store(path: path, readOnly: true)
        XCTAssertEqual(try store.entries(tracker: "water").count, 1)
        XCTAssertThrowsError(try store.insert(entry())) { XCTAssertEqual($0 as? StoreError, .readOnly(path: path)) }
        store.saveCheckpoints(tracker: "water", fingerprint: 1, [(Day("2026-03-01")!, WalkState())], firstEntry: nil)
        XCTAssertEqual(SQLite.dump(path), before)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "1")
    }

    func testAVersion1RowThatBreaksARuleStopsTheMigrationAndChangesNothing() throws {
        try Migrations.create(path, upTo: "v1-entries-freezes-state")
        SQLite.run(path, "INSERT INTO entry (tracker, instant, zone, utc_offset, day, written_at) "
            + "VALUES ('water', 'noon', 'UTC', 0, '2026-03-01', 1)")
        let before = SQLite.dump(path)
        XCTAssertThrowsError(try Store(path: path)) {
            XCTAssertEqual($0 as? StoreError, .badRow(path: path, detail: "a row breaks the rule entry_instant"))
        }
        XCTAssertEqual(SQLite.dump(path), before)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "1")
    }

    func testAVersion2DatabaseGivesEveryEntryAUUIDAndASource() throws {
        try Migrations.create(path, upTo: "v2-check-constraints")
        SQLite.run(path, """
            INSERT INTO entry (tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at) VALUES
                ('water', 1772395200000, 'UTC', 0, '2026-03-01', NULL, 2.0, 'after a run', NULL, 1772395201000),
                ('water', 1772481600000, 'UTC', 0, '2026-03-02', NULL, 1.0, NULL, NULL, 1772481602000),
                ('noalc', 1772395200000, 'UTC', 0, '2026-03-01', 'steady', NULL, NULL, NULL, 1772395203000);
            """)
        let columns = "SELECT id, tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at FROM entry"
        let kept = SQLite.run(path, columns)
        let store = try Store(path: path)
        XCTAssertEqual(SQLite.run(path, "PRAGMA user_version"), "11")
        XCTAssertEqual(SQLite.run(path, columns), kept, "every entry is kept as it was")
        let rows = SQLite.run(path, "SELECT written_at, uuid, source FROM entry ORDER BY id").split(separator: "\n")
            .map { $0.split(separator: "|").map(String.init) }
        XCTAssertEqual(rows.count, 3)
        for row in rows {
            XCTAssertEqual(UUID7.milliseconds(of: row[1]), Int64(row[0]), "a version-7 UUID from when it was written")
            XCTAssertEqual(row[2], "cli")
        }
        XCTAssertEqual(Set(rows.map { $0[1] }).count, 3)
        XCTAssertEqual(try store.entries(tracker: "water").map(\.uuid), [rows[0][1], rows[1][1]])
        // The rules hold: one entry per UUID, and only UUIDs.
        SQLite.run(path, "UPDATE entry SET uuid = '\(rows[0][1])' WHERE id = 2")
        SQLite.run(path, "UPDATE entry SET uuid = 'not-a-uuid' WHERE id = 3")
        SQLite.run(path, "UPDATE entry SET source = '' WHERE id = 3")
        XCTAssertEqual(SQLite.run(path, "SELECT count(DISTINCT uuid), min(length(source)) FROM entry"), "3|3")
    }

    func testABatchAddsOnlyUnknownUUIDsAndDropsCheckpointsOnceFromItsEarliestDay() throws {
        let store = try Store(path: path)
        var first = entry(day: "2026-03-05"), second = entry(day: "2026-03-02")
        first.uuid = "0190f3a2-0000-7000-8000-000000000001"
        second.uuid = "0190f3a2-0000-7000-8000-000000000002"
        first.source = "import:loop"
        second.source = "import:loop"
        store.saveCheckpoints(tracker: "water", fingerprint: 1, [(Day("2026-03-01")!, WalkState()),
                                                                  (Day("2026-03-03")!, WalkState())], firstEntry: nil)
        let added = try store.insert(batch: [first, second])
        XCTAssertEqual(added.map(\.uuid), [first.uuid, second.uuid])
        XCTAssertEqual(added.map(\.source), ["import:loop", "import:loop"])
        XCTAssertEqual(SQLite.run(path, "SELECT day FROM checkpoint WHERE tracker = 'water'"), "2026-03-01",
                       "checkpoints after the earliest new day are gone")
        XCTAssertEqual(try store.insert(batch: [first, second, entry(day: "2026-03-06")]).map(\.day.description),
                       ["2026-03-06"], "known UUIDs are skipped: an import run twice adds nothing twice")
        XCTAssertEqual(try store.entries(tracker: "water").count, 3)
    }

    func testAnEntryWrittenAloneGetsAUUIDFromItsWriteTime() throws {
        let store = try Store(path: path)
        let written = try store.insert(entry())
        XCTAssertEqual(UUID7.milliseconds(of: written.uuid), written.writtenAt)
        XCTAssertEqual(try store.entry(written.id)?.uuid, written.uuid)
        XCTAssertEqual(try store.entry(written.id)?.source, "cli")
    }

    func testATransactionCommitsWholeOrNotAtAll() throws {
        let store = try Store(path: path)
        struct Refused: Error {}
        // Rolled back by returning nil, and by throwing: nothing stays.
        XCTAssertNil(try store.transaction { writer -> Int? in
            _ = try writer.insert(self.entry())
            XCTAssertEqual(try writer.entries(tracker: "water").count, 1, "the transaction reads its own writes")
            return nil
        })
        XCTAssertThrowsError(try store.transaction { writer -> Int? in
            _ = try writer.insert(self.entry())
            throw Refused()
        })
        XCTAssertEqual(try store.entries(tracker: "water").count, 0)
        // Committed: the entry and the checkpoints together.
        let written = try store.transaction { writer -> Entry? in
            let written = try writer.insert(self.entry())
            try writer.saveCheckpoints(tracker: "water", fingerprint: 7, [
                (Day("2026-03-01")!, WalkState(streak: 1, longest: 1, earned: 0, used: 0, score: 0.5, scoreStarted: true)),
            ], firstEntry: nil)
            return written
        }
        XCTAssertEqual(written?.id, 1)
        XCTAssertEqual(SQLite.run(path, "SELECT count(*) FROM entry; SELECT count(*) FROM checkpoint"), "1\n1")
        // A later entry on an earlier day drops the checkpoints it makes stale.
        _ = try store.insert(entry(day: "2026-02-27"))
        XCTAssertEqual(SQLite.run(path, "SELECT count(*) FROM checkpoint"), "0")
    }

    func testAReplacedFileIsNeverWritten() throws {
        let store = try Store(path: path)
        _ = try store.insert(entry())
        SQLite.run(path, ".backup '\(path).copy'")
        XCTAssertEqual(rename(path + ".copy", path), 0)
        XCTAssertTrue(store.isReplaced)
        XCTAssertThrowsError(try store.insert(entry())) { XCTAssertEqual($0 as? StoreError, .replaced(path: path)) }
        XCTAssertEqual(SQLite.run(path, "SELECT count(*) FROM entry"), "1")
    }
}
