import HavenCore

/// What applying a record may do to the history, inside the one
/// transaction that applies a batch.
public protocol SyncWriter {
    /// True when `record` is the latest of its subject (SPEC §12).
    func decides(_ record: StoredRecord) throws -> Bool
    /// True when any device deleted the entry `uuid`.
    func isDeleted(uuid: String) throws -> Bool
    func put(_ entry: Entry) throws
    func delete(uuid: String) throws
    func setFrozen(tracker: String, day: Day, note: String?, at: Int64, _ frozen: Bool) throws
    func addBalance(tracker: String, change: Int, at: Int64) throws
}

/// What sync needs of a device: its database's record streams and
/// entries, the file that keeps its settings, and "now".
public protocol SyncStore {
    /// `sync.json`: the server, the account, the token and the key.
    var settingsPath: String { get }
    /// "Now", in milliseconds since 1970.
    var now: Int64 { get }
    /// The trackers that take one value a day (levels): where devices can disagree.
    var levelTrackers: [String] { get }
    /// This device's id once it keeps records.
    func recordingDevice() throws(DatabaseProblem) -> String?
    /// Starts this device's stream as `device` (its history becomes its
    /// first records), once; returns the device's id.
    func startRecords(device: String) throws(DatabaseProblem) -> String
    /// Each stream's last idx.
    func streamPositions() throws(DatabaseProblem) -> [String: Int64]
    /// Each stream's last idx, boards left out.
    func appliedPositions() throws(DatabaseProblem) -> [String: Int64]
    /// Appends `board` to this device's stream now unless its last board
    /// says the same; true when it did.
    func publish(board: String) throws(DatabaseProblem) -> Bool
    /// A stream's records after `idx`, at most `limit`.
    func records(device: String, after idx: Int64, limit: Int) throws(DatabaseProblem) -> [StoredRecord]
    /// Keeps `records` in one transaction, calling `apply` for each new one;
    /// returns how many were new.
    func keep(_ records: [StoredRecord], applying apply: (any SyncWriter, StoredRecord) throws -> Void)
        throws(DatabaseProblem) -> Int
    /// The entries of `trackers` on days that hold more than one level, with the device of each.
    func daysWithLevels(trackers: [String]) throws(DatabaseProblem) -> [(entry: Entry, device: String?)]
    func entry(_ id: Int64) throws(DatabaseProblem) -> Entry?
    /// Deletes entries in one transaction; returns them.
    func delete(entries: [Int64]) throws(DatabaseProblem) -> [Entry]
}
