internal import GRDB
import HavenCore

/// Reads inside one read transaction: a consistent view of the database,
/// and one round trip instead of one per query. Valid only inside
/// `Store.reading`. Statements are prepared once per connection and reused,
/// tracker after tracker.
public final class StoreReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// A tracker's entries on days `from` through `to` (either open), by instant.
    public func entries(tracker: String, from: Day? = nil, through to: Day? = nil) throws -> [Entry] {
        try db.rows("""
            SELECT \(Store.entryColumns) FROM entry
            WHERE tracker = ? AND day >= ? AND day <= ? ORDER BY instant, id
            """, [tracker, from?.description ?? "0000", to?.description ?? "9999"]).map(Store.entry)
    }

    /// A tracker's entries on days `from` through `to`, by day, then in the
    /// order they happened: what a `day_outcome` hook reads.
    public func entriesByDay(tracker: String, from: Day, through to: Day) throws -> [Entry] {
        try db.map("""
            SELECT \(Store.entryColumns) FROM entry
            WHERE tracker = ? AND day >= ? AND day <= ? ORDER BY day, instant, id
            """, [tracker, from.description, to.description], Store.entry)
    }

    /// What a tracker's entries amount to per day, one row per day with
    /// entries: how many, their sum, and the latest level (by instant, then
    /// id), from `from` through `to`.
    public func days(tracker: String, from: Day, through to: Day) throws -> [DayAggregate] {
        try db.map("""
            SELECT day, COUNT(*), TOTAL(number),
                   (SELECT level FROM entry AS latest WHERE latest.tracker = entry.tracker AND latest.day = entry.day
                    ORDER BY instant DESC, id DESC LIMIT 1)
            FROM entry WHERE tracker = ? AND day >= ? AND day <= ? GROUP BY day
            """, [tracker, from.description, to.description]) { row in
            let text: String = row[0]
            guard let day = Day(text) else { return nil }
            return DayAggregate(day: day, count: row[1], sum: row[2], level: row[3])
        }
    }

    /// The first day with an entry, or nil.
    public func firstEntryDay(tracker: String) throws -> Day? {
        try db.value("SELECT MIN(day) FROM entry WHERE tracker = ?", [tracker], as: String.self)
            .flatMap(Day.init)
    }

    /// The day the current mode epoch started, if the mode ever changed.
    public func epochStart(tracker: String) throws -> Day? {
        try db.value("SELECT start_day FROM mode_epoch WHERE tracker = ? ORDER BY id DESC LIMIT 1", [tracker],
                     as: String.self).flatMap(Day.init)
    }

    public func archived(tracker: String) throws -> [ArchivedStreak] {
        try db.rows("""
            SELECT mode, current, longest, from_day, to_day FROM archived_streak WHERE tracker = ? ORDER BY id
            """, [tracker]).compactMap { row in
            let mode: String = row[0], from: String = row[3], to: String = row[4]
            guard let m = TrackerMode(rawValue: mode), let f = Day(from), let t = Day(to) else { return nil }
            return ArchivedStreak(mode: m, current: row[1], longest: row[2], from: f, to: t)
        }
    }

    public func freezes(tracker: String, from: Day? = nil) throws -> [Freeze] {
        try db.rows("""
            SELECT tracker, day, note, placed_at FROM freeze WHERE tracker = ? AND day >= ? ORDER BY day
            """, [tracker, from?.description ?? "0000"]).map { row in
            let day: String = row[1]
            return Freeze(tracker: row[0], day: Day(day) ?? Day(number: 0), note: row[2], placedAt: row[3])
        }
    }

    /// The freeze balance's changes in the order they were written:
    /// +N for a grant, -N for N freezes placed.
    public func freezeLedger(tracker: String) throws -> [(change: Int, at: Int64)] {
        try db.rows("SELECT change, at FROM freeze_ledger WHERE tracker = ? ORDER BY id", [tracker])
            .map { ($0[0], $0[1]) }
    }

    /// The latest checkpoint at or before `day` made under `fingerprint`.
    public func checkpoint(tracker: String, fingerprint: Int64, atOrBefore day: Day) throws -> (day: Day, state: WalkState)? {
        guard let row = try db.row("""
            SELECT day, streak, longest, earned, used, score, score_started FROM checkpoint
            WHERE tracker = ? AND fingerprint = ? AND day <= ? ORDER BY day DESC LIMIT 1
            """, [tracker, fingerprint, day.description]) else { return nil }
        let text: String = row[0]
        guard let day = Day(text) else { return nil }
        return (day, WalkState(streak: row[1], longest: row[2], earned: row[3], used: row[4], score: row[5],
                               scoreStarted: row[6]))
    }
}

/// A tracker's entries on one day, summed up for the engine.
public struct DayAggregate: Sendable, Hashable {
    public var day: Day
    public var count: Int
    public var sum: Double
    /// The level of the day's latest entry (levels input).
    public var level: String?
}

extension Store {
    /// Runs `body` with a reader inside one read transaction.
    public func reading<T>(_ body: (StoreReader) throws -> T) throws(StoreError) -> T {
        try read { db in try body(StoreReader(db)) }
    }
}
