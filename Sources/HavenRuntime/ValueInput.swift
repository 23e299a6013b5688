import HavenCore

/// Turns what a person typed after `log ID` into an entry value, refusing
/// anything the tracker cannot take with a message that says what to type.
enum ValueInput {
    static func parse(_ text: String?, for tracker: TrackerDefinition) throws(RuntimeError) -> EntryValue {
        let id = tracker.id
        switch tracker.input {
        case .check:
            guard let text else { return .none }
            throw .badValue(.checkTakesNone(tracker: id, text: text))
        case .count:
            guard let text else { return .number(1) }
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 1,
                  n <= 1_000_000 else {
                throw .badValue(.count(tracker: id, text: text))
            }
            return .number(Double(n))
        case .amount:
            guard let text else { throw .badValue(.amount(tracker: id, text: nil, unit: tracker.unit)) }
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            // At most three decimals: amounts are kept and summed in thousandths (SPEC §3).
            let decimals = digits.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), decimals <= 3,
                  let n = Double(digits), n.isFinite, n > 0, n <= 1_000_000 else {
                throw .badValue(.amount(tracker: id, text: text, unit: tracker.unit))
            }
            return .number(n)
        case .levels:
            let keys = tracker.levels?.levels.map(\.key) ?? []
            guard let text else { throw .badValue(.levelMissing(tracker: id, keys: keys)) }
            if keys.contains(text) { return .level(text) }
            // A quick key: the start of one level's key (`noalc st`), in any case.
            let typed = text.lowercased()
            let matches = typed.isEmpty ? [] : keys.filter { $0.lowercased().hasPrefix(typed) }
            if matches.count == 1 { return .level(matches[0]) }
            if matches.count > 1 { throw .ambiguousLevel(tracker: id, start: text, candidates: matches) }
            throw .unknownLevel(tracker: id, key: text, valid: keys, suggestion: Suggestion.closest(to: text, in: keys))
        }
    }

    /// A note or trigger: at most `limit` characters and four bytes a
    /// character (combining marks cannot stretch one character without end),
    /// and no control, C1 or bidirectional-control characters, which could
    /// rewrite a terminal or reorder what is shown around them (SPEC §13).
    static func text(_ text: String?, what: TextField, limit: Int) throws(RuntimeError) -> String? {
        guard let text else { return nil }
        switch TextRule.problem(text, limit: limit) {
        case .tooLong(let characters, let bytes)?:
            throw .badValue(.textTooLong(field: what, limit: limit, characters: characters, bytes: bytes))
        case .control?: throw .badValue(.textControl(field: what))
        case .bidi(let code)?: throw .badValue(.textBidi(field: what, code: code))
        case nil: return text.isEmpty ? nil : text
        }
    }
}
