import ArgumentParser

/// What an entry holds besides its tracker: the value and the options of
/// `log` and `edit`.
struct EntryFields: ParsableArguments {
    // Collected loosely so that "-3" reaches the value check (exit 65), not the option parser.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A level key, a number or +N.", valueName: "VALUE"))
    var values: [String] = []

    @Option(help: ArgumentHelp("When it happened: \"YYYY-MM-DD HH:MM\" (default now).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("A note, one line, up to 1,000 characters.", valueName: "TEXT"))
    var note: String?

    @Option(help: ArgumentHelp("What set it off (for saboteurs).", valueName: "TEXT"))
    var trigger: String?

    /// At most one value; an unknown option is a usage error.
    func value(command: String) throws -> String? {
        for value in values where value.hasPrefix("-") && Double(value) == nil {
            throw CLIError(.usage, "unknown option '\(value)'; 'haven \(command) --help' lists the options")
        }
        guard values.count <= 1 else {
            throw CLIError(.usage, "\(command) takes one value, not \(values.count) (\(values.joined(separator: " "))); "
                + "quote a note with --note \"...\"")
        }
        return values.first
    }
}
