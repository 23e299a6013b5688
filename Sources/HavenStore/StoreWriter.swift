internal import GRDB
import HavenCore

/// Writes inside one write transaction, and reads what the transaction has
/// written so far: the entry, the walk that follows it, the hooks that must
/// accept it and the checkpoints it leaves behind commit together or not at
/// all (SPEC §3). Valid only inside `Store.transaction`.
public final class StoreWriter: StoreReader {
    var pause: () -> Void = {}

    /// The newest `written_at` of any entry, when it is later than `at`
    /// by more than `slack` milliseconds and no entry written after it (by
    /// row) was itself that far behind it: a clock that runs behind is said
    /// once, on the first write behind it, not on every write after.
    public func clockBehind(at: Int64, slack: Int64) throws -> Int64? {
        guard let row = try db.row("SELECT written_at, id FROM entry ORDER BY written_at DESC, id DESC LIMIT 1"),
              let newest = row[0] as Int64?, let id = row[1] as Int64?, newest - at > slack else { return nil }
        let told = try db.value("SELECT 1 FROM entry WHERE id > ? AND written_at < ? LIMIT 1", [id, newest - slack],
                                as: Int64.self)
        return told == nil ? newest : nil
    }

    /// Writes an entry and returns it with its id and UUID.
    public func insert(_ entry: Entry) throws -> Entry {
        guard let written = try add(entry, ignoringKnown: false) else { throw StoreError.notFound("entry") }
        try invalidate(tracker: entry.tracker, after: entry.day)
        pause()
        return written
    }

    /// Writes entries, skipping those whose UUID is already there, and
    /// drops each tracker's checkpoints once, from its earliest new day.
    public func insert(batch entries: [Entry]) throws -> [Entry] {
        var written: [Entry] = []
        var earliest: [String: Day] = [:]
        for entry in entries {
            guard let added = try add(entry, ignoringKnown: true) else { continue }
            written.append(added)
            earliest[entry.tracker] = min(earliest[entry.tracker] ?? entry.day, entry.day)
        }
        for (tracker, day) in earliest.sorted(by: { $0.key < $1.key }) { try invalidate(tracker: tracker, after: day) }
        return written
    }

    /// Inserts one entry (a new UUID when it has none); nil when
    /// `ignoringKnown` and its UUID is already there.
    private func add(_ entry: Entry, ignoringKnown: Bool) throws -> Entry? {
        var written = entry
        if written.uuid.isEmpty { written.uuid = try newUUID(milliseconds: entry.writtenAt) }
        try db.run("""
            INSERT \(ignoringKnown ? "OR IGNORE " : "")INTO entry
                (tracker, instant, zone, utc_offset, day, level, number, note, trigger, written_at, uuid, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Store.arguments(written) + [written.uuid, written.source])
        guard db.changesCount > 0 else { return nil }
        written.id = db.lastInsertedRowID
        return written
    }

    /// A new UUID for an entry written at `milliseconds`, greater than every
    /// entry UUID of that millisecond here: entries of one instant are
    /// ordered by UUID (the same on every device), and on this device a
    /// later one must sort after, even while the clock stands still
    /// (`--now`, or two writes in one millisecond). After the newest it
    /// steps by a random amount (RFC 9562's monotonic random increment),
    /// never by one: two devices that share that newest UUID and write in
    /// the same millisecond must not make the same one.
    private func newUUID(milliseconds: Int64) throws -> String {
        let made = UUID7.make(milliseconds: milliseconds)
        let prefix = String(made.prefix(13))
        let last: String? = try db.row("SELECT max(uuid) FROM entry WHERE uuid >= ? AND uuid < ?",
                                       [prefix, prefix + "~"])?[0]
        guard let last, last >= made else { return made }
        return UUID7.successor(of: last, plus: UInt64.random(in: 1 ... 1 << 40))
    }

    /// Replaces an entry's fields; returns the entry as it was.
    public func update(_ entry: Entry) throws -> Entry {
        let old = try existing(entry.id)
        try db.run("""
            UPDATE entry SET tracker = ?, instant = ?, zone = ?, utc_offset = ?, day = ?, level = ?, number = ?,
            note = ?, trigger = ?, written_at = ? WHERE id = ?
            """, Store.arguments(entry) + [entry.id])
        try invalidate(tracker: old.tracker, after: min(old.day, entry.day))
        return old
    }

    /// Deletes an entry; returns it.
    public func delete(entry id: Int64) throws -> Entry {
        let old = try existing(id)
        try db.run("DELETE FROM entry WHERE id = ?", [id])
        try invalidate(tracker: old.tracker, after: old.day)
        return old
    }

    private func existing(_ id: Int64) throws -> Entry {
        guard let row = try db.row("SELECT \(Store.entryColumns) FROM entry WHERE id = ?", [id]) else {
            throw StoreError.notFound("entry \(id)")
        }
        return try Store.entry(row)
    }

    /// Places freezes on `days` (already frozen days are left as they are)
    /// and spends `charge` freezes from the balance; returns the days newly
    /// frozen.
    public func placeFreezes(tracker: String, days: [Day], charge: Int, note: String?, at: Int64) throws -> [Day] {
        var placed: [Day] = []
        for day in days {
            try db.run("INSERT OR IGNORE INTO freeze (tracker, day, note, placed_at) VALUES (?, ?, ?, ?)",
                       [tracker, day.description, note, at])
            if db.changesCount > 0 { placed.append(day) }
        }
        if charge > 0 {
            try db.run("INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)", [tracker, -charge, at])
        }
        if let first = placed.min() { try invalidate(tracker: tracker, after: first.adding(days: -1)) }
        return placed
    }

    /// Takes the freezes off `days` (days without one are left alone) and
    /// gives back `refund` freezes; returns the days thawed.
    public func removeFreezes(tracker: String, days: [Day], refund: Int, at: Int64) throws -> [Day] {
        var removed: [Day] = []
        for day in days {
            try db.run("DELETE FROM freeze WHERE tracker = ? AND day = ?", [tracker, day.description])
            if db.changesCount > 0 { removed.append(day) }
        }
        if refund > 0 {
            try db.run("INSERT INTO freeze_ledger (tracker, change, at) VALUES (?, ?, ?)", [tracker, refund, at])
        }
        if let first = removed.min() { try invalidate(tracker: tracker, after: first.adding(days: -1)) }
        return removed
    }

    /// Saves checkpoints, replacing any made under another fingerprint, and
    /// the newest as the tracker's latest with the first entry day the walk
    /// used (nil when it did not read it).
    public func saveCheckpoints(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)],
                                firstEntry: Day?) throws {
        guard !states.isEmpty else { return }
        try saveLatest(tracker: tracker, fingerprint: fingerprint, states, firstEntry: firstEntry)
        try db.run("DELETE FROM checkpoint WHERE tracker = ? AND fingerprint != ?", [tracker, fingerprint])
        let statement = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO checkpoint (tracker, day, fingerprint, streak, longest, earned, used, score, score_started)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (day, s) in states {
            try statement.execute(arguments: [tracker, day.description, fingerprint, s.streak, s.longest, s.earned,
                                              s.used, s.score, s.scoreStarted])
        }
        // Daily use leaves a checkpoint a day, and a walk needs only one at or
        // before the day a write reaches back to. Kept: the last 35 days' and,
        // before them, those on the first of a month (a write further back
        // walks at most a month again, or a week tracker's whole history: a
        // few milliseconds). Pruned when a first of a month is saved, so that
        // an everyday `log` prepares no statement for it.
        if let newest = states.map(\.day).max(), newest.day == 1 {
            try db.run("DELETE FROM checkpoint WHERE tracker = ? AND day < ? AND substr(day, 9) != '01'",
                       [tracker, newest.adding(days: -35).description])
        }
    }

    /// Drops the checkpoints that entries or freezes on `day` make stale:
    /// every state from after that day on.
    func invalidate(tracker: String, after day: Day) throws {
        try db.run("DELETE FROM checkpoint WHERE tracker = ? AND day > ?", [tracker, day.description])
        try invalidateLatest(tracker: tracker, after: day)
    }
}

extension Store {
    /// Runs `body` in one immediate write transaction, once the path is known
    /// to name the file this store has open. `body` returns nil to roll back
    /// everything it wrote; an error it throws rolls back too.
    public func transaction<T>(_ body: (StoreWriter) throws -> T?) throws(StoreError) -> T? {
        if let writeRefusal { throw writeRefusal }
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try Store.withWriteCache(db) {
                    try db.inTransaction(.immediate) {
                        if isReplaced { throw StoreError.replaced(path: path) }
                        let writer = StoreWriter(db)
                        writer.pause = pauseForTests
                        result = try body(writer)
                        return result == nil ? .rollback : .commit
                    }
                }
                return result
            }
        } catch {
            throw Store.map(error, path: path)
        }
    }
}
