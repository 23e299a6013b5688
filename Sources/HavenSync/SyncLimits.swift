/// How much one sync may take from a server (SPEC §12): every answer and
/// every run is bounded, so that no server, hostile or broken, can make a
/// device wait or hold memory without end.
public struct SyncLimits: Sendable, Equatable {
    /// Bytes of one answer, refused as they arrive past it.
    public var answerBytes = 64 << 20
    /// Seconds a call may move no byte before it ends.
    public var stallSeconds = 20
    /// Records one run takes; the rest comes with the next run. Pages are
    /// applied as they come, so this bounds a run's time, not its memory.
    public var runRecords = 2_000_000
    /// Seconds one run may take.
    public var runSeconds = 600

    public init() {}

    /// The defaults, but for a stall time given in `HAVEN_SYNC_STALL_SECONDS`
    /// (1 to 600): a slow link's wait, and the tests' short one.
    public init(environment: [String: String]) {
        if let text = environment["HAVEN_SYNC_STALL_SECONDS"], let seconds = Int(text), (1 ... 600).contains(seconds) {
            stallSeconds = seconds
        }
    }
}
