/// Splits a command line into words as a shell would: spaces separate,
/// "double" and 'single' quotes group, a backslash escapes one character.
enum Tokenizer {
    struct UnterminatedQuote: Error {
        let quote: Character
    }

    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\", quote != "'" {
                escaped = true
                inWord = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw UnterminatedQuote(quote: quote) }
        if inWord { words.append(current) }
        return words
    }
}
