/// A 1-based position in a source text, as a person counts lines and columns.
public struct Mark: Sendable, Hashable, Comparable {
    /// The line, starting at 1.
    public var line: Int
    /// The column in characters (Unicode scalars), starting at 1.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: Mark, b: Mark) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// How a scalar was written; plain scalars may be numbers, booleans or null.
public enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One node of a parsed YAML document. Every node keeps where it was written.
///
/// Aliases are resolved while parsing: an alias is a copy of the anchored
/// node (arrays are shared copy-on-write, so a copy is cheap), and the total
/// size of the expanded tree is capped.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([Node])
        case mapping([Pair])
    }

    /// A mapping entry; mappings keep the order in which keys were written.
    public struct Pair: Sendable {
        public var key: Node
        public var value: Node

        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    public var content: Content
    /// Where the node starts.
    public var mark: Mark
    /// Where the node ends (exclusive), for underlining its whole extent.
    public var end: Mark
    /// Which file the node came from, as numbered by the caller of the parser.
    public var file: Int
    /// The explicit tag (`!!str`, `!custom`), if any.
    public var tag: String?

    public init(_ content: Content, mark: Mark, end: Mark, file: Int, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.end = end
        self.file = file
        self.tag = tag
    }
}

extension Node {
    /// The text of a scalar node, or nil for a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let value, _) = content { return value }
        return nil
    }

    /// True for a plain scalar spelling null (`null`, `~`, or nothing).
    public var isNull: Bool {
        guard case .scalar(let value, .plain) = content else { return false }
        return value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL"
    }

    /// The pairs of a mapping node, or nil.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items of a sequence node, or nil.
    public var items: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// A word for the node's kind, for messages: "a mapping", "a list", "a value".
    public var kindDescription: String {
        switch content {
        case .scalar: return isNull ? "nothing (null)" : "a single value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The number of characters to underline: the scalar's extent on its first line.
    public var underlineLength: Int {
        if end.line == mark.line, end.column > mark.column { return end.column - mark.column }
        return 1
    }
}
