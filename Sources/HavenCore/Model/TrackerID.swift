/// A tracker, preset, level-set or reward-rule id: `[a-z][a-z0-9-]*`.
public enum Identifier {
    /// True when `text` is a valid id.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return text.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-")
        }
    }
}
