internal import GRDB
import HavenCore

extension Store {
    /// How often each of `trackers` was logged, by level, at local hour
    /// `hour` (0–23, from each entry's own UTC offset) since the instant
    /// `since` (milliseconds), whose day is `from` or later: what `haven
    /// pick` offers first at this hour (SPEC §15). One indexed range per tracker.
    public func usage(trackers: [String], hour: Int, since: Int64, from: Day) throws(StoreError)
        -> [(tracker: String, level: String?, count: Int)] {
        try read { db in
            var result: [(tracker: String, level: String?, count: Int)] = []
            for tracker in trackers {
                for row in try db.rows("""
                    SELECT level, COUNT(*) FROM entry
                    WHERE tracker = ? AND day >= ? AND instant >= ?
                      AND ((instant / 1000 + utc_offset) % 86400 + 86400) % 86400 / 3600 = ?
                    GROUP BY level
                    """, [tracker, from.description, since, hour]) {
                    result.append((tracker, try row.optional(0, "entry"), try row.value(1, "entry")))
                }
            }
            return result
        }
    }

    /// A tracker's triggers, the most recently used first, each once, at most `limit`.
    public func recentTriggers(tracker: String, limit: Int) throws(StoreError) -> [String] {
        try read { db in
            try db.rows("""
                SELECT trigger FROM entry WHERE tracker = ? AND trigger IS NOT NULL AND trigger != ''
                GROUP BY trigger ORDER BY MAX(instant) DESC, MAX(id) DESC LIMIT ?
                """, [tracker, limit]).map { row throws -> String in try row.value(0, "entry") }
        }
    }
}
