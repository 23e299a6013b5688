import HavenCore

/// Turns what a person typed after `log ID` into an entry value, refusing
/// anything the tracker cannot take with a message that says what to type.
enum ValueInput {
    static func parse(_ text: String?, for tracker: TrackerDefinition) throws(RuntimeError) -> EntryValue {
        let id = tracker.id
        switch tracker.input {
        case .check:
            guard let text else { return .none }
            throw .invalidInput("'\(id)' is a check tracker and takes no value, not '\(text)'; log it with: haven log \(id)")
        case .count:
            guard let text else { return .number(1) }
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 1,
                  n <= 1_000_000 else {
                throw .invalidInput("a count is a whole number from 1 to 1000000, not '\(text)'; "
                    + "for example: haven log \(id) +1")
            }
            return .number(Double(n))
        case .amount:
            let unit = tracker.unit.map { " in \($0)" } ?? ""
            guard let text else {
                throw .invalidInput("'\(id)' needs an amount\(unit); for example: haven log \(id) 10")
            }
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let n = Double(digits), n.isFinite, n > 0, n <= 1_000_000 else {
                throw .invalidInput("an amount is a number greater than 0\(unit), not '\(text)'; "
                    + "for example: haven log \(id) 12.5")
            }
            return .number(n)
        case .levels:
            let keys = tracker.levels?.levels.map(\.key) ?? []
            guard let text else {
                throw .invalidInput("'\(id)' needs a level: \(keys.joined(separator: ", ")); "
                    + "for example: haven log \(id) \(keys.first ?? "")")
            }
            guard keys.contains(text) else {
                throw .unknownLevel(tracker: id, key: text, valid: keys,
                                    suggestion: Suggestion.closest(to: text, in: keys))
            }
            return .level(text)
        }
    }

    /// A note or trigger: one line, at most `limit` characters.
    static func text(_ text: String?, what: String, limit: Int) throws(RuntimeError) -> String? {
        guard let text else { return nil }
        if text.count > limit {
            throw .invalidInput("a \(what) may hold at most \(limit) characters, and this one has \(text.count); "
                + "shorten it")
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidInput("a \(what) cannot hold control characters such as line breaks or tabs; "
                + "write it on one line")
        }
        return text.isEmpty ? nil : text
    }
}
