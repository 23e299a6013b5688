import ArgumentParser
import HavenPresentation

/// What an entry holds besides its tracker: the value and the options of
/// `log` and `edit`.
struct EntryFields: ParsableArguments {
    // Collected loosely so that "-3" reaches the value check (exit 65), not the option parser.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A level key, a number or +N.", valueName: "VALUE"))
    var values: [String] = []

    // `.unconditional`: `--at -2h` is a time, not an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("When it happened: \"YYYY-MM-DD HH:MM\", HH:MM (today), yesterday, \"yesterday 22:00\", "
                               + "-2h, -1d (default now).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("A note, one line, up to 1,000 characters.", valueName: "TEXT"))
    var note: String?

    @Option(help: ArgumentHelp("What set it off (for saboteurs).", valueName: "TEXT"))
    var trigger: String?

    /// At most one value; an unknown option is a usage error.
    func value(command: String, words: Words) throws -> String? {
        try EntryFields.value(values, command: command, words: words)
    }

    /// At most one of `values`; an unknown option is a usage error.
    static func value(_ values: [String], command: String, words: Words) throws -> String? {
        for value in values where value.hasPrefix("-") && Double(value) == nil {
            throw CLIError(.usage, words("unknown option '{}'; 'haven {} --help' lists the options", value, command))
        }
        guard values.count <= 1 else {
            throw CLIError(.usage, words("{} takes one value, not {} ({}); quote a note with --note \"...\"", command,
                                         values.count, values.joined(separator: " ")))
        }
        return values.first
    }
}
