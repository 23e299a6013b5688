internal import GRDB
import HavenCore

/// A desktop notification sent about a tracker's day (SPEC §11).
public struct NotificationRecord: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Shown (or being shown): waiting for an action.
        case open
        /// One of its actions logged an entry.
        case acted
        /// Closed by the person without an action.
        case dismissed
        /// Closed by Haven: the tracker was logged another way, or the
        /// check-in has nothing left to ask.
        case closed
        /// "Later": it may be sent again from `againAt` on.
        case later
        /// A newer notification about the same tracker took its place.
        case replaced
    }

    /// Which of a tracker's notifications of a day it is.
    public struct Key: Sendable, Hashable {
        /// A tracker id, or `Key.checkinSummary.tracker`.
        public var tracker: String
        /// A reminder's time (`HH:MM`), `at_risk`, or `checkin` for a
        /// tracker's part of the evening check-in.
        public var slot: String

        public init(tracker: String, slot: String) {
            self.tracker = tracker
            self.slot = slot
        }

        /// The evening check-in's summary.
        public static let checkinSummary = Key(tracker: "@checkin", slot: "")
        /// The slot of a tracker's part of the evening check-in.
        public static let checkinSlot = "checkin"
    }

    public var key: Key
    public var day: Day
    public var serverID: Int64?
    public var state: State
    public var againAt: Int64?
}

extension Store {
    /// The notifications of `day`, by key.
    public func notifications(on day: Day) throws(StoreError) -> [NotificationRecord.Key: NotificationRecord] {
        try read { db in
            var result: [NotificationRecord.Key: NotificationRecord] = [:]
            for row in try db.rows("SELECT tracker, slot, server_id, state, again_at FROM notification WHERE day = ?",
                                   [day.description]) {
                let key = NotificationRecord.Key(tracker: try row.value(0, "notification"), slot: try row.value(1, "notification"))
                let state: String = try row.value(3, "notification")
                result[key] = NotificationRecord(
                    key: key, day: day, serverID: try row.optional(2, "notification"),
                    state: NotificationRecord.State(rawValue: state) ?? .open, againAt: try row.optional(4, "notification"))
            }
            return result
        }
    }

    /// Claims a notification: true when this call may send it (none was
    /// sent, or a "later" one is due again), so that two `remind` runs at
    /// once never send it twice.
    public func claimNotification(_ key: NotificationRecord.Key, day: Day, at now: Int64) throws(StoreError) -> Bool {
        try write { db in
            try db.run("""
                INSERT INTO notification (tracker, day, slot, sent_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (tracker, day, slot) DO UPDATE SET state = 'open', sent_at = excluded.sent_at,
                    server_id = NULL, again_at = NULL
                WHERE state = 'later' AND again_at <= excluded.sent_at
                """, [key.tracker, day.description, key.slot, now])
            return db.changesCount > 0
        }
    }

    /// Records the server's number for a notification, once it is shown.
    public func notificationShown(_ key: NotificationRecord.Key, day: Day, serverID: Int64) throws(StoreError) {
        try write { db in
            try db.run("UPDATE notification SET server_id = ? WHERE tracker = ? AND day = ? AND slot = ?",
                       [serverID, key.tracker, day.description, key.slot])
        }
    }

    /// Records what became of a notification; returns the server's number
    /// when it was open and shown (the caller closes it on the desktop).
    @discardableResult
    public func endNotification(_ key: NotificationRecord.Key, day: Day, _ state: NotificationRecord.State,
                                againAt: Int64? = nil) throws(StoreError) -> Int64? {
        try write { db in
            let shown = try db.row("SELECT server_id FROM notification WHERE tracker = ? AND day = ? AND slot = ? AND state = 'open'",
                                   [key.tracker, day.description, key.slot]).flatMap { row -> Int64? in
                try row.optional(0, "notification")
            }
            try db.run("UPDATE notification SET state = ?, again_at = ? WHERE tracker = ? AND day = ? AND slot = ?",
                       [state.rawValue, againAt, key.tracker, day.description, key.slot])
            return shown
        }
    }

    /// Closes the check-in's summary once none of its trackers' parts is
    /// open; returns the server's numbers of what it closed.
    public func closeAnsweredCheckin() throws(StoreError) -> [Int64] {
        try write { db in try StoreWriter.closeAnsweredCheckin(db) }
    }

    /// A line to say once; replaces one with the same key.
    public func setNotice(_ key: String, _ text: String) throws(StoreError) {
        try write { db in try db.run("INSERT OR REPLACE INTO notice (key, text) VALUES (?, ?)", [key, text]) }
    }

    /// Takes every notice: returned, and gone from the database.
    public func takeNotices() throws(StoreError) -> [String] {
        if isReadOnly { return [] }
        let texts = "SELECT text FROM notice ORDER BY key"
        // A read first: the usual answer is none, and it writes nothing.
        guard try read({ db in try db.row(texts) }) != nil else { return [] }
        return try write { db in
            let waiting = try db.rows(texts).map { row -> String in try row.value(0, "notice") }
            try db.run("DELETE FROM notice")
            return waiting
        }
    }
}

extension StoreWriter {
    /// Closes every notification still open about a tracker's day, in the
    /// entry's own transaction, and the check-in's summary when that left
    /// none of its parts open; returns the server's numbers to close them
    /// by on the desktop (those shown).
    public func closeOpenNotifications(tracker: String, day: Day) throws -> [Int64] {
        let rows = try db.rows("SELECT server_id, slot FROM notification WHERE tracker = ? AND day = ? AND state = 'open'",
                               [tracker, day.description])
        guard !rows.isEmpty else { return [] }
        try db.run("UPDATE notification SET state = 'closed' WHERE tracker = ? AND day = ? AND state = 'open'",
                   [tracker, day.description])
        var shown = try rows.compactMap { row -> Int64? in try row.optional(0, "notification") }
        if try rows.contains(where: { row in try (row.value(1, "notification") as String) == NotificationRecord.Key.checkinSlot }) {
            shown += try Self.closeAnsweredCheckin(db)
        }
        return shown
    }

    /// Check-ins are once a day and their parts all open together, so
    /// "none open" is asked of every day: a part that is still open after
    /// midnight (its tracker's day ends at 04:00, say) keeps it open.
    static func closeAnsweredCheckin(_ db: Database) throws -> [Int64] {
        let summary = NotificationRecord.Key.checkinSummary
        let open = try db.rows("SELECT server_id FROM notification WHERE tracker = ? AND slot = ? AND state = 'open'",
                               [summary.tracker, summary.slot])
        guard !open.isEmpty, try db.row("SELECT 1 FROM notification WHERE slot = ? AND state = 'open'",
                                        [NotificationRecord.Key.checkinSlot]) == nil else { return [] }
        try db.run("UPDATE notification SET state = 'closed' WHERE tracker = ? AND slot = ? AND state = 'open'",
                   [summary.tracker, summary.slot])
        return try open.compactMap { row -> Int64? in try row.optional(0, "notification") }
    }
}
