import HavenCore

/// What `log` did.
public struct LogResult: Sendable {
    public var entry: Entry
    public var status: TrackerStatus
    /// A milestone the streak reached with this entry, celebrated once.
    public var milestone: Int?
    /// What the tracker's `on_log` hook answered, if anything.
    public var reflection: String?
    /// When this device's clock reads more than five minutes before the
    /// newest entry's writing (told once): that writing time.
    public var clockBehind: Int64?
}

/// Every tracker's status, and the hooks that failed on the way.
public struct StatusList: Sendable {
    public var statuses: [TrackerStatus] = []
    /// One message per tracker left out because its hook failed.
    public var hookFailures: [String] = []
}
