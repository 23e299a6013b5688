import ArgumentParser
import HavenRuntime

struct LogCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log an entry: a level, a number (+N), or nothing for a check tracker.",
        discussion: """
            Examples: haven log noalc steady · haven log water +1 · haven log stretching
            haven log meditation 10 --note "before work" · haven log snacking --trigger boredom
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    // Collected loosely so that "-3" reaches the value check (exit 65), not the option parser.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A level key, a number or +N.", valueName: "VALUE"))
    var value: [String] = []

    @Option(help: ArgumentHelp("When it happened: \"YYYY-MM-DD HH:MM\" (default now).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("A note, one line, up to 1,000 characters.", valueName: "TEXT"))
    var note: String?

    @Option(help: ArgumentHelp("What set it off (for saboteurs).", valueName: "TEXT"))
    var trigger: String?

    func run(_ invocation: Invocation) throws {
        let value = try LogCommand.single(self.value)
        let session = try invocation.openSession()
        let result = try invocation.run { () throws(RuntimeError) in
            try session.log(id, value: value, at: at, note: note, trigger: trigger)
        }
        let console = invocation.console
        if global.json {
            guard case .object(var fields) = StatusValue.entry(result.entry) else { return }
            fields.append(("streak", StatusValue.streak(result.status, language: console.language)))
            if let milestone = result.milestone { fields.append(("milestone", .int(milestone))) }
            console.out(Value.object(fields).json(pretty: true))
            return
        }
        let text = StatusText(console: console)
        let s = result.status
        let w = console.words
        let logged = result.entry.day == s.today ? "" : w("logged for {}", result.entry.day) + " · "
        console.out("\(text.name(s.tracker)): \(logged)\(w("{} today", text.today(s))) · \(text.streak(s))")
        if let milestone = result.milestone {
            let unit = (s.tracker.streak?.period ?? .day).rawValue + "s"
            console.out(console.styled((console.color ? "🎉 " : "") + w("Milestone: {} \(unit) in a row.", milestone), .green))
        }
    }

    /// At most one value; an unknown option is a usage error.
    static func single(_ values: [String]) throws -> String? {
        for value in values where value.hasPrefix("-") && Double(value) == nil {
            throw CLIError(.usage, "unknown option '\(value)'; 'haven log --help' lists the options")
        }
        guard values.count <= 1 else {
            throw CLIError(.usage, "log takes one value, not \(values.count) (\(values.joined(separator: " "))); "
                + "quote a note with --note \"...\"")
        }
        return values.first
    }
}
