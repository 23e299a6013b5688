/// A pack folder to load, and how to show its paths.
public struct PackLocation: Sendable, Hashable {
    /// How the pack came to be loaded.
    public enum Kind: Sendable, Hashable {
        /// The built-in `core` pack.
        case builtin
        /// A pack under `<home>/packs/`.
        case installed
        /// The person's own home, the `local` pack.
        case local
        /// A folder or files the person named on the command line.
        case named
    }

    /// The id references use (`core`, `local`, the folder name).
    public var id: String
    /// The folder on disk.
    public var root: String
    /// The folder as shown in diagnostics; "" shows paths relative to it.
    public var display: String
    public var kind: Kind
    /// When set, only these tracker files (absolute paths) are loaded, and no
    /// folder is scanned: for `haven validate FILE` outside any pack.
    public var trackerFiles: [String]?

    public init(id: String, root: String, display: String, kind: Kind, trackerFiles: [String]? = nil) {
        self.id = id
        self.root = root
        self.display = display
        self.kind = kind
        self.trackerFiles = trackerFiles
    }

    /// The shown path of a file at `relative` inside the pack.
    func display(_ relative: String) -> String {
        PackLocation.join(display, relative)
    }

    static func join(_ display: String, _ relative: String) -> String {
        display.isEmpty || display == "." ? relative : (display.hasSuffix("/") ? display + relative : display + "/" + relative)
    }
}
