/// Why a YAML text could not be turned into a node tree, and where.
public struct YAMLError: Error, Sendable, Equatable {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// The text is larger than the parser's size limit.
        case tooLarge
        /// The file could not be read at all.
        case unreadable
        /// The text holds a byte sequence that is not UTF-8.
        case invalidUTF8
        /// The text holds a NUL byte.
        case nulByte
        /// libyaml found a syntax error.
        case syntax
        /// Collections are nested deeper than the limit.
        case tooDeep
        /// Aliases would expand the document beyond the node limit.
        case aliasExpansion
        /// An alias names an anchor that was not defined before it.
        case unknownAnchor
        /// The file holds more than one document.
        case multipleDocuments
        /// A mapping repeats a key.
        case duplicateKey
    }

    public var kind: Kind
    public var message: String
    public var mark: Mark
    /// Characters to underline from `mark`.
    public var length: Int

    public init(_ kind: Kind, _ message: String, at mark: Mark, length: Int = 1) {
        self.kind = kind
        self.message = message
        self.mark = mark
        self.length = length
    }
}

/// What the parser accepts before it refuses a text as hostile.
public struct YAMLLimits: Sendable {
    /// Largest text in bytes.
    public var maxBytes: Int
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// Most nodes in the tree once every alias is expanded.
    public var maxNodes: Int

    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}

/// The outcome of parsing one text: a root node unless a fatal error stopped
/// the parse, and every problem found (duplicate keys do not stop it).
public struct YAMLDocument: Sendable {
    /// The document's root, or nil for an empty text or after a fatal error.
    public var root: Node?
    public var errors: [YAMLError]

    public init(root: Node?, errors: [YAMLError]) {
        self.root = root
        self.errors = errors
    }
}
