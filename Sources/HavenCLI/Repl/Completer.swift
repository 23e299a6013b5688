import Foundation
import HavenCore

/// What Tab offers at the REPL: commands and tracker ids first, then the
/// tracker ids a command takes, a tracker's level keys after it, and the
/// options of the command being typed.
struct Completer {
    /// Commands that take a tracker id as their first argument.
    static let takesTracker: Set<String> = ["log", "streak", "history", "entries", "skip", "show"]

    var commands: [String]
    /// Level keys by tracker id (empty for trackers without levels).
    var trackers: [String: [String]]
    /// Long options by command name; "" holds the global ones.
    var options: [String: [String]]

    init(commands: [String], trackers: [TrackerDefinition], options: [String: [String]]) {
        self.commands = commands
        self.trackers = Dictionary(uniqueKeysWithValues: trackers.map { ($0.id, $0.levels?.levels.map(\.key) ?? []) })
        self.options = options
    }

    /// Candidates for `word`, the word being typed after `before`.
    func candidates(before: String, word: String) -> [String] {
        let words = (try? Tokenizer.split(before)) ?? before.split(separator: " ").map(String.init)
        let ids = trackers.keys.sorted()
        var pool: [String]
        if word.hasPrefix("-") {
            pool = (options[words.first ?? ""] ?? []) + (options[""] ?? [])
        } else if words.isEmpty {
            pool = commands + ids
        } else if let levels = trackers[words[0]], words.count == 1 {
            pool = levels
        } else if words[0] == "log", words.count == 2 {
            pool = trackers[words[1]] ?? []
        } else if Completer.takesTracker.contains(words[0]), words.count == 1 {
            pool = ids
        } else if words[0] == "help", words.count == 1 {
            pool = commands
        } else if words[0] == "freeze" {
            pool = words.count == 1 ? ["grant"] : (words.count == 2 ? ids : [])
        } else {
            pool = []
        }
        return Array(Set(pool.filter { $0.hasPrefix(word) })).sorted()
    }

    /// The long options a command's help text names (`--at`, `--note` …).
    static func longOptions(inHelp text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty, name.first!.isLetter { found.append("--" + name) }
            rest = rest[range.upperBound...]
        }
        return Array(Set(found)).sorted()
    }
}
