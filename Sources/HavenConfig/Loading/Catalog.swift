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
    /// Level sets by `pack/id`.
    public var levelSets: [String: LevelSet] = [:]
    /// Reward rules by `pack/id`.
    public var rewards: [String: RewardRule] = [:]
    /// Every problem, sorted by file, line and column.
    public var diagnostics: [Diagnostic] = []
    /// What `validate` warns about: the files load all the same.
    public var warnings: [Diagnostic] = []
    /// Files that were not loaded because of a problem, as shown to the person.
    public var skipped: [String] = []
    /// Installed packs that load nothing until the person trusts them (set by the runtime).
    public var awaitingTrust: [String] = []
    /// How many files were read.
    public var filesRead = 0
    /// The folders listed and files read: when none of them changed, a
    /// reload would load the same catalog.
    public var watchedPaths: [String] = []

    public init() {}

    /// The live tracker with `id`.
    public func tracker(_ id: String) -> TrackerDefinition? {
        trackers.first { $0.id == id }
    }
}
