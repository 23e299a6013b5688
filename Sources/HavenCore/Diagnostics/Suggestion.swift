/// Did-you-mean suggestions from a list of valid words.
public enum Suggestion {
    /// The closest candidate within a small edit distance, or nil.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        // Only short words get a suggestion: a long one is no typo, and its
        // distance to every candidate would cost its length times theirs.
        guard word.utf8.count <= maxWord else { return nil }
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            let distance = editDistance(w, c)
            // Allow about a third of the longer word to differ, or one
            // word to be a prefix of the other ("counter" for "count").
            let isPrefix = min(w.count, c.count) >= 3 && (c.starts(with: w) || w.starts(with: c))
            let allowed = max(1, max(w.count, c.count) / 3)
            if distance <= allowed || isPrefix, best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "".
    /// The longest word (in bytes) that gets a suggestion.
    public static let maxWord = 64

    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The same as a phrase, for words said in the person's language.
    public static func didYouMeanPhrase(_ word: String, in candidates: some Sequence<String>) -> Phrase {
        closest(to: word, in: candidates).map { Phrase(" (did you mean '{}'?)", $0) } ?? .none
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of neighbours ("cuont" for "count") cost 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], older[j - 2] + 1)
                }
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}
