internal import CYAML

/// Parses YAML text through the system libyaml's event API into a `Node` tree.
///
/// The parser refuses hostile input before or while it builds the tree: texts
/// over `maxBytes`, NUL bytes and invalid UTF-8 (checked up front, with the
/// exact position), nesting beyond `maxDepth`, alias expansion beyond
/// `maxNodes`, and a second document. Duplicate mapping keys are reported
/// without stopping the parse.
public enum YAMLParser {
    /// Parses `bytes`; `file` is stored in every node so that callers can tell
    /// which file a node of a merged tree came from.
    public static func parse(_ bytes: [UInt8], file: Int = 0, limits: YAMLLimits = .default) -> YAMLDocument {
        if bytes.count > limits.maxBytes {
            return YAMLDocument(root: nil, errors: [tooLarge(bytes.count, limits: limits)])
        }
        if let problem = checkEncoding(bytes) {
            return YAMLDocument(root: nil, errors: [problem])
        }
        var builder = TreeBuilder(file: file, limits: limits)
        builder.run(bytes)
        return YAMLDocument(root: builder.root, errors: builder.errors)
    }

    /// The error for a text of `size` bytes over the limit; it concerns the
    /// whole file, so its mark is line 0.
    public static func tooLarge(_ size: Int, limits: YAMLLimits) -> YAMLError {
        YAMLError(.tooLarge, "file is \(formatSize(size)); a Haven YAML file may be at most "
            + "\(formatSize(limits.maxBytes))", at: Mark(line: 0, column: 0))
    }

    /// Finds the first NUL byte or invalid UTF-8 sequence, with its position.
    static func checkEncoding(_ bytes: [UInt8]) -> YAMLError? {
        var line = 1, column = 1, i = 0
        let n = bytes.count
        // A UTF-8 byte order mark is allowed at the very start.
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0 {
                    return YAMLError(.nulByte, "file contains a NUL byte; Haven YAML files must be UTF-8 text",
                                     at: Mark(line: line, column: column))
                }
                if b == 0x0A { line += 1; column = 1 } else { column += 1 }
                i += 1
                continue
            }
            let width: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: width = 2; scalar = UInt32(b & 0x1F); minimum = 0x80
            case 0xE0...0xEF: width = 3; scalar = UInt32(b & 0x0F); minimum = 0x800
            case 0xF0...0xF4: width = 4; scalar = UInt32(b & 0x07); minimum = 0x10000
            default: width = 0; scalar = 0; minimum = 0
            }
            var valid = width > 0 && i + width <= n
            if valid {
                for k in 1..<width {
                    let c = bytes[i + k]
                    if c & 0xC0 != 0x80 { valid = false; break }
                    scalar = scalar << 6 | UInt32(c & 0x3F)
                }
            }
            if valid && (scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar)) {
                valid = false
            }
            if !valid {
                let hex = String(b, radix: 16, uppercase: true)
                return YAMLError(.invalidUTF8,
                    "file is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); save it as UTF-8 text",
                    at: Mark(line: line, column: column))
            }
            i += width
            column += 1
        }
        return nil
    }

    static func formatSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        if bytes >= 1 << 10 { return "\((bytes + 512) >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Turns the event stream into nodes; one per parse.
private struct TreeBuilder {
    private enum FrameKind { case sequence, mapping }

    private struct Frame {
        var kind: FrameKind
        var items: [Node] = []
        var pendingKey: Node?
        var pairs: [Node.Pair] = []
        var seenKeys: [String: Mark] = [:]
        var anchor: String?
        var tag: String?
        var mark: Mark
        var weight = 1
    }

    let file: Int
    let limits: YAMLLimits
    var root: Node?
    var errors: [YAMLError] = []
    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, weight: Int)] = [:]
    private var totalNodes = 0
    private var documents = 0

    init(file: Int, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
    }

    mutating func run(_ bytes: [UInt8]) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            errors.append(YAMLError(.syntax, "libyaml could not start (out of memory)", at: Mark(line: 1, column: 1)))
            return
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

        // libyaml reads the buffer for the whole parse; an empty text still
        // needs a valid pointer.
        var storage = bytes
        if storage.isEmpty { storage = [0] }
        let count = bytes.count
        storage.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress!, count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) != 0 else {
                    errors.append(syntaxError(parser.pointee))
                    return
                }
                let done = event.type == YAML_STREAM_END_EVENT
                let keepGoing = handle(&event)
                yaml_event_delete(&event)
                if done || !keepGoing { return }
            }
        }
    }

    private func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
        var message = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        if let context = parser.context {
            message += " (\(String(cString: context)) at line \(parser.context_mark.line + 1))"
        }
        return YAMLError(.syntax, message, at: mark(parser.problem_mark))
    }

    private func mark(_ m: yaml_mark_t) -> Mark {
        Mark(line: Int(m.line) + 1, column: Int(m.column) + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// Handles one event; false stops the parse after a fatal error.
    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        let start = mark(event.start_mark), end = mark(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                errors.append(YAMLError(.multipleDocuments,
                    "a Haven YAML file holds one document; move the part after '---' into a file of its own",
                    at: start, length: 3))
                return false
            }
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: Int(data.length)), as: UTF8.self)
            let style: ScalarStyle
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            let node = Node(.scalar(text, style), mark: start, end: end, file: file, tag: string(data.tag))
            return add(node, weight: 1, anchor: string(data.anchor))
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                errors.append(YAMLError(.unknownAnchor, "alias '*\(name)' names no anchor defined before it",
                                        at: start, length: name.count + 1))
                return false
            }
            var node = anchored.node
            node.mark = start
            node.end = end
            return add(node, weight: anchored.weight, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return push(Frame(kind: .sequence, anchor: string(data.anchor), tag: string(data.tag), mark: start))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return push(Frame(kind: .mapping, anchor: string(data.anchor), tag: string(data.tag), mark: start))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let content: Node.Content = frame.kind == .sequence ? .sequence(frame.items) : .mapping(frame.pairs)
            let node = Node(content, mark: frame.mark, end: end, file: file, tag: frame.tag)
            return add(node, weight: frame.weight, anchor: frame.anchor, counted: true)
        default:
            break
        }
        return true
    }

    private mutating func push(_ frame: Frame) -> Bool {
        if stack.count >= limits.maxDepth {
            errors.append(YAMLError(.tooDeep,
                "nesting is deeper than \(limits.maxDepth) levels; Haven files need only a few",
                at: frame.mark))
            return false
        }
        totalNodes += 1
        stack.append(frame)
        return checkTotal(at: frame.mark)
    }

    private mutating func checkTotal(at mark: Mark) -> Bool {
        if totalNodes > limits.maxNodes {
            errors.append(YAMLError(.aliasExpansion,
                "the document expands to more than \(limits.maxNodes) nodes (an alias bomb?); use fewer aliases",
                at: mark))
            return false
        }
        return true
    }

    /// Adds a finished node to its parent; `counted` when its own node was
    /// already counted at its start event.
    private mutating func add(_ node: Node, weight: Int, anchor: String?, counted: Bool = false) -> Bool {
        if !counted {
            totalNodes += weight
            guard checkTotal(at: node.mark) else { return false }
        }
        if let anchor { anchors[anchor] = (node, weight) }
        guard !stack.isEmpty else {
            root = node
            return true
        }
        let top = stack.count - 1
        stack[top].weight += weight
        switch stack[top].kind {
        case .sequence:
            stack[top].items.append(node)
        case .mapping:
            if let key = stack[top].pendingKey {
                stack[top].pairs.append(Node.Pair(key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                if let text = node.scalar {
                    if let first = stack[top].seenKeys[text] {
                        errors.append(YAMLError(.duplicateKey,
                            "duplicate key '\(text)' (first written at line \(first.line)); keep one of them",
                            at: node.mark, length: node.underlineLength))
                    } else {
                        stack[top].seenKeys[text] = node.mark
                    }
                }
                stack[top].pendingKey = node
            }
        }
        return true
    }
}
