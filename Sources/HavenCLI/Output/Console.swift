import Foundation
import HavenPresentation

/// Where a command writes, and how: colour and emoji only on a terminal,
/// never with `NO_COLOR` or `--no-color`. The only place that prints, and
/// everything it prints is made safe for a terminal (`TerminalText`).
public struct Console: Sendable {
    public var color: Bool
    public var language: String

    public init(color: Bool, language: String) {
        self.color = color
        self.language = language
    }

    /// Haven's own words in this console's language.
    var words: Words { Words(language: language, strict: strictWords) }
    /// Untranslated phrases show as ⟦phrase⟧ (`HAVEN_TEST_STRICT_WORDS=1`).
    var strictWords = false

    public func out(_ text: String) {
        write(text + "\n")
    }

    public func err(_ text: String) {
        Console.write(text + "\n", color: false, to: .standardError)
    }

    /// Standard output without a line break: a prompt.
    public func write(_ text: String) {
        Console.write(text, color: color, to: .standardOutput)
    }

    /// A file's text (CSV, with its CR LF line ends) as it is when standard
    /// output goes to a file or a pipe; on a terminal, made printable like
    /// everything else.
    public func file(_ text: String) {
        guard isatty(STDOUT_FILENO) != 1 else { return write(text) }
        Console.writeAll(text, to: STDOUT_FILENO)
    }

    /// Every byte Haven prints passes here (but a file's, above, when it goes to a file).
    static func write(_ text: String, color: Bool, to handle: FileHandle) {
        writeAll(TerminalText.printable(text, color: color), to: handle.fileDescriptor)
    }

    /// Writes the whole text with write(2), straight from the string's own
    /// UTF-8 (no `Data` in between); a reader that went away (a closed
    /// pipe) ends the writing, as SIGPIPE does unless it is ignored.
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    public enum Style: Int, Sendable {
        case bold, dim, red, green, yellow, cyan
    }

    /// `text` in a style, shown only on a colour console.
    public func styled(_ text: String, _ style: Style) -> String {
        guard color else { return text }
        return String(Unicode.Scalar(TerminalText.firstStyle + UInt32(style.rawValue))!) + text
            + String(Unicode.Scalar(TerminalText.reset)!)
    }

    /// The person's language: `--lang`, else `LANG` (`de_DE.UTF-8` → `de`), else English.
    public static func language(option: String?, environment: [String: String]) -> String {
        let raw = option ?? environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? "en"
        let code = raw.split(whereSeparator: { "_.@".contains($0) }).first.map { $0.lowercased() } ?? "en"
        return code == "c" || code == "posix" || code.isEmpty ? "en" : code
    }

    /// Colour when standard output is a terminal and nobody said no.
    public static func wantsColor(noColorFlag: Bool, environment: [String: String]) -> Bool {
        if noColorFlag { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}

/// Pads text to a width in terminal columns, counting an emoji as two.
enum Columns {
    static func width(_ text: String) -> Int {
        // Plain ASCII, the common case, is one column a byte: no grapheme breaking needed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { total, character in
            let wide = character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
            return total + (wide ? 2 : 1)
        }
    }

    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - self.width(text)))
    }
}
