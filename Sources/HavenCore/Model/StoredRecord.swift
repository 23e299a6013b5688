/// One record of a device's stream (SPEC §12), as the database keeps it and
/// sync reads and applies it: its action as JSON (HavenSync's
/// `RecordPayload`), or, when it did not open here, as it came sealed.
public struct StoredRecord: Sendable, Equatable {
    public var id: String
    public var device: String
    public var idx: Int64
    public var payload: String
    /// What it is about, when another record can supersede it: an entry's
    /// UUID, `TRACKER/DAY` for a freeze.
    public var subject: String?

    public init(id: String, device: String, idx: Int64, payload: String, subject: String?) {
        self.id = id
        self.device = device
        self.idx = idx
        self.payload = payload
        self.subject = subject
    }
}
