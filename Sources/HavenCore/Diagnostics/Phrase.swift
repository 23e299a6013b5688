/// Words for a person with the values they carry kept apart, so that the
/// words can be said in another language: the presentation layer looks the
/// English template up, fills each `{}` with the next value in turn, and
/// says a value that is itself a phrase in the same language. What a file
/// holds (a key, a value, a path) is a literal and is said as written, as a
/// compiler quotes source; a number is grouped the language's way. (No
/// string literal becomes a phrase by itself: `Phrase("a tracker")` is
/// always Haven's words, `.key("goal")` always the file's.)
public struct Phrase: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Haven's own words: translated.
        case words
        /// Said as written in every language.
        case literal
        /// A count, grouped by the language (3,950 / 3.950).
        case number(Int)
    }

    public let template: String
    public let values: [Phrase]
    public let kind: Kind

    /// Haven's words, `{}` marking where each value goes.
    public init(_ template: String, _ values: any PhraseValue...) {
        self.init(template, values: values.map(\.phrase))
    }

    public init(_ template: String, values: [Phrase]) {
        self.template = template
        self.values = values
        kind = .words
    }

    private init(text: String, kind: Kind) {
        template = text
        values = []
        self.kind = kind
    }

    /// What a file holds, said as written in every language: a value, a path.
    public static func literal(_ text: String) -> Phrase { Phrase(text: text, kind: .literal) }

    /// A key of a file, said as written (`goal` stays `goal` in German).
    public static func key(_ name: String) -> Phrase { .literal(name) }

    public static func number(_ n: Int) -> Phrase { Phrase(text: String(n), kind: .number(n)) }

    /// Nothing: an empty suffix, said as nothing in every language.
    public static let none = Phrase.literal("")

    /// Said in English.
    public var description: String {
        said(translate: { $0 }, number: Phrase.groupedEnglish)
    }

    /// Said with `translate` for Haven's words and `number` for counts.
    public func said(translate: (String) -> String, number: (Int) -> String) -> String {
        switch kind {
        case .literal: return template
        case .number(let n): return number(n)
        case .words: break
        }
        // A translation may take the values in another order: `{2}` is the
        // second value; `{}` is the next one in turn.
        let text = Array(translate(template).unicodeScalars)
        var result = ""
        var next = 0
        var i = 0
        while i < text.count {
            if text[i] == "{", let close = text[(i + 1)...].firstIndex(of: "}"),
               text[(i + 1)..<close].allSatisfy({ $0.properties.numericType == .decimal }) {
                let digits = String(String.UnicodeScalarView(text[(i + 1)..<close]))
                let index = digits.isEmpty ? next : (Int(digits) ?? 0) - 1
                if digits.isEmpty { next += 1 }
                if values.indices.contains(index) {
                    result += values[index].said(translate: translate, number: number)
                    i = close + 1
                    continue
                }
            }
            result.unicodeScalars.append(text[i])
            i += 1
        }
        return result
    }

    /// 3950 as "3,950".
    public static func groupedEnglish(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        let body = String(digits.enumerated().flatMap { i, d in
            (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d]
        })
        return n < 0 ? "-" + body : body
    }
}

/// A value that can stand in a phrase: text and numbers as literals, a
/// phrase as words of its own.
public protocol PhraseValue {
    var phrase: Phrase { get }
}

extension Phrase: PhraseValue {
    public var phrase: Phrase { self }
}

extension String: PhraseValue {
    public var phrase: Phrase { .literal(self) }
}

extension Substring: PhraseValue {
    public var phrase: Phrase { .literal(String(self)) }
}

extension Int: PhraseValue {
    public var phrase: Phrase { .literal(String(self)) }
}
