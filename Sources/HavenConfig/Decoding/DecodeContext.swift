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

    /// Warns at `node`'s position; the file still loads. `template` is
    /// Haven's words with a `{}` for each of `values`.
    func warning(_ template: String, _ values: any PhraseValue..., at node: Node) {
        let source = sources[node.file]
        var warning = Diagnostic(file: source.display, line: node.mark.line, column: node.mark.column,
                                 length: node.underlineLength, phrase: Phrase(template, values: values.map(\.phrase)),
                                 sourceLine: node.mark.line > 0 ? source.line(node.mark.line) : nil)
        warning.isWarning = true
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Reports a problem at `node`'s position, underlining it. `template` is
    /// Haven's words with a `{}` for each of `values`.
    func error(_ template: String, _ values: any PhraseValue..., at node: Node) {
        report(file: node.file, line: node.mark.line, column: node.mark.column,
               length: node.underlineLength, phrase: Phrase(template, values: values.map(\.phrase)))
    }

    /// Reports a problem found by the YAML parser.
    func error(_ problem: YAMLError, file: Int) {
        // The parser's own words (libyaml's) stay as it wrote them.
        var phrase = Phrase.literal(problem.message)
        if problem.kind == .syntax, let line = sources[file].line(problem.mark.line),
           line.prefix(problem.mark.column).contains("\t") {
            phrase = Phrase("{}; YAML indents with spaces, not tabs", phrase)
        }
        if problem.mark.line == 0 {
            report(file: file, line: 0, column: 0, length: 1, phrase: phrase)
        } else {
            report(file: file, line: problem.mark.line, column: problem.mark.column,
                   length: problem.length, phrase: phrase)
        }
    }

    /// Reports a problem with a whole file (not at one place in it).
    func fileError(_ template: String, _ values: any PhraseValue..., file: Int) {
        report(file: file, line: 0, column: 0, length: 1, phrase: Phrase(template, values: values.map(\.phrase)))
    }

    /// Reports a problem with a path that was never read.
    func pathError(_ phrase: Phrase, display: String) {
        add(Diagnostic(file: display, line: 0, column: 0, phrase: phrase))
    }

    private func report(file: Int, line: Int, column: Int, length: Int, phrase: Phrase) {
        let source = sources[file]
        add(Diagnostic(file: source.display, line: line, column: column, length: length,
                       phrase: phrase, sourceLine: line > 0 ? source.line(line) : nil))
    }

    private func add(_ diagnostic: Diagnostic) {
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
    private var perFile: [String: Int] = [:]
    private var hidden: [String: Int] = [:]

    /// Every problem, in file and line order, with one closing line for each
    /// file that had more than `maxPerFile`: "and 3,950 more".
    var report: [Diagnostic] {
        diagnostics.sorted() + hidden.keys.sorted().map { file in
            var closing = Diagnostic(file: file, line: Diagnostic.afterAll, column: 0,
                                     phrase: Phrase("and {} more problems in this file; fix these first",
                                                    Phrase.number(hidden[file]!)))
            closing.more = hidden[file]!
            return closing
        }
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
    func mapping<K: ConfigKey>(_ node: Node, _: K.Type, what: Phrase) -> [K: Entry]? {
        guard let pairs = node.pairs else {
            error("{} must be a mapping of keys to values, not {}", what, kind(of: node), at: node)
            return nil
        }
        var result: [K: Entry] = [:]
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let name = pair.key.scalar else {
                error("a key must be a plain word, not {}", kind(of: pair.key), at: pair.key)
                continue
            }
            guard let key = K(rawValue: name) else {
                let names = K.allCases.map(\.rawValue)
                if let near = Suggestion.closest(to: name, in: names) {
                    error("unknown key '{}' in {} (did you mean '{}'?)", name, K.owner, near, at: pair.key)
                } else {
                    error("unknown key '{}' in {}; valid keys: {}", name, K.owner, names.joined(separator: ", "),
                          at: pair.key)
                }
                continue
            }
            result[key] = Entry(key: pair.key, value: pair.value)
        }
        return result
    }

    /// A non-empty text value.
    func text(_ node: Node, what: Phrase) -> String? {
        guard let value = node.scalar, !node.isNull else {
            error("{} must be a text, not {}", what, kind(of: node), at: node)
            return nil
        }
        guard !value.allSatisfy(\.isWhitespace) else {
            error("{} must not be empty", what, at: node)
            return nil
        }
        return value
    }

    /// A whole number within `range`.
    func integer(_ node: Node, what: Phrase, range: ClosedRange<Int>) -> Int? {
        guard let value = plainNumber(node, what: what) else { return nil }
        guard let int = Int(value), !value.contains(".") else {
            error("{} must be a whole number, not '{}'", what, value, at: node)
            return nil
        }
        guard range.contains(int) else {
            error("{} must be {}, not {}", what, describe(range), int, at: node)
            return nil
        }
        return int
    }

    /// A finite decimal number greater than `above` when given.
    func number(_ node: Node, what: Phrase, above: Double? = nil, atLeast: Double? = nil) -> Double? {
        guard let value = plainNumber(node, what: what) else { return nil }
        guard let double = Double(value), double.isFinite,
              value.allSatisfy({ "0123456789.-+eE".contains($0) }) else {
            error("{} must be a number, not '{}'", what, value, at: node)
            return nil
        }
        if let above, double <= above {
            error("{} must be greater than {}, not {}", what, format(above), value, at: node)
            return nil
        }
        if let atLeast, double < atLeast {
            error("{} must be at least {}, not {}", what, format(atLeast), value, at: node)
            return nil
        }
        return double
    }

    private func plainNumber(_ node: Node, what: Phrase) -> String? {
        guard case .scalar(let value, let style) = node.content, !node.isNull else {
            error("{} must be a number, not {}", what, kind(of: node), at: node)
            return nil
        }
        guard style == .plain else {
            error("{} must be a number, not the text \"{}\"; write it without quotes", what, value, at: node)
            return nil
        }
        return value
    }

    /// `true` or `false`.
    func bool(_ node: Node, what: Phrase) -> Bool? {
        if case .scalar(let value, .plain) = node.content {
            switch value {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error("{} must be true or false, not {}", what, describeValue(node), at: node)
        return nil
    }

    /// One of an enum's values, with a did-you-mean for a near miss.
    func choice<E: RawRepresentable<String> & CaseIterable>(_ node: Node, _: E.Type, what: Phrase) -> E? {
        let names = E.allCases.map(\.rawValue)
        guard let value = node.scalar, !node.isNull else {
            error("{} must be one of {}, not {}", what, names.joined(separator: ", "), kind(of: node), at: node)
            return nil
        }
        if let result = E(rawValue: value) { return result }
        if let near = Suggestion.closest(to: value, in: names) {
            error("unknown {} '{}' (did you mean '{}'?)", what, value, near, at: node)
        } else {
            error("unknown {} '{}'; use one of {}", what, value, names.joined(separator: ", "), at: node)
        }
        return nil
    }

    /// A `"HH:MM"` time of day.
    func time(_ node: Node, what: Phrase) -> TimeOfDay? {
        guard let value = node.scalar, let time = TimeOfDay(value) else {
            error("{} must be a time written \"HH:MM\" (24-hour clock, e.g. \"18:00\"), not "
                  + "{}", what, describeValue(node),
                  at: node)
            return nil
        }
        return time
    }

    /// A `YYYY-MM-DD` date.
    func day(_ node: Node, what: Phrase) -> Day? {
        guard let value = node.scalar, let day = Day(value) else {
            error("{} must be a date written YYYY-MM-DD (e.g. 2026-01-31), not {}", what, describeValue(node), at: node)
            return nil
        }
        return day
    }

    /// A text, or a map of language codes to texts that includes `en`.
    func localized(_ node: Node, what: Phrase) -> LocalizedText? {
        if node.scalar != nil {
            return text(node, what: what).map(LocalizedText.init)
        }
        guard let pairs = node.pairs else {
            error("{} must be a text or a map of languages like { en: ..., de: ... }, not {}", what, kind(of: node),
                  at: node)
            return nil
        }
        var translations: [String: String] = [:]
        var ok = true
        for pair in pairs {
            guard let language = pair.key.scalar, isLanguageCode(language) else {
                error("'{}' is not a language code; use codes like en, de, fr", pair.key.scalar ?? "?", at: pair.key)
                ok = false
                continue
            }
            if let value = text(pair.value, what: Phrase("{} ({})", what, language)) {
                translations[language] = value
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        guard translations["en"] != nil else {
            error("{} needs an 'en' text, the fallback for every other language", what, at: node)
            return nil
        }
        return LocalizedText(translations: translations)
    }

    /// The items of a list.
    func list(_ node: Node, what: Phrase) -> [Node]? {
        guard let items = node.items else {
            error("{} must be a list like [a, b], not {}", what, kind(of: node), at: node)
            return nil
        }
        return items
    }

    /// A value quoted for a message: 'text', or a description of a collection.
    func describeValue(_ node: Node) -> Phrase {
        if let value = node.scalar, !node.isNull { return .literal("'\(value)'") }
        return kind(of: node)
    }

    /// A word for the node's kind: "a mapping", "a list", "a single value".
    func kind(of node: Node) -> Phrase {
        Phrase(node.kindDescription)
    }

    /// `en`, `de`, `pt-BR`: two or three lowercase ASCII letters, then
    /// optionally a dash and two uppercase ones (read by bytes: Character's
    /// properties cost 4,000 instructions a code, once per name of every tracker).
    private func isLanguageCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        let dash = bytes.firstIndex(of: UInt8(ascii: "-")) ?? bytes.count
        guard (2...3).contains(dash), bytes[..<dash].allSatisfy({ (0x61...0x7A).contains($0) }) else { return false }
        if dash == bytes.count { return true }
        let region = bytes[(dash + 1)...]
        return region.count == 2 && region.allSatisfy { (0x41...0x5A).contains($0) }
    }

    private func describe(_ range: ClosedRange<Int>) -> Phrase {
        if range.upperBound == Int.max { return Phrase("at least {}", range.lowerBound) }
        return Phrase("from {} to {}", range.lowerBound, range.upperBound)
    }

    func format(_ value: Double) -> String { value.plainText }
}
