import HavenCore

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
    /// Why this folder cannot be a pack (a reserved or invalid name): it is
    /// reported and nothing in it is read.
    public var problem: String?
    /// True when `problem` is that the pack waits for the person's trust
    /// (never trusted, or its code changed since).
    public var waitsForTrust = false
    /// Tracker ids of this pack left out when it was installed (`pack
    /// install --without ID`, recorded in `packs.lock`): never loaded, and
    /// no clash.
    public var leftOut: [String] = []

    public init(id: String, root: String, display: String, kind: Kind, trackerFiles: [String]? = nil,
                problem: String? = nil) {
        self.id = id
        self.root = root
        self.display = display
        self.kind = kind
        self.trackerFiles = trackerFiles
        self.problem = problem
    }

    /// Why `name` cannot name an installed pack, or nil.
    public static func problem(withName name: String) -> String? {
        if name == "core" || name == "local" {
            return "a pack may not be named '\(name)': that name is Haven's own; rename the folder"
        }
        guard Identifier.isValid(name) else {
            return "'\(name)' is not a valid pack name; rename the folder with lower-case letters, digits and '-', "
                + "starting with a letter"
        }
        return nil
    }

    /// The shown path of a file at `relative` inside the pack.
    func display(_ relative: String) -> String {
        PackLocation.join(display, relative)
    }

    static func join(_ display: String, _ relative: String) -> String {
        display.isEmpty || display == "." ? relative : (display.hasSuffix("/") ? display + relative : display + "/" + relative)
    }
}
