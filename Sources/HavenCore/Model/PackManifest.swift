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
    /// The pack's id as published (`[a-z][a-z0-9-]*`); installed under it.
    public var id: String?
    /// Other packs this one needs, each with a version range (SPEC §8).
    public var requires: [String: String] = [:]
    /// The home's own `pack.yaml` only: ids of packs' trackers switched off.
    public var disabled: [String] = []
    /// The home's own `pack.yaml` only: when the evening check-in
    /// notification comes (`checkin: { at: "21:00" }`, SPEC §11); none without it.
    public var checkinAt: TimeOfDay?
    /// The home's own `pack.yaml` only: when every running streak still
    /// open today is reminded (`at_risk: { at: "20:00" }`, SPEC §11).
    public var atRiskAt: TimeOfDay?
    public var repository: String?
    public var homepage: String?

    public init() {}
}
