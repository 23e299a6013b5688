internal import GRDB
import HavenCore

extension Store {
    /// Saves checkpoints, replacing any made under another fingerprint. A
    /// checkpoint is an optimisation: when the database is busy, none is saved.
    public func saveCheckpoints(tracker: String, fingerprint: Int64, _ states: [(day: Day, state: WalkState)]) {
        guard !states.isEmpty else { return }
        _ = try? write { db in try StoreWriter(db).saveCheckpoints(tracker: tracker, fingerprint: fingerprint, states) }
    }
}
