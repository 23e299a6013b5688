internal import GRDB
import HavenCore
import SQLiteRows

extension Store {
    /// This device's id once records are kept, else nil.
    public func recordingDevice() throws(StoreError) -> String? {
        try read { db in try db.row("SELECT device FROM sync_control")?[0] }
    }

    /// Starts this device's stream (idempotent: a started stream keeps its
    /// device): one record for each entry, freeze and balance change there
    /// is now, in the order they were written, then the triggers append one
    /// per change. Returns the device and how many records the first fill made.
    public func startRecords(device: String) throws(StoreError) -> (device: String, filled: Int) {
        try write { db in
            if let started: String = try db.row("SELECT device FROM sync_control")?[0] { return (started, 0) }
            try db.run("INSERT INTO sync_control (one, device) VALUES (1, ?)", [device])
            try db.run("""
                INSERT INTO record (id, device, idx, payload, subject)
                SELECT \(RecordSQL.uuid("at")), ?, ROW_NUMBER() OVER (ORDER BY at, part, n), payload, subject FROM (
                    SELECT e.written_at AS at, 0 AS part, e.id AS n, \(RecordPayload.SQL.entry("e")) AS payload,
                        e.uuid AS subject FROM entry e
                    UNION ALL
                    SELECT f.placed_at, 1, 0, \(RecordPayload.SQL.freeze("f")), \(RecordSQL.freezeSubject("f")) FROM freeze f
                    UNION ALL
                    SELECT b.at, 2, b.id, \(RecordPayload.SQL.balance("b")), NULL FROM freeze_ledger b)
                """, [device])
            return (device, db.changesCount)
        }
    }

    /// The last idx held here of every stream: this device's and the others'.
    public func streamPositions() throws(StoreError) -> [String: Int64] {
        try read { db in
            var positions: [String: Int64] = [:]
            for (device, last) in try db.map("SELECT device, max(idx) FROM record GROUP BY device", [], { row in
                (try row.value(0, "record") as String, try row.value(1, "record") as Int64)
            }) { positions[device] = last }
            return positions
        }
    }

    /// A device's records after `idx`, in order, at most `limit`.
    public func records(device: String, after idx: Int64, limit: Int) throws(StoreError) -> [StoredRecord] {
        try read { db in
            try db.map("""
                SELECT id, device, idx, payload, subject FROM record WHERE device = ? AND idx > ? ORDER BY idx LIMIT ?
                """, [device, idx, limit]) { row in
                StoredRecord(id: try row.value(0, "record"), device: try row.value(1, "record"),
                             idx: try row.value(2, "record"), payload: try row.value(3, "record"),
                             subject: try row.optional(4, "record"))
            }
        }
    }
}

extension Store {
    /// Keeps other devices' records and applies them, in one transaction,
    /// with the triggers quiet (the tables change because of records that
    /// exist already). A record kept before is skipped, so applying twice
    /// changes nothing; one whose place (device, idx) another id holds is
    /// refused, and nothing of the batch is kept. `apply` changes the
    /// tables for each new record through the writer. Returns how many were new.
    public func applyRecords(_ records: [StoredRecord], _ apply: (StoreWriter, StoredRecord) throws -> Void)
        throws(StoreError) -> Int {
        try transaction { writer -> Int? in
            // A first sync brings years of records in one transaction: a
            // cache that holds them spares SQLite spilling pages to the WAL
            // again and again before the commit (the default holds 2 MB).
            if records.count > 10_000 { try writer.db.run("PRAGMA cache_size = -131072") }
            defer { if records.count > 10_000 { try? writer.db.run("PRAGMA cache_size = -2000") } }
            try writer.db.run("UPDATE sync_control SET applying = 1")
            var added = 0
            for record in records {
                if let held = try writer.db.row("SELECT id FROM record WHERE device = ? AND idx = ?",
                                                [record.device, record.idx]) {
                    let id: String = held[0]
                    if id == record.id { continue }
                    throw StoreError.recordClash("record \(record.device)#\(record.idx) is \(id) here, not \(record.id)")
                }
                try writer.db.run("INSERT INTO record (id, device, idx, payload, subject) VALUES (?, ?, ?, ?, ?)",
                                  [record.id, record.device, record.idx, record.payload, record.subject])
                try apply(writer, record)
                added += 1
            }
            try writer.db.run("UPDATE sync_control SET applying = 0")
            return added
        } ?? 0
    }
}

extension StoreWriter {
    /// True when `record` is the one that decides its subject: the latest
    /// by the time in its id, then by device, then by its place in that
    /// device's stream (SPEC §12; one device can write twice in a millisecond).
    public func decides(_ record: StoredRecord) throws -> Bool {
        guard let subject = record.subject else { return true }
        let latest = try db.first("""
            SELECT id FROM record r WHERE subject = ? ORDER BY \(RecordSQL.latestFirst("r")) LIMIT 1
            """, [.text(subject)]) { $0.textOnly(0) }
        return latest == record.id
    }

    /// True when any device deleted the entry `uuid`: a tombstone outlives every version.
    public func isDeleted(uuid: String) throws -> Bool {
        try db.first("SELECT 1 FROM record WHERE subject = ? AND json_extract(payload, '$.kind') = 'delete' LIMIT 1",
                     [.text(uuid)]) { _ in true } ?? false
    }

    /// Writes an entry as another device has it: a new row, or the fields of
    /// the row with its UUID.
    public func put(_ entry: Entry) throws {
        if let id = try db.first("SELECT id FROM entry WHERE uuid = ?", [.text(entry.uuid)], { $0.int64(0) }) {
            var edited = entry
            edited.id = id
            _ = try update(edited)
        } else {
            _ = try insert(entry)
        }
    }

    /// Deletes the entry `uuid` when it is here.
    public func delete(uuid: String) throws {
        if let id = try db.first("SELECT id FROM entry WHERE uuid = ?", [.text(uuid)], { $0.int64(0) }) {
            _ = try delete(entry: id)
        }
    }

    /// A tracker's day frozen or not, as the deciding record says.
    public func setFrozen(tracker: String, day: Day, note: String?, at: Int64, _ frozen: Bool) throws {
        if frozen {
            _ = try placeFreezes(tracker: tracker, days: [day], charge: 0, note: note, at: at)
        } else {
            _ = try removeFreezes(tracker: tracker, days: [day], refund: 0, at: at)
        }
    }

    /// One change of a tracker's freeze balance.
    public func addBalance(tracker: String, change: Int, at: Int64) throws {
        try db.run("INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)", [tracker, change, at])
    }
}

extension Store {
    /// The entries of every day of `trackers` that holds more than one
    /// level, each with the device of the record that decides it (nil for
    /// an entry no record names), by day and instant.
    public func daysWithLevels(trackers: [String]) throws(StoreError) -> [(entry: Entry, device: String?)] {
        guard !trackers.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: trackers.count).joined(separator: ", ")
        return try read { db in
            try db.map("""
                SELECT \(Store.entryColumns),
                    (SELECT r.device FROM record r WHERE r.subject = e.uuid
                     ORDER BY \(RecordSQL.latestFirst("r")) LIMIT 1)
                FROM entry e
                WHERE (e.tracker, e.day) IN (SELECT tracker, day FROM entry WHERE tracker IN (\(marks))
                                             GROUP BY tracker, day HAVING count(DISTINCT level) > 1)
                ORDER BY e.tracker, e.day, e.instant, e.uuid, e.id
                """, StatementArguments(trackers)) { row in
                (try Store.entry(row), try row.optional(13, "record") as String?)
            }
        }
    }

    /// Deletes entries in one transaction (each leaves its tombstone record).
    public func delete(entries ids: [Int64]) throws(StoreError) -> [Entry] {
        try transaction { writer in try ids.map { try writer.delete(entry: $0) } } ?? []
    }
}
