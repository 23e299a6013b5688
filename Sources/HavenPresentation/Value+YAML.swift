extension Value {
    /// Block-style YAML, the way a person would write a tracker file.
    public func yaml() -> String {
        var lines: [String] = []
        emit(into: &lines, indent: "")
        return lines.joined(separator: "\n")
    }

    private func emit(into lines: inout [String], indent: String) {
        switch self {
        case .object(let pairs):
            for (key, value) in pairs {
                value.emitField(key, into: &lines, indent: indent)
            }
        case .array(let items):
            for item in items { lines.append(indent + "- " + item.inline()) }
        default:
            lines.append(indent + inline())
        }
    }

    private func emitField(_ key: String, into lines: inout [String], indent: String) {
        switch self {
        case .object(let pairs) where !pairs.isEmpty && !isSmall:
            lines.append(indent + key + ":")
            emit(into: &lines, indent: indent + "  ")
        case .array(let items) where items.contains(where: { if case .object = $0 { return true }; return false }):
            lines.append(indent + key + ":")
            for item in items {
                guard case .object(let pairs) = item else {
                    lines.append(indent + "  - " + item.inline())
                    continue
                }
                lines.append(indent + "  - " + Value.object(pairs).inline())
            }
        default:
            lines.append(indent + key + ": " + inline())
        }
    }

    /// Small objects of scalars read best on one line: `{ en: NoAlc, de: NoAlc }`.
    private var isSmall: Bool {
        guard case .object(let pairs) = self, pairs.count <= 3 else { return false }
        return pairs.allSatisfy { pair in
            switch pair.1 {
            case .object, .array: return false
            default: return true
            }
        }
    }

    /// Flow style: scalars, `[a, b]`, `{ k: v }`.
    public func inline() -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .fixed: return json()
        case .string(let s): return Value.yamlScalar(s)
        case .array(let items): return "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
        case .object(let pairs):
            return "{ " + pairs.map { $0.0 + ": " + $0.1.inline() }.joined(separator: ", ") + " }"
        }
    }

    /// A string plain when YAML would read it back as the same string, else quoted.
    public static func yamlScalar(_ s: String) -> String {
        let reserved: Set<String> = ["", "null", "~", "true", "false", "yes", "no", "on", "off"]
        let special = ":#{}[],&*!|>'\"%@`"
        let looksNumeric = Double(s) != nil || s.contains(":") || s.first.map { "-?".contains($0) } == true
        if reserved.contains(s.lowercased()) || looksNumeric || s.contains(where: { special.contains($0) })
            || s.hasPrefix(" ") || s.hasSuffix(" ") || s.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return quote(s)
        }
        return s
    }
}
