internal import GRDB
import HavenCore

extension Store {
    /// Saves checkpoints, replacing any made under another fingerprint. A
    /// checkpoint is an optimisation: when the database is busy, none is saved.
    public func saveCheckpoints(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)],
                                firstEntry: Day?) {
        guard !states.isEmpty else { return }
        saveCheckpoints([(tracker, fingerprint, states, firstEntry)])
    }

    /// Saves the checkpoints of several trackers in one transaction.
    public func saveCheckpoints(_ batch: [(tracker: String, fingerprint: Int64, states: [(day: Day, state: WalkState)],
                                           firstEntry: Day?)]) {
        guard batch.contains(where: { !$0.states.isEmpty }) else { return }
        _ = try? write { db in
            let writer = StoreWriter(db)
            for (tracker, fingerprint, states, firstEntry) in batch {
                try writer.saveCheckpoints(tracker: tracker, fingerprint: fingerprint, states, firstEntry: firstEntry)
            }
        }
    }
}
