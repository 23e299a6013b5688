/// What a pack's `pack.yaml` says about it.
public struct PackManifest: Sendable, Hashable {
    /// The name people read; the pack's id is its folder name.
    public var name: LocalizedText?
    public var version: String?
    public var description: LocalizedText?
    public var authors: [String] = []
    public var license: String?
    /// The Haven versions the pack works with (`">=0.1, <1.0"`).
    public var haven: String?
    /// Presets a new person gets as trackers.
    public var defaults: [String] = []

    public init() {}
}
