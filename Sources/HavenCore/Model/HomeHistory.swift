/// What the store remembers of a tracker besides its entries.
public struct TrackerState: Sendable, Hashable {
    public var firstSeen: Day
    public var mode: String?
    public var position: Int?
    /// When this home first saw the tracker (milliseconds since 1970):
    /// trackers with no position are listed in this order.
    public var createdAt: Int64?

    public init(firstSeen: Day, mode: String? = nil, position: Int? = nil, createdAt: Int64? = nil) {
        self.firstSeen = firstSeen
        self.mode = mode
        self.position = position
        self.createdAt = createdAt
    }
}

/// Everything the store keeps that is not derived from something else:
/// entries, freezes, the freeze balance's history, each tracker's state,
/// mode epochs and archived streaks. `export json` writes it and `import
/// haven` merges it (SPEC §9); checkpoints are derived and never in it.
public struct StoreContents: Sendable, Equatable {
    public struct Grant: Sendable, Hashable {
        public var tracker: String
        /// +N granted, -N for N freezes placed.
        public var change: Int
        public var at: Int64

        public init(tracker: String, change: Int, at: Int64) {
            self.tracker = tracker
            self.change = change
            self.at = at
        }
    }

    public struct Epoch: Sendable, Hashable {
        public var tracker: String
        public var mode: String
        public var start: Day

        public init(tracker: String, mode: String, start: Day) {
            self.tracker = tracker
            self.mode = mode
            self.start = start
        }
    }

    public var entries: [Entry] = []
    public var freezes: [Freeze] = []
    public var grants: [Grant] = []
    public var states: [String: TrackerState] = [:]
    public var epochs: [Epoch] = []
    public var archived: [(tracker: String, streak: ArchivedStreak)] = []
    /// UUIDs of entries that `entries` replace: a merge deletes them (an
    /// import whose day sum changed since the last time). Never exported.
    public var superseded: [String] = []

    public init() {}

    public static func == (left: StoreContents, right: StoreContents) -> Bool {
        left.entries == right.entries && left.freezes == right.freezes && left.grants == right.grants
            && left.states == right.states && left.epochs == right.epochs
            && left.archived.map(\.tracker) == right.archived.map(\.tracker)
            && left.archived.map(\.streak) == right.archived.map(\.streak)
    }

    /// What a merge added; what was already there is not counted.
    public struct Added: Sendable, Equatable {
        public var entries: [Entry] = []
        public var freezes = 0
        public var grants = 0
        public var states = 0
        public var epochs = 0
        public var archived = 0
        /// Entries of `superseded` that were there and went.
        public var removed = 0

        public init() {}
    }
}
