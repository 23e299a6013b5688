internal import GRDB
import HavenCore

/// A desktop notification sent for a tracker's day.
public struct NotificationRecord: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Shown (or being shown): waiting for an action.
        case open
        /// One of its actions logged an entry.
        case acted
        /// Closed by the person without an action.
        case dismissed
        /// Closed by Haven: the tracker was logged another way.
        case closed
        /// "Later": it may be sent again from `againAt` on.
        case later
    }

    public var tracker: String
    public var day: Day
    public var serverID: Int64?
    public var state: State
    public var againAt: Int64?
}

extension Store {
    /// The notifications of `day`, by tracker.
    public func notifications(on day: Day) throws(StoreError) -> [String: NotificationRecord] {
        try read { db in
            var result: [String: NotificationRecord] = [:]
            for row in try db.rows("SELECT tracker, server_id, state, again_at FROM notification WHERE day = ?",
                                   [day.description]) {
                let tracker: String = try row.value(0, "notification")
                let state: String = try row.value(2, "notification")
                result[tracker] = NotificationRecord(
                    tracker: tracker, day: day, serverID: try row.optional(1, "notification"),
                    state: NotificationRecord.State(rawValue: state) ?? .open, againAt: try row.optional(3, "notification"))
            }
            return result
        }
    }

    /// Claims the notification of a tracker's day: true when this call may
    /// send it (none was sent, or a "later" one is due again), so that two
    /// `remind` runs at once never send it twice.
    public func claimNotification(tracker: String, day: Day, at now: Int64) throws(StoreError) -> Bool {
        try write { db in
            try db.run("""
                INSERT INTO notification (tracker, day, sent_at) VALUES (?, ?, ?)
                ON CONFLICT (tracker, day) DO UPDATE SET state = 'open', sent_at = excluded.sent_at,
                    server_id = NULL, again_at = NULL
                WHERE state = 'later' AND again_at <= excluded.sent_at
                """, [tracker, day.description, now])
            return db.changesCount > 0
        }
    }

    /// Records what became of a notification.
    public func updateNotification(tracker: String, day: Day, serverID: Int64? = nil, state: NotificationRecord.State? = nil,
                                   againAt: Int64? = nil) throws(StoreError) {
        try write { db in
            if let serverID {
                try db.run("UPDATE notification SET server_id = ? WHERE tracker = ? AND day = ?",
                           [serverID, tracker, day.description])
            }
            if let state {
                try db.run("UPDATE notification SET state = ?, again_at = ? WHERE tracker = ? AND day = ?",
                           [state.rawValue, againAt, tracker, day.description])
            }
        }
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
    /// Marks the notification still open for a tracker's day closed, in the
    /// entry's own transaction; returns the server's number to close it by
    /// (nil when none was open, or it is not shown yet).
    public func closeOpenNotification(tracker: String, day: Day) throws -> Int64? {
        guard let row = try db.row("SELECT server_id FROM notification WHERE tracker = ? AND day = ? AND state = 'open'",
                                   [tracker, day.description]) else { return nil }
        try db.run("UPDATE notification SET state = 'closed' WHERE tracker = ? AND day = ?", [tracker, day.description])
        return try row.optional(0, "notification")
    }
}
