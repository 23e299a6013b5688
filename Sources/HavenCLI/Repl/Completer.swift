import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime

/// What Tab offers at the REPL: commands and tracker ids first, then the
/// tracker ids a command takes, a tracker's level keys after it, a
/// command's sub-commands (`pack install`), the pack ids `pack` takes, and
/// the options of the command being typed.
struct Completer {
    /// Commands that take a tracker id as their first argument.
    static let takesTracker: Set<String> = ["log", "streak", "history", "entries", "skip", "unskip", "freezes", "show",
                                            "calendar", "mode", "remove", "move", "stats", "configure", "report", "archive", "unarchive",
                                            "insights"]

    var commands: [String]
    /// Level keys by tracker id (empty for trackers without levels).
    var trackers: [String: [String]]
    /// Long options by command name (`pack install` for a sub-command); "" holds the global ones.
    var options: [String: [String]]
    /// Sub-commands by command name (`pack`: install, list …).
    var subcommands: [String: [String]]
    /// Installed pack ids.
    var packs: [String]
    /// Presets `add` takes, as `pack/id`.
    var presets: [String]
    /// Practice names by the command that runs them (`practice`, `meditate`, `breathe`, `workout`).
    var practices: [String: [String]]

    /// `pack` sub-commands that take installed pack ids.
    static let takesPack: Set<String> = ["remove", "trust", "untrust", "update", "rollback"]

    init(commands: [String], trackers: [TrackerDefinition], options: [String: [String]],
         subcommands: [String: [String]] = [:], packs: [String] = [], presets: [String] = [],
         practices: [String: [String]] = [:]) {
        self.commands = commands
        self.trackers = Dictionary(uniqueKeysWithValues: trackers.map { ($0.id, $0.levels?.levels.map(\.key) ?? []) })
        self.options = options
        self.subcommands = subcommands
        self.packs = packs
        self.presets = presets
        self.practices = practices
    }

    /// Candidates for `word`, the word being typed after `before`.
    func candidates(before: String, word: String) -> [String] {
        candidates(words: (try? Tokenizer.split(before)) ?? before.split(separator: " ").map(String.init), word: word)
    }

    /// Candidates for `word`, the word being typed after the words of the line before it.
    func candidates(words: [String], word: String) -> [String] {
        let ids = trackers.keys.sorted()
        var pool: [String]
        if word.hasPrefix("-"), let first = words.first, trackers[first] != nil, !commands.contains(first) {
            // After `ID VALUE`, the shorthand for log: log's own options, not the global ones.
            let global = Set(options[""] ?? [])
            pool = (options["log"] ?? []).filter { !global.contains($0) }
        } else if word.hasPrefix("-") {
            let nested = words.count >= 2 ? options[words[0] + " " + words[1]] : nil
            pool = (nested ?? options[words.first ?? ""] ?? []) + (options[""] ?? [])
        } else if words.isEmpty {
            pool = commands + ids
        } else if let levels = trackers[words[0]], words.count == 1 {
            pool = levels
        } else if words[0] == "insights", words.last == "--with" {
            pool = ids.filter { words.count < 2 || $0 != words[1] }
        } else if words[0] == "log", words.count == 2 {
            pool = trackers[words[1]] ?? []
        } else if Completer.takesTracker.contains(words[0]), words.count == 1 {
            pool = ids
        } else if words[0] == "add", words.count == 1 {
            pool = presets
        } else if let names = practices[words[0]], words.count == 1 {
            pool = names
        } else if words[0] == "help", words.count == 1 {
            pool = commands
        } else if words[0] == "freeze" {
            pool = words.count == 1 ? ["grant"] : (words.count == 2 ? ids : [])
        } else if let subcommands = subcommands[words[0]], words.count == 1 {
            pool = subcommands
        } else if words[0] == "pack", words.count >= 2 {
            // One pack for most; `update` takes several, `export` takes trackers.
            let many = words[1] == "update" || words[1] == "export"
            if Completer.takesPack.contains(words[1]), words.count == 2 || many {
                pool = packs.filter { !words.dropFirst(2).contains($0) }
            } else if words[1] == "export" {
                pool = ids.filter { !words.dropFirst(2).contains($0) }
            } else {
                pool = []
            }
        } else {
            pool = []
        }
        return Array(Set(pool.filter { $0.hasPrefix(word) })).sorted()
    }

    /// The long options a command's help text defines: the names in the
    /// first column of its option lines (`  --at <TIME>`, `  -h, --help`),
    /// never an option its prose mentions (`log`'s help names `remove --delete-entries`).
    static func longOptions(inHelp text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), trimmed.count < line.count else { continue }
            // The option column ends where the description starts, after two spaces.
            let column = trimmed.range(of: "  ").map { trimmed[..<$0.lowerBound] } ?? trimmed
            var rest = column
            while let range = rest.range(of: "--") {
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                if !name.isEmpty, name.first!.isLetter { found.append("--" + name) }
                rest = rest[range.upperBound...]
            }
        }
        return Array(Set(found)).sorted()
    }

    /// The long options of every command (`pack install` for a
    /// sub-command, "" for the global ones), read from their help; with
    /// `words`, only those a line starting with them can take (help text
    /// is slow to make: a shell asks for one line at a time).
    static func commandOptions(for words: [String]? = nil) -> [String: [String]] {
        var options: [String: [String]] = [:]
        let wanted = words.map { Set(["log", $0.first ?? ""] + ($0.count >= 2 ? [$0[0] + " " + $0[1]] : [])) }
        for command in Haven.configuration.subcommands {
            let name = command._commandName
            if wanted?.contains(name) ?? true { options[name] = longOptions(inHelp: Haven.helpMessage(for: command)) }
            for sub in command.configuration.subcommands where wanted?.contains(name + " " + sub._commandName) ?? true {
                options[name + " " + sub._commandName] = longOptions(inHelp: Haven.helpMessage(for: sub))
            }
        }
        options[""] = longOptions(inHelp: Haven.helpMessage())
        return options
    }

    /// The sub-commands of every command that has them (`pack`: install, list …).
    static var commandSubcommands: [String: [String]] {
        var subcommands: [String: [String]] = [:]
        for command in Haven.configuration.subcommands where !command.configuration.subcommands.isEmpty {
            subcommands[command._commandName] = command.configuration.subcommands.map { $0._commandName }
        }
        return subcommands
    }
}

extension Completer {
    /// The practice names each practice command takes.
    static func practices(_ runtime: Runtime) -> [String: [String]] {
        ["practice": runtime.practiceNames(of: nil), "meditate": runtime.practiceNames(of: .meditation),
         "breathe": runtime.practiceNames(of: .breathing), "workout": runtime.practiceNames(of: .workout)]
    }
}
