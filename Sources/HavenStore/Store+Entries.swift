internal import GRDB
import HavenCore

extension Store {
    static let entryColumns =
        "id, tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at, uuid, source"

    static func entry(_ row: Row) throws -> Entry {
        let level: String? = try row.optional(6, "entry")
        let number: Double? = try row.optional(7, "entry")
        let value: EntryValue = level.map(EntryValue.level) ?? number.map(EntryValue.number) ?? .none
        return Entry(id: try row.value(0, "entry"), tracker: try row.value(1, "entry"), instant: try row.value(2, "entry"),
                     zone: try row.value(3, "entry"), offset: try row.value(4, "entry"), day: try row.day(5, "entry"),
                     value: value, note: try row.optional(8, "entry"), trigger: try row.optional(9, "entry"),
                     writtenAt: try row.value(10, "entry"), uuid: try row.optional(11, "entry") ?? "",
                     source: try row.optional(12, "entry") ?? "cli")
    }

    static func arguments(_ e: Entry) -> StatementArguments {
        [e.tracker, e.instant, e.zone, e.offset, e.day.description, e.value.level,
         { if case .number(let n) = e.value { return n } else { return nil } }() as Double?,
         e.note, e.trigger, e.writtenAt]
    }

    /// Writes entries in one transaction, skipping those whose UUID is
    /// already there (an import run twice adds nothing), and drops each
    /// tracker's checkpoints once, from its earliest new day. Returns the
    /// entries written, with their ids.
    public func insert(batch entries: [Entry]) throws(StoreError) -> [Entry] {
        try write { db in try StoreWriter(db).insert(batch: entries) }
    }

    /// Writes an entry and returns it with its id.
    public func insert(_ entry: Entry) throws(StoreError) -> Entry {
        try write { db in try StoreWriter(db).insert(entry) }
    }

    /// Replaces an entry's fields; returns the entry as it was.
    public func update(_ entry: Entry) throws(StoreError) -> Entry {
        try write { db in try StoreWriter(db).update(entry) }
    }

    /// Deletes an entry; returns it.
    public func delete(entry id: Int64) throws(StoreError) -> Entry {
        try write { db in try StoreWriter(db).delete(entry: id) }
    }

    public func entry(_ id: Int64) throws(StoreError) -> Entry? {
        try read { db in
            try db.row("SELECT \(Store.entryColumns) FROM entry WHERE id = ?", [id])
                .map(Store.entry)
        }
    }

    /// The entry written last (by write time, then id), for undo.
    public func lastWritten() throws(StoreError) -> Entry? {
        try read { db in
            try db.row("SELECT \(Store.entryColumns) FROM entry ORDER BY written_at DESC, id DESC LIMIT 1")
                .map(Store.entry)
        }
    }

    /// A tracker's entries on days `from` through `to` (either open), by instant.
    public func entries(tracker: String, from: Day? = nil, through to: Day? = nil) throws(StoreError) -> [Entry] {
        try reading { try $0.entries(tracker: tracker, from: from, through: to) }
    }

    /// Deletes everything kept for a tracker: entries, freezes, state,
    /// epochs and checkpoints. Returns how many entries went.
    public func forget(tracker: String) throws(StoreError) -> Int {
        try write { db in
            let count = try db.value("SELECT COUNT(*) FROM entry WHERE tracker = ?", [tracker], as: Int.self) ?? 0
            for table in ["entry", "freeze", "freeze_ledger", "tracker_state", "mode_epoch", "archived_streak", "checkpoint",
                          "milestone_seen"] {
                try db.run("DELETE FROM \(table) WHERE tracker = ?", [tracker])
            }
            return count
        }
    }

    public func entryCount(tracker: String) throws(StoreError) -> Int {
        try read { db in
            try db.value("SELECT COUNT(*) FROM entry WHERE tracker = ?", [tracker], as: Int.self) ?? 0
        }
    }
}
