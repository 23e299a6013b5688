import Foundation
import HavenCore
/// Haven's own words in the person's language, English as the fallback.
/// The English phrase is the key; `{}` marks where a value goes.
public struct Words: Sendable {
    public let language: String
    /// Marks a phrase that has no translation as ⟦phrase⟧, for tests that
    /// check every phrase of a command is translated.
    public var strict = false

    public init(language: String, strict: Bool = false) {
        self.language = language
        self.strict = strict
    }

    /// The languages Haven's own words come in.
    public static let languages = ["en", "de"]

    /// German for Haven's own words, by topic.
    static let german: [String: String] = germanDaily.merging(germanPacks) { daily, _ in daily }
        .merging(germanImport) { earlier, _ in earlier }.merging(germanSync) { earlier, _ in earlier }
        .merging(germanWizard) { earlier, _ in earlier }.merging(germanEveryday) { earlier, _ in earlier }
        .merging(germanSweep) { earlier, _ in earlier }.merging(germanPractices) { earlier, _ in earlier }
        .merging(germanQuick) { earlier, _ in earlier }.merging(germanInsights) { earlier, _ in earlier }
        .merging(germanDiagnostics) { earlier, _ in earlier }


    /// A diagnostic of a file in the language: its words looked up (`error`
    /// and `warning` among them), its literals as written, its counts
    /// grouped the language's way.
    public func diagnostic(_ diagnostic: Diagnostic) -> String {
        diagnostic.rendered(translate: translate, number: grouped)
    }

    private func translate(_ english: String) -> String {
        guard language == "de" else { return english }
        return Words.german[english] ?? (strict && english.contains(where: \.isLetter) ? "⟦\(english)⟧" : english)
    }

    /// `english` in the language, with each `{}` replaced by the next value.
    public func callAsFunction(_ english: String, _ values: CustomStringConvertible...) -> String {
        var text = english
        if language == "de" {
            text = Words.german[english] ?? (strict ? "⟦\(english)⟧" : english)
        }
        // Each value goes in as it is: a `{}` inside a value (a path, a note) is never filled in turn.
        // Appended through String's own Substring overload: `+` of a Substring goes through the
        // generic Sequence append, whose first call scans every conformance of the binary.
        // The `{}` are found in the UTF-8 bytes: Foundation's `range(of:)`
        // cost 4,300 instructions a call, a fifth of a status line (D334).
        guard !values.isEmpty else { return text }
        // A translation may take the values in another order: {1}, {2} … name them.
        if language == "de", text.contains("{1}") {
            return Phrase(english, values: values.map { .literal($0.description) }).said(translate: translate, number: grouped)
        }
        var result = ""
        var rest = text[...]
        for value in values {
            guard let open = Words.placeholder(in: rest) else { break }
            result.append(contentsOf: rest[..<open])
            result.append(value.description)
            rest = rest[rest.utf8.index(open, offsetBy: 2)...]
        }
        result.append(contentsOf: rest)
        return result
    }

    /// Where the first `{}` of `text` starts.
    static func placeholder(in text: Substring) -> Substring.Index? {
        var previous: UInt8 = 0
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if previous == UInt8(ascii: "{") && byte == UInt8(ascii: "}") { return text.utf8.index(before: index) }
            previous = byte
            index = text.utf8.index(after: index)
        }
        return nil
    }
}

extension Words {
    /// A number as people read it in the language: 2.5 in English, 2,5 in German.
    public func number(_ n: Double) -> String {
        let text = Value.format(n)
        return language == "de" ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// "1 tracker", "2 Tracker": a count with the word that fits it, in
    /// the language (`one` and `many` are the English words).
    /// `grouped` writes large numbers with the language's thousands mark.
    public func count(_ n: Int, _ one: String, _ many: String, grouped: Bool = false) -> String {
        self(n == 1 ? "{} " + one : "{} " + many, grouped ? self.grouped(n) : String(n))
    }

    /// 1234567 as 1,234,567 in English and 1.234.567 in German.
    public func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += language == "de" ? "." : "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// "a", "a and b", "a, b and c" (or with `conjunction` " or "): in the language.
    public func list(_ items: [String], conjunction: String = " and ") -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + self(conjunction) + last
    }

    /// A share as people write it: 66% in English, 66 % in German.
    public func percent(_ value: Int) -> String {
        language == "de" ? "\(value) %" : "\(value)%"
    }

    /// A share with its decimals: 35.1% in English, 35,1 % in German.
    public func percent(_ value: Double) -> String {
        number(value) + (language == "de" ? " %" : "%")
    }
}
