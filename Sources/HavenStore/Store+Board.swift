internal import GRDB
import HavenCore

extension Store {
    /// Appends `board` to this device's stream at `now` (milliseconds) unless the board this
    /// device published last says the same; false when it does, or when no
    /// stream is kept here yet.
    public func publish(board: String, at now: Int64) throws(StoreError) -> Bool {
        try write { db in
            guard let device: String = try db.row("SELECT device FROM sync_control")?[0] else { return false }
            let last: String? = try db.row("""
                SELECT payload FROM record WHERE device = ? AND subject = ? ORDER BY idx DESC LIMIT 1
                """, [device, RecordPayload.boardSubject])?[0]
            guard last != board else { return false }
            try db.run("""
                INSERT INTO record (id, device, idx, payload, subject)
                SELECT \(RecordSQL.uuid(String(now))), ?, COALESCE(MAX(idx), 0) + 1, ?, ? FROM record WHERE device = ?
                """, [device, board, RecordPayload.boardSubject, device])
            return true
        }
    }

    /// The last idx held here of every stream, boards left out: what a
    /// board says it was made from (a board made from another board would
    /// make the next one differ, and desktops would answer each other's).
    public func appliedPositions() throws(StoreError) -> [String: Int64] {
        try read { db in
            var positions: [String: Int64] = [:]
            for (device, last) in try db.map("""
                SELECT device, max(idx) FROM record WHERE subject IS NOT ? GROUP BY device
                """, [RecordPayload.boardSubject], { row in
                (try row.value(0, "record") as String, try row.value(1, "record") as Int64)
            }) { positions[device] = last }
            return positions
        }
    }
}
