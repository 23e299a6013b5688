import Foundation

/// A JSON-shaped value with ordered object keys, rendered as JSON for
/// scripts or as YAML for people.
public indirect enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number with exactly this many decimals (the score: six).
    case fixed(Double, Int)
    case string(String)
    case array([Value])
    case object([(String, Value)])

    public static func == (a: Value, b: Value) -> Bool {
        a.json() == b.json()
    }

    /// `key: value` pairs with nil values left out.
    public static func fields(_ pairs: [(String, Value?)]) -> Value {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// Compact JSON on one line, or indented with `pretty`.
    public func json(pretty: Bool = false, indent: String = "") -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .fixed(let d, let decimals): return String(format: "%.\(decimals)f", d)
        case .string(let s): return Value.quote(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            // Numbers alone stay on one line, pretty or not: a row of a grid reads as a row.
            if !pretty || items.allSatisfy(\.isNumber) { return "[" + items.map { $0.json() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.json(pretty: true, indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            if !pretty {
                return "{" + pairs.map { Value.quote($0.0) + ": " + $0.1.json() }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            return "{\n" + pairs.map { inner + Value.quote($0.0) + ": " + $0.1.json(pretty: true, indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    var isNumber: Bool {
        switch self {
        case .int, .double, .fixed: true
        default: false
        }
    }

    /// A number without a trailing `.0` for whole values.
    public static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Value.needsJSONEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether JSON output must write `scalar` as `\uXXXX`: C0 and C1
    /// controls, DEL and bidirectional controls, so that `--json` on a
    /// terminal is as safe as text, and the noncharacters the terminal
    /// uses for its styles (see the CLI's `TerminalText`).
    static func needsJSONEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFDD0...0xFDDF: true
        default: false
        }
    }
}
