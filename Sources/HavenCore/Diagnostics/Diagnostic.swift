/// One problem in a file, with where it is and how to render it.
public struct Diagnostic: Sendable, Hashable, Comparable {
    /// The file as shown to the person (relative to what they named).
    public var file: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column in characters.
    public var column: Int
    /// Characters to underline from `column`.
    public var length: Int
    /// What is wrong, in words that can be said in the person's language.
    public var phrase: Phrase
    /// What is wrong, in English (JSON, tests); cut after `maxMessage`
    /// characters, as a value quoted in it may be huge.
    public var message: String { Diagnostic.cut(phrase.description) }
    /// The source line, for the excerpt under the message.
    public var sourceLine: String?
    /// For the closing remark on a file with too many problems to show:
    /// how many were not shown. 0 for every ordinary diagnostic.
    public var more = 0
    /// A warning: worth knowing, but the file still loads.
    public var isWarning = false

    public init(file: String, line: Int, column: Int, length: Int = 1, phrase: Phrase, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.length = max(1, length)
        self.phrase = phrase
        self.sourceLine = sourceLine
    }

    /// A message that stays as written in every language (a Lua error).
    public init(file: String, line: Int, column: Int, length: Int = 1, message: String, sourceLine: String? = nil) {
        self.init(file: file, line: line, column: column, length: length, phrase: .literal(message),
                  sourceLine: sourceLine)
    }

    /// `path:line:col: error: message`, then the source line and a caret
    /// under the offending text (SPEC §2.5), in English.
    public var rendered: String {
        rendered(translate: { $0 }, number: Phrase.groupedEnglish)
    }

    /// The same in a language: `translate` says Haven's words ("error" and
    /// "warning" among them), `number` a count.
    public func rendered(translate: (String) -> String, number: (Int) -> String) -> String {
        let kind = translate(isWarning ? "warning" : "error")
        let message = Diagnostic.cut(phrase.said(translate: translate, number: number))
        guard line > 0 && line != Diagnostic.afterAll else { return "\(file): \(kind): \(message)" }
        var text = "\(file):\(line):\(column): \(kind): \(message)"
        if let sourceLine {
            // Control characters are shown as their pictures (a NUL as ␀),
            // never sent to the terminal.
            var chars = sourceLine.unicodeScalars.map { scalar -> Character in
                scalar.value < 0x20 && scalar != "\t" ? Character(Unicode.Scalar(0x2400 + scalar.value)!)
                    : Character(scalar)
            }
            var caretColumn = column
            // A very long line is shown as a window around the column.
            if chars.count > Diagnostic.maxShownLine {
                let start = max(0, min(column - 1 - Diagnostic.maxShownLine / 3, chars.count - Diagnostic.maxShownLine))
                let end = min(chars.count, start + Diagnostic.maxShownLine)
                chars = (start > 0 ? ["…"] : []) + chars[start..<end] + (end < chars.count ? ["…"] : [])
                caretColumn = column - start + (start > 0 ? 1 : 0)
            }
            // Keep tabs in the caret's indent so it lines up under them.
            let indent = chars.prefix(max(0, caretColumn - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
            let available = max(1, chars.count - (caretColumn - 1))
            let span = min(length, available)
            text += "\n    " + String(chars) + "\n    " + indent + "^" + String(repeating: "~", count: max(0, span - 1))
        }
        return text
    }

    /// The line of a closing remark about a whole file: after every other.
    public static let afterAll = Int.max

    /// How many problems `diagnostics` stand for, the unshown ones included.
    public static func problems(in diagnostics: [Diagnostic]) -> Int {
        diagnostics.reduce(0) { $0 + ($1.more > 0 ? $1.more : 1) }
    }

    /// The most characters of a source line shown under a message.
    static let maxShownLine = 100
    /// The longest message (a message quoting a huge value is cut).
    public static let maxMessage = 400

    static func cut(_ message: String) -> String {
        message.count > maxMessage ? String(message.prefix(maxMessage)) + "…" : message
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file, a.line, a.column, a.message) < (b.file, b.line, b.column, b.message)
    }
}
