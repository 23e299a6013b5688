/// A tracker fully resolved: its preset chain merged, references looked up,
/// defaults filled in. The engine and the front ends read only this.
public struct TrackerDefinition: Sendable, Hashable {
    public var id: String
    public var name: LocalizedText
    public var icon: String
    public var type: TrackerType
    /// The saboteur mode; nil for good trackers.
    public var mode: TrackerMode?
    public var input: InputKind
    public var unit: LocalizedText?
    public var goal: Goal?
    public var levels: LevelSet?
    /// Entries before this local time count for the previous day.
    public var dayBoundary: TimeOfDay
    /// Nil when streaks are disabled (`streak: false`).
    public var streak: StreakRule?
    public var rewards: RewardRule?
    /// Nil means unlimited freezes.
    public var freezes: FreezePolicy?
    /// Its reminder times (`reminder:` is one mapping or a list), in the file's order.
    public var reminders: [Reminder]
    public var health: HealthMapping?
    public var pinned: Bool
    /// `archived: true`: out of status, reminders and the report; its
    /// history and entries kept, and it stays in `history` and exports.
    public var archived = false
    /// The hooks file, relative to its pack's root.
    public var hooks: HookReference?
    public var since: Day?
    public var origin: Origin

    /// Where a definition came from.
    public struct Origin: Sendable, Hashable {
        /// The pack that holds the tracker file.
        public var pack: String
        /// The file, as shown to the person.
        public var file: String
        /// The presets it extends, nearest first (`core/noalc`).
        public var extends: [String]
        /// The file on disk.
        public var path: String

        public init(pack: String, file: String, extends: [String] = [], path: String = "") {
            self.pack = pack
            self.file = file
            self.extends = extends
            self.path = path
        }
    }

    public init(id: String, name: LocalizedText, icon: String, type: TrackerType = .good,
                mode: TrackerMode? = nil, input: InputKind = .check, unit: LocalizedText? = nil,
                goal: Goal? = nil, levels: LevelSet? = nil, dayBoundary: TimeOfDay = .midnight,
                streak: StreakRule? = StreakRule(), rewards: RewardRule? = nil,
                freezes: FreezePolicy? = nil, reminders: [Reminder] = [], health: HealthMapping? = nil,
                pinned: Bool = false, hooks: HookReference? = nil, since: Day? = nil, origin: Origin) {
        self.id = id
        self.name = name
        self.icon = icon
        self.type = type
        self.mode = mode
        self.input = input
        self.unit = unit
        self.goal = goal
        self.levels = levels
        self.dayBoundary = dayBoundary
        self.streak = streak
        self.rewards = rewards
        self.freezes = freezes
        self.reminders = reminders
        self.health = health
        self.pinned = pinned
        self.hooks = hooks
        self.since = since
        self.origin = origin
    }

    /// A saboteur in avoidance mode: an entry is a relapse (SPEC §4.2).
    public var avoids: Bool { type == .saboteur && mode == .avoidance }

    /// The effect of each of its levels, by key (none without levels).
    public var levelEffects: [String: Effect] {
        Dictionary((levels?.levels ?? []).map { ($0.key, $0.effect) }) { first, _ in first }
    }

    /// The icon used when a tracker names none.
    public static func defaultIcon(for type: TrackerType) -> String {
        type == .good ? "🌱" : "👁"
    }
}

/// A Lua hooks file named by a tracker.
public struct HookReference: Sendable, Hashable {
    /// The pack whose root the path is relative to.
    public var pack: String
    /// The path as written (`hooks/noalc.lua`).
    public var path: String
    /// The file on disk.
    public var absolutePath: String
    /// The file as shown to the person (`hooks/noalc.lua`, `packs/x/hooks/y.lua`).
    public var display: String

    public init(pack: String, path: String, absolutePath: String, display: String) {
        self.pack = pack
        self.path = path
        self.absolutePath = absolutePath
        self.display = display
    }
}
