/// The rules for a person's free text (a note, a trigger): the same for
/// what is typed and what is imported (SPEC §7, #28). A text is refused,
/// never cut: too long, with a control character, or with a bidirectional
/// control that could make it read as something else on a terminal.
public enum TextRule {
    /// Characters of a note, and of a trigger.
    public static let noteLimit = 1000, triggerLimit = 200

    public enum Problem: Sendable, Equatable {
        case tooLong(characters: Int, bytes: Int)
        case control
        /// The bidirectional control's code point, in hex.
        case bidi(code: String)
    }

    /// What is wrong with `text` for a field of `limit` characters (and 4
    /// bytes a character), or nil.
    public static func problem(_ text: String, limit: Int) -> Problem? {
        if text.count > limit || text.utf8.count > 4 * limit {
            return .tooLong(characters: text.count, bytes: text.utf8.count)
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) { return .control }
        if let scalar = text.unicodeScalars.first(where: { [0x061C, 0x200E, 0x200F].contains($0.value)
            || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }) {
            return .bidi(code: String(scalar.value, radix: 16, uppercase: true))
        }
        return nil
    }

    /// Another app's note as Haven keeps it: its line breaks and tabs (a
    /// multi-line note in Loop, say) each one space, ends trimmed. Nothing
    /// else changes; the rules above still apply.
    public static func imported(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append([0x0A, 0x0D, 0x09].contains(scalar.value) ? " " : scalar)
        }
        var text = Substring(String(out))
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
