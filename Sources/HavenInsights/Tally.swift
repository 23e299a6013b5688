/// How often a trigger or a note word came up in a period, and in the one before it.
public struct Tally: Sendable, Equatable {
    /// Case-folded.
    public var text: String
    public var count: Int
    public var previous: Int

    public init(text: String, count: Int, previous: Int) {
        self.text = text
        self.count = count
        self.previous = previous
    }

    public var change: Int { count - previous }

    /// The `limit` most frequent of `now` (most first, then alphabetically), each with its count in `before`.
    static func top(_ now: [String: Int], before: [String: Int], limit: Int) -> [Tally] {
        now.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit)
            .map { Tally(text: $0.key, count: $0.value, previous: before[$0.key] ?? 0) }
    }
}

/// Texts as written (triggers or notes) counted now and before, to be
/// turned into what is tallied (a folded trigger, a note's words) once
/// per distinct text.
struct Texts {
    private var now: [String: Int] = [:], before: [String: Int] = [:]

    mutating func add(_ text: String, now inRange: Bool) {
        if inRange { now[text, default: 0] += 1 } else { before[text, default: 0] += 1 }
    }

    /// The `limit` most frequent of what `keys` makes of each text (an empty key is dropped).
    func tallies(limit: Int, _ keys: (String) -> [String]) -> [Tally] {
        func counted(_ texts: [String: Int]) -> [String: Int] {
            var counts: [String: Int] = [:]
            for (text, count) in texts {
                for key in keys(text) where !key.isEmpty { counts[key, default: 0] += count }
            }
            return counts
        }
        return Tally.top(counted(now), before: counted(before), limit: limit)
    }
}

/// Case folding and the words of a note (SPEC §16).
public enum NoteWords {
    /// `text` case-folded and trimmed: "Stress " and "stress" are one trigger.
    public static func fold(_ text: String) -> String {
        var trimmed = Substring(text)
        while let c = trimmed.first, c.isWhitespace { trimmed.removeFirst() }
        while let c = trimmed.last, c.isWhitespace { trimmed.removeLast() }
        for byte in trimmed.utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) { return trimmed.lowercased() }
        return String(trimmed)
    }

    /// The words of a note, case-folded, each once, without the stop
    /// words of `stop` and without numbers. A word is a run of letters and
    /// digits; an apostrophe inside one belongs to it ("don't").
    public static func words(_ note: String, stop: Set<String>) -> [String] {
        var found: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            while let last = word.last, last == "'" || last == "\u{2019}" { word.removeLast() }
            defer { word = String.UnicodeScalarView() }
            guard !word.isEmpty, word.contains(where: { !("0"..."9").contains($0) }) else { return }
            let text = fold(String(word))
            if !stop.contains(text), !found.contains(text) { found.append(text) }
        }
        for scalar in note.unicodeScalars {
            let inWord: Bool
            if scalar.isASCII {
                let v = scalar.value
                inWord = (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
                    || (v == 0x27 && !word.isEmpty)
            } else {
                inWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || (scalar == "\u{2019}" && !word.isEmpty)
            }
            if inWord { word.append(scalar) } else { flush() }
        }
        flush()
        return found
    }
}
