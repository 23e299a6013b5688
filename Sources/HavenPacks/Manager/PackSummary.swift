import HavenConfig

/// What a pack brings: what the trust question is about (SPEC §8).
public struct PackSummary: Sendable {
    public let id: String
    public let version: String?
    /// The source as the person named it.
    public let source: String
    /// The trackers it makes live, by id.
    public let trackers: [String]
    /// Its hooks files, relative to the pack, each with the hook points it defines.
    public let hooks: [(file: String, points: [String])]
    /// Every file trust covers (`PackTrust`: hooks, Lua files, report
    /// templates), relative to the pack.
    public let code: [String]
    /// How many of its trackers remind.
    public let reminders: Int
    public let requires: [String: String]
    /// The Haven versions it works with (`haven:` of pack.yaml).
    public let haven: String?
    /// Its trackers the person left out (`--without`), sorted.
    public var leftOut: [String] = []
}

/// A pack copied into staging and validated whole, waiting to be trusted
/// and moved into place (SPEC §8).
public struct StagedPack: Sendable {
    public let summary: PackSummary
    let staging: String
    let destination: String
    var entry: PackLock.Entry
    /// For `--link`: the folder `packs/<id>` links to instead of the staged copy.
    public internal(set) var link: String?
    /// Its trackers whose ids are taken already: left out of the check,
    /// and refused unless the person leaves them out (`--without`).
    public let clashes: [Catalog.Clash]
}

/// An installed pack as `pack list` shows it.
public struct InstalledPack: Sendable {
    public let id: String
    public let version: String?
    /// False for a folder copied into `packs/` by hand, with no lock line.
    public let locked: Bool
    /// Where it came from (`folder /path`), from the lock.
    public let sourceKind: PackLock.SourceKind?
    public let sourcePath: String?
    /// The ref asked for and the commit it resolved to (git sources).
    public let ref: String?
    public let resolved: String?
    /// The content hash the lock records.
    public let hash: String?
    /// False when the files differ from the lock's hash.
    public let intact: Bool
    public let trust: Trust
    public let trackers: [String]
    /// The packs whose `requires` name it.
    public let requiredBy: [String]
    /// Its trackers the person left out (`pack install --without`).
    public var leftOut: [String] = []

    public enum Trust: String, Sendable {
        case trusted
        /// Installed, not yet (or no longer) trusted: its trackers do not load.
        case waiting = "waits for trust"
        /// Its code (hooks, Lua files, report templates) changed since it
        /// was trusted: its trackers do not load.
        case codeChanged = "code changed since trusted"
        /// Copied into `packs/` by hand, with no lock line: loaded as it is.
        case handCopied = "copied by hand"
    }
}
