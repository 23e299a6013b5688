import HavenCore
import HavenPresentation

/// How entries read in lists and replies.
enum EntryText {
    /// An entry's number, time, day, value and note; a level shows as its
    /// label in the person's language when `tracker` is given, as `status` does.
    static func row(_ e: Entry, words: Words = Words(language: "en"), tracker: TrackerDefinition? = nil) -> [String] {
        var value: String
        switch e.value {
        case .none: value = "✓"
        case .level(let key):
            value = tracker?.levels?.levels.first { $0.key == key }?.label.resolve(words.language) ?? key
        case .number(let n): value = words.number(n)
        }
        if let trigger = e.trigger { value += " " + words("(trigger: {})", trigger) }
        return ["#\(e.id)", Moment.local(e.instant, offset: e.offset), words("day {}", e.day), value, e.note ?? ""]
    }

    static func removed(_ entry: Entry, verb: String, invocation: Invocation, json: Bool) {
        if json {
            invocation.console.out(StatusValue.entry(entry).json(pretty: true))
        } else {
            invocation.console.out(invocation.console.words("Entry {} \(verb): {}", entry.id, entry.tracker) + " "
                + row(entry, words: invocation.console.words).dropFirst().filter { !$0.isEmpty }.joined(separator: "  "))
        }
    }
}

extension Console {
    func out(contentsOf lines: [String]) {
        if !lines.isEmpty { out(lines.joined(separator: "\n")) }
    }
}
