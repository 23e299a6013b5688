/// Text shown to a person, either one string for every language or a map
/// from language codes (`en`, `de`) to strings, with `en` as the fallback.
public struct LocalizedText: Sendable, Hashable {
    /// The language-independent text, when the file gave a plain string.
    public var plain: String?
    /// Translations by lower-case language code.
    public var translations: [String: String]

    public init(_ plain: String) {
        self.plain = plain
        self.translations = [:]
    }

    public init(translations: [String: String]) {
        self.plain = nil
        self.translations = translations
    }

    /// The text in `language`, else English, else any translation.
    public func resolve(_ language: String) -> String {
        if let plain { return plain }
        return translations[language] ?? translations["en"] ?? translations.values.sorted().first ?? ""
    }
}
