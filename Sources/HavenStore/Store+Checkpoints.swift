internal import GRDB
import HavenCore

extension Store {
    /// Saves checkpoints, replacing any made under another fingerprint. A
    /// checkpoint is an optimisation: when the database is busy, none is saved.
    public func saveCheckpoints(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)]) {
        guard !states.isEmpty else { return }
        _ = try? write { db in
            try db.run("DELETE FROM checkpoint WHERE tracker = ? AND fingerprint != ?", [tracker, fingerprint])
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
