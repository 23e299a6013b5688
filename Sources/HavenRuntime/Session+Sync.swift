import HavenConfig
import HavenCore
import HavenStore
import HavenSync

extension Session {
    /// Sync (SPEC §12) over this session's database, clock and home.
    public var sync: SyncEngine {
        SyncEngine(store: SessionSyncStore(session: self), limits: SyncLimits(environment: runtime.environment))
    }
}

/// What sync asks of a session, answered from its store, clock and catalog.
struct SessionSyncStore: SyncStore {
    let session: Session
    private var store: Store { session.store }

    var settingsPath: String { session.runtime.layout.syncSettings }
    var now: Int64 { session.clock.milliseconds }
    var levelTrackers: [String] { session.runtime.catalog.trackers.filter { $0.input == .levels }.map(\.id) }

    func recordingDevice() throws(DatabaseProblem) -> String? { try store.recordingDevice() }

    func startRecords(device: String) throws(DatabaseProblem) -> String { try store.startRecords(device: device).device }

    func streamPositions() throws(DatabaseProblem) -> [String: Int64] { try store.streamPositions() }

    func appliedPositions() throws(DatabaseProblem) -> [String: Int64] { try store.appliedPositions() }

    func publish(board: String) throws(DatabaseProblem) -> Bool { try store.publish(board: board, at: now) }

    func records(device: String, after idx: Int64, limit: Int) throws(DatabaseProblem) -> [StoredRecord] {
        try store.records(device: device, after: idx, limit: limit)
    }

    func keep(_ records: [StoredRecord], applying apply: (any SyncWriter, StoredRecord) throws -> Void)
        throws(DatabaseProblem) -> Int {
        try store.applyRecords(records) { writer, record in try apply(StoreSyncWriter(writer: writer), record) }
    }

    func daysWithLevels(trackers: [String]) throws(DatabaseProblem) -> [(entry: Entry, device: String?)] {
        try store.daysWithLevels(trackers: trackers)
    }

    func entry(_ id: Int64) throws(DatabaseProblem) -> Entry? { try store.entry(id) }

    func delete(entries: [Int64]) throws(DatabaseProblem) -> [Entry] { try store.delete(entries: entries) }
}

/// The store's writer, as sync applies records through it.
private struct StoreSyncWriter: SyncWriter {
    let writer: StoreWriter

    func decides(_ record: StoredRecord) throws -> Bool { try writer.decides(record) }
    func isDeleted(uuid: String) throws -> Bool { try writer.isDeleted(uuid: uuid) }
    func put(_ entry: Entry) throws { try writer.put(entry) }
    func delete(uuid: String) throws { try writer.delete(uuid: uuid) }
    func setFrozen(tracker: String, day: Day, note: String?, at: Int64, _ frozen: Bool) throws {
        try writer.setFrozen(tracker: tracker, day: day, note: note, at: at, frozen)
    }
    func addBalance(tracker: String, change: Int, at: Int64) throws { try writer.addBalance(tracker: tracker, change: change, at: at) }
}
