internal import GRDB
import HavenCore

extension Store {
    /// The latest checkpoint at or before `day` made under `fingerprint`.
    public func checkpoint(tracker: String, fingerprint: Int64, atOrBefore day: Day)
        throws(StoreError) -> (day: Day, state: WalkState)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT day, streak, longest, earned, used, score, score_started FROM checkpoint
                WHERE tracker = ? AND fingerprint = ? AND day <= ? ORDER BY day DESC LIMIT 1
                """, arguments: [tracker, fingerprint, day.description]) else { return nil }
            let text: String = row[0]
            guard let day = Day(text) else { return nil }
            return (day, WalkState(streak: row[1], longest: row[2], earned: row[3], used: row[4], score: row[5],
                                   scoreStarted: row[6]))
        }
    }

    /// Saves checkpoints, replacing any made under another fingerprint. A
    /// checkpoint is an optimisation: when the database is busy, none is saved.
    public func saveCheckpoints(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)]) {
        guard !states.isEmpty else { return }
        _ = try? write { db in
            try db.execute(sql: "DELETE FROM checkpoint WHERE tracker = ? AND fingerprint != ?",
                           arguments: [tracker, fingerprint])
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO checkpoint (tracker, day, fingerprint, streak, longest, earned, used, score, score_started)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (day, s) in states {
                try statement.execute(arguments: [tracker, day.description, fingerprint, s.streak, s.longest, s.earned,
                                                  s.used, s.score, s.scoreStarted])
            }
        }
    }
}
