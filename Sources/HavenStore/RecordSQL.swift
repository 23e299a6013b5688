/// The SQL around records (SPEC §12), shared by the triggers that append
/// them and the first fill of a stream. Record ids are UUIDv7 made in SQL,
/// so that a write from any SQLite client keeps working; the payloads'
/// JSON comes from `RecordPayload.SQL`, beside the Swift that reads it.
enum RecordSQL {
    /// The order in which the records of one subject supersede each other,
    /// the deciding one first (an ORDER BY of the records aliased `row`):
    /// the time in its UUIDv7, then device, then its place in that device's
    /// stream (one device can write twice in a millisecond).
    static func latestFirst(_ row: String) -> String {
        "substr(\(row).id, 1, 13) DESC, \(row).device DESC, \(row).idx DESC"
    }

    /// Now, in milliseconds since 1970.
    static let now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

    /// A UUIDv7 for `milliseconds` (an SQL expression): 48 bits of time,
    /// `7`, 12 random bits, the variant, 62 random bits. Each call of
    /// `randomblob` is its own, so every row of a statement gets its own id.
    static func uuid(_ milliseconds: String) -> String {
        let time = "lower(printf('%012x', \(milliseconds)))"
        return "(substr(\(time), 1, 8) || '-' || substr(\(time), 9, 4) || '-7' || substr(lower(hex(randomblob(2))), 1, 3)"
            + " || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 1, 3)"
            + " || '-' || lower(hex(randomblob(6))))"
    }

    /// What a freeze or its removal is about: `TRACKER/DAY`.
    static func freezeSubject(_ row: String) -> String {
        "\(row).tracker || '/' || \(row).day"
    }
}
