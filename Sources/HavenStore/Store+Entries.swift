internal import GRDB
import HavenCore

extension Store {
    static let entryColumns =
        "id, tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at"

    static func entry(_ row: Row) -> Entry {
        let level: String? = row[6]
        let number: Double? = row[7]
        let value: EntryValue = level.map(EntryValue.level) ?? number.map(EntryValue.number) ?? .none
        let dayText: String = row[5]
        return Entry(id: row[0], tracker: row[1], instant: row[2], zone: row[3], offset: row[4],
                     day: Day(dayText) ?? Day(number: 0), value: value, note: row[8], trigger: row[9],
                     writtenAt: row[10])
    }

    private static func arguments(_ e: Entry) -> StatementArguments {
        [e.tracker, e.instant, e.zone, e.offset, e.day.description, e.value.level,
         { if case .number(let n) = e.value { return n } else { return nil } }() as Double?,
         e.note, e.trigger, e.writtenAt]
    }

    /// Writes an entry and returns it with its id.
    public func insert(_ entry: Entry) throws(StoreError) -> Entry {
        try write { db in
            try db.run("""
                INSERT INTO entry (tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, Store.arguments(entry))
            var written = entry
            written.id = db.lastInsertedRowID
            try Store.invalidate(db, tracker: entry.tracker, after: entry.day)
            pauseForTests()
            return written
        }
    }

    /// Replaces an entry's fields; returns the entry as it was.
    public func update(_ entry: Entry) throws(StoreError) -> Entry {
        try write { db in
            guard let row = try db.row("SELECT \(Store.entryColumns) FROM entry WHERE id = ?", [entry.id]) else {
                throw StoreError.notFound("entry \(entry.id)")
            }
            let old = Store.entry(row)
            try db.run("""
                UPDATE entry SET tracker = ?, instant = ?, zone = ?, utc_offset = ?, day = ?, level = ?, number = ?,
                note = ?, trigger = ?, written_at = ? WHERE id = ?
                """, Store.arguments(entry) + [entry.id])
            try Store.invalidate(db, tracker: old.tracker, after: min(old.day, entry.day))
            return old
        }
    }

    /// Deletes an entry; returns it.
    public func delete(entry id: Int64) throws(StoreError) -> Entry {
        try write { db in
            guard let row = try db.row("SELECT \(Store.entryColumns) FROM entry WHERE id = ?", [id]) else {
                throw StoreError.notFound("entry \(id)")
            }
            let old = Store.entry(row)
            try db.run("DELETE FROM entry WHERE id = ?", [id])
            try Store.invalidate(db, tracker: old.tracker, after: old.day)
            return old
        }
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
            for table in ["entry", "freeze", "freeze_ledger", "tracker_state", "mode_epoch", "archived_streak", "checkpoint"] {
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
