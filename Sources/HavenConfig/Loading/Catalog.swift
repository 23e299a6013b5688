import HavenCore

/// Everything loaded from a set of packs: live trackers, presets, level sets,
/// reward rules, and every problem found on the way.
public struct Catalog: Sendable {
    /// A loaded pack and its manifest.
    public struct Pack: Sendable {
        public var location: PackLocation
        public var manifest: PackManifest
    }

    public var packs: [Pack] = []
    /// Live trackers, in pack order and then by file name.
    public var trackers: [TrackerDefinition] = []
    /// Decoded presets by `pack/id` (with the `live` scope, only those extended).
    public var presets: [String: TrackerDefinition] = [:]
    /// Every preset of every pack, decoded or not, as `pack/id`.
    public var presetNames: [String] = []
    /// Every tracker of an installed pack, as `pack/id`: a file of the home
    /// may extend one, to adjust it or to keep it under another id.
    public var packTrackerNames: [String] = []
    /// Level sets by `pack/id`.
    public var levelSets: [String: LevelSet] = [:]
    /// Reward rules by `pack/id`.
    public var rewards: [String: RewardRule] = [:]
    /// Practices (SPEC §14), the home's first: loaded by the `.everything` and `.practices` scopes.
    public var practices: [PracticeDefinition] = []
    /// Every problem, sorted by file, line and column.
    public var diagnostics: [Diagnostic] = []
    /// What `validate` warns about: the files load all the same.
    public var warnings: [Diagnostic] = []
    /// Files that were not loaded because of a problem, as shown to the person.
    public var skipped: [String] = []
    /// A pack's trackers whose ids were already taken, each skipped.
    public var clashes: [Clash] = []
    /// Tracker ids each pack left out on purpose (`PackLocation.leftOut`), by pack.
    public var leftOut: [String: [String]] = [:]
    /// Installed packs that load nothing until the person trusts them (set by the runtime).
    public var awaitingTrust: [String] = []
    /// How many files were read.
    public var filesRead = 0
    /// The folders listed and files read: when none of them changed, a
    /// reload would load the same catalog.
    public var watchedPaths: [String] = []

    public init() {}

    /// A pack's tracker skipped because its id was already taken (SPEC §2.1).
    public struct Clash: Sendable, Hashable {
        /// The tracker id both use.
        public var id: String
        /// The pack whose tracker was skipped.
        public var pack: String
        /// The skipped tracker's file, as shown.
        public var file: String
        /// The file that keeps the id, as shown.
        public var owner: String
        /// True when `owner` is one of the person's own files.
        public var ownerIsHome: Bool
    }

    /// The live tracker with `id`.
    public func tracker(_ id: String) -> TrackerDefinition? {
        trackers.first { $0.id == id }
    }

    /// The practice a person names: `pack/name`, or a name alone (the home's first).
    public func practice(_ name: String) -> PracticeDefinition? { practices.named(name) }
}
