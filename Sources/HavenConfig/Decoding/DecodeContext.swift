import HavenCore
import YAML

/// Collects diagnostics while decoding nodes, and reads typed values out of
/// nodes, reporting every value that does not fit at its own line and column.
final class DecodeContext {
    private(set) var sources: [SourceFile] = []
    private var seen: Set<Diagnostic> = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Warnings: reported, never a reason to leave a file out.
    private(set) var warnings: [Diagnostic] = []

    /// Registers a file and returns its number for the parser.
    func add(_ source: SourceFile) -> Int {
        sources.append(source)
        return sources.count - 1
    }

    /// Keeps a file's text once it has been read, for source lines.
    func setText(_ text: String, of file: Int) {
        sources[file].text = text
    }

    func source(of node: Node) -> SourceFile { sources[node.file] }

    /// Warns with `message` at `node`'s position; the file still loads.
    func warning(_ message: String, at node: Node) {
        let source = sources[node.file]
        var warning = Diagnostic(file: source.display, line: node.mark.line, column: node.mark.column,
                                 length: node.underlineLength, message: message,
                                 sourceLine: node.mark.line > 0 ? source.line(node.mark.line) : nil)
        warning.isWarning = true
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Reports `message` at `node`'s position, underlining it.
    func error(_ message: String, at node: Node) {
        report(file: node.file, line: node.mark.line, column: node.mark.column,
               length: node.underlineLength, message: message)
    }

    /// Reports a problem found by the YAML parser.
    func error(_ problem: YAMLError, file: Int) {
        var message = problem.message
        if problem.kind == .syntax, let line = sources[file].line(problem.mark.line),
           line.prefix(problem.mark.column).contains("\t") {
            message += "; YAML indents with spaces, not tabs"
        }
        if problem.mark.line == 0 {
            fileError(message, file: file)
        } else {
            report(file: file, line: problem.mark.line, column: problem.mark.column,
                   length: problem.length, message: message)
        }
    }

    /// Reports a problem with a whole file (not at one place in it).
    func fileError(_ message: String, file: Int) {
        report(file: file, line: 0, column: 0, length: 1, message: message)
    }

    /// Reports a problem with a path that was never read.
    func pathError(_ message: String, display: String) {
        add(Diagnostic(file: display, line: 0, column: 0, message: message))
    }

    private func report(file: Int, line: Int, column: Int, length: Int, message: String) {
        let source = sources[file]
        add(Diagnostic(file: source.display, line: line, column: column, length: length,
                       message: message, sourceLine: line > 0 ? source.line(line) : nil))
    }

    private func add(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.message.count > DecodeContext.maxMessage {
            diagnostic.message = String(diagnostic.message.prefix(DecodeContext.maxMessage)) + "…"
        }
        // A preset's problem shows once, not again for each tracker extending it.
        guard seen.insert(diagnostic).inserted else { return }
        let shown = perFile[diagnostic.file, default: 0]
        if shown < DecodeContext.maxPerFile {
            perFile[diagnostic.file] = shown + 1
            diagnostics.append(diagnostic)
        } else {
            hidden[diagnostic.file, default: 0] += 1
        }
    }

    /// Problems reported so far, shown or not.
    var count: Int { diagnostics.count + hidden.values.reduce(0, +) }

    /// The most problems shown for one file; the rest are counted.
    static let maxPerFile = 50
    /// The longest message (a message quoting a huge value is cut).
    static let maxMessage = 400
    private var perFile: [String: Int] = [:]
    private var hidden: [String: Int] = [:]

    /// Every problem, in file and line order, with one closing line for each
    /// file that had more than `maxPerFile`: "and 3,950 more".
    var report: [Diagnostic] {
        diagnostics.sorted() + hidden.keys.sorted().map { file in
            var closing = Diagnostic(file: file, line: Diagnostic.afterAll, column: 0,
                                     message: "and \(Self.grouped(hidden[file]!)) more problems in this file; fix these first")
            closing.more = hidden[file]!
            return closing
        }
    }

    private static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
    }
}

/// A key of a mapping with the nodes of its key and its value.
struct Entry {
    var key: Node
    var value: Node
}

extension DecodeContext {
    /// Reads a mapping whose keys are `K`; reports unknown keys with a
    /// suggestion. Returns nil (after reporting) when `node` is no mapping.
    func mapping<K: ConfigKey>(_ node: Node, _: K.Type, what: String) -> [K: Entry]? {
        guard let pairs = node.pairs else {
            error("\(what) must be a mapping of keys to values, not \(node.kindDescription)", at: node)
            return nil
        }
        var result: [K: Entry] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar else {
                error("a key must be a plain word, not \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            guard let key = K(rawValue: name) else {
                let names = K.allCases.map(\.rawValue)
                if let near = Suggestion.closest(to: name, in: names) {
                    error("unknown key '\(name)' in \(K.owner) (did you mean '\(near)'?)", at: pair.key)
                } else {
                    error("unknown key '\(name)' in \(K.owner); valid keys: \(names.joined(separator: ", "))",
                          at: pair.key)
                }
                continue
            }
            result[key] = Entry(key: pair.key, value: pair.value)
        }
        return result
    }

    /// A non-empty text value.
    func text(_ node: Node, what: String) -> String? {
        guard let value = node.scalar, !node.isNull else {
            error("\(what) must be a text, not \(node.kindDescription)", at: node)
            return nil
        }
        guard !value.allSatisfy(\.isWhitespace) else {
            error("\(what) must not be empty", at: node)
            return nil
        }
        return value
    }

    /// A whole number within `range`.
    func integer(_ node: Node, what: String, range: ClosedRange<Int>) -> Int? {
        guard let value = plainNumber(node, what: what) else { return nil }
        guard let int = Int(value), !value.contains(".") else {
            error("\(what) must be a whole number, not '\(value)'", at: node)
            return nil
        }
        guard range.contains(int) else {
            error("\(what) must be \(describe(range)), not \(int)", at: node)
            return nil
        }
        return int
    }

    /// A finite decimal number greater than `above` when given.
    func number(_ node: Node, what: String, above: Double? = nil, atLeast: Double? = nil) -> Double? {
        guard let value = plainNumber(node, what: what) else { return nil }
        guard let double = Double(value), double.isFinite,
              value.allSatisfy({ "0123456789.-+eE".contains($0) }) else {
            error("\(what) must be a number, not '\(value)'", at: node)
            return nil
        }
        if let above, double <= above {
            error("\(what) must be greater than \(format(above)), not \(value)", at: node)
            return nil
        }
        if let atLeast, double < atLeast {
            error("\(what) must be at least \(format(atLeast)), not \(value)", at: node)
            return nil
        }
        return double
    }

    private func plainNumber(_ node: Node, what: String) -> String? {
        guard case .scalar(let value, let style) = node.content, !node.isNull else {
            error("\(what) must be a number, not \(node.kindDescription)", at: node)
            return nil
        }
        guard style == .plain else {
            error("\(what) must be a number, not the text \"\(value)\"; write it without quotes", at: node)
            return nil
        }
        return value
    }

    /// `true` or `false`.
    func bool(_ node: Node, what: String) -> Bool? {
        if case .scalar(let value, .plain) = node.content {
            switch value {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error("\(what) must be true or false, not \(describeValue(node))", at: node)
        return nil
    }

    /// One of an enum's values, with a did-you-mean for a near miss.
    func choice<E: RawRepresentable<String> & CaseIterable>(_ node: Node, _: E.Type, what: String) -> E? {
        guard let value = node.scalar, !node.isNull else {
            error("\(what) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), not \(node.kindDescription)",
                  at: node)
            return nil
        }
        if let result = E(rawValue: value) { return result }
        let names = E.allCases.map(\.rawValue)
        if let near = Suggestion.closest(to: value, in: names) {
            error("unknown \(what) '\(value)' (did you mean '\(near)'?)", at: node)
        } else {
            error("unknown \(what) '\(value)'; use one of \(names.joined(separator: ", "))", at: node)
        }
        return nil
    }

    /// A `"HH:MM"` time of day.
    func time(_ node: Node, what: String) -> TimeOfDay? {
        guard let value = node.scalar, let time = TimeOfDay(value) else {
            error("\(what) must be a time written \"HH:MM\" (24-hour clock, e.g. \"18:00\"), not \(describeValue(node))",
                  at: node)
            return nil
        }
        return time
    }

    /// A `YYYY-MM-DD` date.
    func day(_ node: Node, what: String) -> Day? {
        guard let value = node.scalar, let day = Day(value) else {
            error("\(what) must be a date written YYYY-MM-DD (e.g. 2026-01-31), not \(describeValue(node))", at: node)
            return nil
        }
        return day
    }

    /// A text, or a map of language codes to texts that includes `en`.
    func localized(_ node: Node, what: String) -> LocalizedText? {
        if node.scalar != nil {
            return text(node, what: what).map(LocalizedText.init)
        }
        guard let pairs = node.pairs else {
            error("\(what) must be a text or a map of languages like { en: ..., de: ... }, not \(node.kindDescription)",
                  at: node)
            return nil
        }
        var translations: [String: String] = [:]
        var ok = true
        for pair in pairs {
            guard let language = pair.key.scalar, isLanguageCode(language) else {
                error("'\(pair.key.scalar ?? "?")' is not a language code; use codes like en, de, fr", at: pair.key)
                ok = false
                continue
            }
            if let value = text(pair.value, what: "\(what) (\(language))") {
                translations[language] = value
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        guard translations["en"] != nil else {
            error("\(what) needs an 'en' text, the fallback for every other language", at: node)
            return nil
        }
        return LocalizedText(translations: translations)
    }

    /// The items of a list.
    func list(_ node: Node, what: String) -> [Node]? {
        guard let items = node.items else {
            error("\(what) must be a list like [a, b], not \(node.kindDescription)", at: node)
            return nil
        }
        return items
    }

    /// A value quoted for a message: 'text', or a description of a collection.
    func describeValue(_ node: Node) -> String {
        if let value = node.scalar, !node.isNull { return "'\(value)'" }
        return node.kindDescription
    }

    private func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
              parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.count == 1 || (parts[1].count == 2 && parts[1].allSatisfy { $0.isASCII && $0.isUppercase })
    }

    private func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "at least \(range.lowerBound)" }
        return "from \(range.lowerBound) to \(range.upperBound)"
    }

    func format(_ value: Double) -> String { value.plainText }
}
