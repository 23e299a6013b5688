/// What one `haven sync` sends and asks for, from the last idx of every
/// stream here and on the server: a pure function of the two positions,
/// as Atuin plans its record sync. A stream held further here is pushed
/// (this device's tail, or any stream a wiped server lost); a stream the
/// server holds further is pulled. Streams are taken in device order.
public struct SyncPlan: Sendable, Equatable {
    /// Records of `device` after `after` through `through`.
    public struct Span: Sendable, Equatable {
        public var device: String
        public var after: Int64
        public var through: Int64

        public init(device: String, after: Int64, through: Int64) {
            self.device = device
            self.after = after
            self.through = through
        }
    }

    /// What to send, by stream.
    public var push: [Span]
    /// What to take, by stream.
    public var pull: [Span]

    public init(push: [Span] = [], pull: [Span] = []) {
        self.push = push
        self.pull = pull
    }

    /// The plan for `here` and `server` (device → last idx; a stream one
    /// side lacks is at 0 there).
    public init(here: [String: Int64], server: [String: Int64]) {
        push = here.sorted { $0.key < $1.key }.compactMap { device, last in
            let held = server[device] ?? 0
            return last > held ? Span(device: device, after: held, through: last) : nil
        }
        pull = server.sorted { $0.key < $1.key }.compactMap { device, last in
            let held = here[device] ?? 0
            return last > held ? Span(device: device, after: held, through: last) : nil
        }
    }

    /// Nothing to send or take.
    public var isEmpty: Bool { push.isEmpty && pull.isEmpty }
}
