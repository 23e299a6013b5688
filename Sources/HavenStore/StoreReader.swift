internal import GRDB
import HavenCore
import SQLiteRows

/// Reads inside one read transaction: a consistent view of the database,
/// and one round trip instead of one per query. Valid only inside
/// `Store.reading`. Statements are prepared once per connection and reused,
/// tracker after tracker.
public class StoreReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// A tracker's entries on days `from` through `to` (either open), by instant.
    public func entries(tracker: String, from: Day? = nil, through to: Day? = nil) throws -> [Entry] {
        try db.rows("""
            SELECT \(Store.entryColumns) FROM entry
            WHERE tracker = ? AND day >= ? AND day <= ? ORDER BY instant, uuid, id
            """, [tracker, from?.description ?? "0000", to?.description ?? "9999"]).map(Store.entry)
    }

    /// A tracker's entries on days `from` through `to` as a `day_outcome`
    /// hook reads them (by day, then in the order they happened: their
    /// minute, value, note and trigger), with each day summed up; `effects`
    /// are the level set's. Read from the covering index alone: the
    /// table's rows lie all over the file.
    public func hookDays(tracker: String, from: Day, through to: Day, effects: [String: Effect]) throws -> HookDays {
        let sql = """
            SELECT day, instant, utc_offset, level, number, note, trigger FROM entry
            WHERE tracker = ? AND day >= ? AND day <= ? ORDER BY day, instant, uuid, id
            """
        let arguments: [SQLiteRows.Argument] = [.text(tracker), .text(from.description), .text(to.description)]
        // Years of entries in a cold walk: stepped through SQLite's own calls,
        // with GRDB's checked reading only when a row is not as Haven writes it.
        if let days = try RawEntries.read(db, sql, arguments, effects: effects,
                                          expected: max(0, min(to.number - from.number + 1, 100_000))) {
            return days
        }
        var days = HookDays(effects: effects)
        _ = try db.map(sql, Database.checked(arguments)) { row -> Void? in
            let t = "entry"
            let day = try row.day(0, t), instant: Int64 = try row.value(1, t), offset: Int64 = try row.value(2, t)
            let level: String? = try row.optional(3, t), number: Double? = try row.optional(4, t)
            let local = ((instant / 1000 + offset) % 86_400 + 86_400) % 86_400
            days.append(day: day.number, minute: Int(local / 60), number: level == nil ? number : nil, level: level,
                        note: try row.optional(5, t), trigger: try row.optional(6, t))
            return nil
        }
        return days
    }

    /// Each day's count, exact sum and, with `levels`, latest level (by
    /// instant, then UUID), from `from` through `to`, all read from the
    /// covering index `entry_by_tracker_day`, never from the table's rows.
    /// Without levels SQLite sums each day itself, so a day with thousands
    /// of entries (a count logged +1 at a time) costs no Swift per entry. A
    /// levels tracker's rows are read in order and the last of each day
    /// gives its level: a seek per day for it doubled a cold walk.
    public func days(tracker: String, from: Day, through to: Day, levels: Bool) throws -> [DayAggregate] {
        let arguments: [SQLiteRows.Argument] = [.text(tracker), .text(from.description), .text(to.description)]
        guard levels else {
            return try db.rows("""
                SELECT day, COUNT(*), SUM(CAST(round(number * 1000) AS INTEGER)) FROM entry
                WHERE tracker = ? AND day >= ? AND day <= ? GROUP BY day
                """, arguments, fast: { row in
                guard let day = row.day(0), let count = row.integer(1), let milli = row.optionalInteger(2) else { return nil }
                return DayAggregate(day: day, count: Int(count), milli: milli ?? 0, level: nil)
            }, checked: { row in
                DayAggregate(day: try row.day(0, "entry"), count: try row.value(1, "entry"),
                             milli: try row.optional(2, "entry") ?? 0, level: nil)
            })
        }
        let rows = try db.rows("""
            SELECT day, CAST(round(number * 1000) AS INTEGER), level FROM entry
            WHERE tracker = ? AND day >= ? AND day <= ? ORDER BY day, instant, uuid, id
            """, arguments, fast: { row -> (Day, Int64, String?)? in
            guard let day = row.day(0), let milli = row.optionalInteger(1), let level = row.optionalText(2) else { return nil }
            return (day, milli ?? 0, level)
        }, checked: { row in
            (try row.day(0, "entry"), try row.optional(1, "entry") ?? 0, try row.optional(2, "entry"))
        })
        var days: [DayAggregate] = []
        for (day, milli, level) in rows {
            if days.last?.day == day {
                days[days.count - 1].count += 1
                days[days.count - 1].milli += milli
                days[days.count - 1].level = level
            } else {
                days.append(DayAggregate(day: day, count: 1, milli: milli, level: level))
            }
        }
        return days
    }

    /// The first day with an entry, or nil.
    public func firstEntryDay(tracker: String) throws -> Day? {
        try db.rows("SELECT MIN(day) AS day FROM entry WHERE tracker = ?", [.text(tracker)], fast: { $0.optionalDay(0) },
                    checked: { try $0.optionalDay(0, "entry") }).first ?? nil
    }

    /// The day the current mode epoch started, if the mode ever changed.
    public func epochStart(tracker: String) throws -> Day? {
        try db.rows("SELECT start_day FROM mode_epoch WHERE tracker = ? ORDER BY id DESC LIMIT 1", [.text(tracker)],
                    fast: { $0.optionalDay(0) }, checked: { try $0.optionalDay(0, "mode_epoch") }).first ?? nil
    }

    public func archived(tracker: String) throws -> [ArchivedStreak] {
        try db.rows("""
            SELECT mode, current, longest, from_day, to_day FROM archived_streak WHERE tracker = ? ORDER BY id
            """, [.text(tracker)], fast: { row in
            guard let mode = row.textOnly(0).flatMap(TrackerMode.init(rawValue:)), let current = row.integer(1),
                  let longest = row.integer(2), let from = row.day(3), let to = row.day(4) else { return nil }
            return ArchivedStreak(mode: mode, current: Int(current), longest: Int(longest), from: from, to: to)
        }, checked: { row in
            let mode: String = try row.value(0, "archived_streak")
            guard let m = TrackerMode(rawValue: mode) else {
                throw RowProblem(detail: "its archived_streak table has a row whose mode is the unknown '\(mode.prefix(40))'")
            }
            return ArchivedStreak(mode: m, current: try row.value(1, "archived_streak"),
                                  longest: try row.value(2, "archived_streak"),
                                  from: try row.day(3, "archived_streak"), to: try row.day(4, "archived_streak"))
        })
    }

    public func freezes(tracker: String, from: Day? = nil) throws -> [Freeze] {
        try db.rows("""
            SELECT tracker, day, note, placed_at FROM freeze WHERE tracker = ? AND day >= ? ORDER BY day
            """, [.text(tracker), .text(from?.description ?? "0000")], fast: { row in
            guard let tracker = row.textOnly(0), let day = row.day(1), let note = row.optionalText(2),
                  let placed = row.integer(3) else { return nil }
            return Freeze(tracker: tracker, day: day, note: note, placedAt: placed)
        }, checked: { row in
            Freeze(tracker: try row.value(0, "freeze"), day: try row.day(1, "freeze"), note: try row.optional(2, "freeze"),
                   placedAt: try row.value(3, "freeze"))
        })
    }

    /// The freeze balance's changes in the order they happened (then in
    /// the order written): +N for a grant, -N for N freezes placed. By time
    /// first, so that devices holding the same changes (SPEC §12) replay
    /// them alike, whatever order their rows were written in.
    public func freezeLedger(tracker: String) throws -> [(change: Int, at: Int64)] {
        try db.map("SELECT change, at FROM freeze_ledger WHERE tracker = ? ORDER BY at, id", [tracker]) {
            (try $0.value(0, "freeze_ledger"), try $0.value(1, "freeze_ledger"))
        }
    }

    /// The milestones the streak of `tracker` that started on `start` has celebrated.
    public func milestonesSeen(tracker: String, streakStart start: Day) throws -> Set<Int> {
        Set(try db.rows("SELECT milestone FROM milestone_seen WHERE tracker = ? AND streak_start = ?",
                        [.text(tracker), .text(start.description)], fast: { $0.integer(0).map(Int.init) },
                        checked: { try $0.value(0, "milestone_seen") as Int }))
    }

    /// The day of the tracker's latest checkpoint under `fingerprint`.
    public func latestCheckpoint(tracker: String, fingerprint: Int64) throws -> Day? {
        try db.rows("SELECT max(day) FROM checkpoint WHERE tracker = ? AND fingerprint = ?",
                    [.text(tracker), .integer(fingerprint)], fast: { $0.optionalDay(0) },
                    checked: { try $0.optionalDay(0, "checkpoint") }).first ?? nil
    }

    /// The latest checkpoint at or before `day` made under `fingerprint`.
    public func checkpoint(tracker: String, fingerprint: Int64, atOrBefore day: Day) throws -> (day: Day, state: WalkState)? {
        try db.rows("""
            SELECT day, streak, longest, earned, used, score, score_started FROM checkpoint
            WHERE tracker = ? AND fingerprint = ? AND day <= ? ORDER BY day DESC LIMIT 1
            """, [.text(tracker), .integer(fingerprint), .text(day.description)], fast: { row -> (day: Day, state: WalkState)? in
            guard let day = row.day(0), let state = row.walkState(from: 1) else { return nil }
            return (day, state)
        }, checked: { row in
            (try row.day(0, "checkpoint"), try row.walkState(from: 1, "checkpoint"))
        }).first
    }
}

/// A tracker's entries on one day, summed up for the engine.
public struct DayAggregate: Sendable, Hashable {
    public var day: Day
    public var count: Int
    /// The sum of the day's values in thousandths, summed exactly.
    public var milli: Int64
    /// The level of the day's latest entry (levels input).
    public var level: String?
}

extension Store {
    /// Runs `body` with a reader inside one read transaction.
    public func reading<T>(_ body: (StoreReader) throws -> T) throws(StoreError) -> T {
        try read { db in try body(StoreReader(db)) }
    }
}
