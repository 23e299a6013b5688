import HavenConfig
import HavenCore

/// Where a home keeps its packs: the folders and files the pack manager
/// changes, and how to show the home in a message.
public struct PackHome: Sendable {
    /// The home's folder of trackers and packs.
    public let root: String
    /// `root` as the person named it.
    public let display: String
    /// Installed packs, one folder each.
    public let packs: String

    public init(root: String, display: String, packs: String) {
        self.root = root
        self.display = display
        self.packs = packs
    }

    /// `packs.lock`, beside `packs/`.
    public var lock: String { root + "/packs.lock" }
    /// Where the version before the last update is kept, for `pack rollback`.
    public var previous: String { packs + "/.previous" }
}

/// What the pack manager needs of the runtime: the catalog the command
/// loaded, where packs load from, and the checks a whole catalog gets.
public protocol PackCatalogSource {
    /// The catalog this command loaded.
    var catalog: Catalog { get }
    /// The version of Haven that loads packs (for their `haven:` ranges).
    var havenVersion: String { get }
    /// The folders Haven loads, core first and the home last, with paths
    /// shown as seen from `currentDirectory`.
    func locations(currentDirectory: String) -> [PackLocation]
    /// Every tracker, preset and file of every loaded pack, for export.
    func everything(currentDirectory: String) -> Catalog
    /// Every problem of `packs` in `catalog`, as `haven validate` finds them.
    func problems(in catalog: Catalog, packs: Set<String>) -> [Diagnostic]
    /// The hook points a hooks file defines.
    func hookPoints(in reference: HookReference) -> [String]
}
