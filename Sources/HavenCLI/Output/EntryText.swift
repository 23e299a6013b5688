import HavenCore
import HavenPresentation

/// How entries read in lists and replies.
enum EntryText {
    static func row(_ e: Entry, words: Words = Words(language: "en")) -> [String] {
        var value: String
        switch e.value {
        case .none: value = "✓"
        case .level(let key): value = key
        case .number(let n): value = Value.format(n)
        }
        if let trigger = e.trigger { value += " (trigger: \(trigger))" }
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
