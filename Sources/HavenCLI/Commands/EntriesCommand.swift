import ArgumentParser
import HavenCore
import HavenRuntime

struct EntriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries", abstract: "List a tracker's recent entries with their numbers.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("How many days back, today included.", valueName: "N"))
    var days = 7

    func run() throws {
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let entries = try invocation.run { () throws(RuntimeError) in try session.entries(id, days: days) }
        let console = invocation.console
        if global.json {
            console.out(Value.array(entries.map(StatusValue.entry)).json(pretty: true))
            return
        }
        if entries.isEmpty {
            console.out("No entries for \(id) in the last \(days) \(days == 1 ? "day" : "days").")
            return
        }
        console.out(contentsOf: Columns.align(entries.map(EntryText.row)))
    }
}

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an entry's value, time, note or trigger.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number.", valueName: "ENTRY"))
    var entry: Int64

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A new value.", valueName: "VALUE"))
    var value: [String] = []

    @Option(help: ArgumentHelp("A new time, \"YYYY-MM-DD HH:MM\".", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("A new note.", valueName: "TEXT"))
    var note: String?

    @Option(help: ArgumentHelp("A new trigger.", valueName: "TEXT"))
    var trigger: String?

    func run() throws {
        let value = try LogCommand.single(self.value)
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let edited = try invocation.run { () throws(RuntimeError) in
            try session.edit(entry, value: value, at: at, note: note, trigger: trigger)
        }
        if global.json {
            invocation.console.out(StatusValue.entry(edited).json(pretty: true))
        } else {
            invocation.console.out("Entry \(edited.id) is now: " + EntryText.row(edited).dropFirst().joined(separator: "  "))
        }
    }
}

/// How entries read in lists and replies.
enum EntryText {
    static func row(_ e: Entry) -> [String] {
        var value: String
        switch e.value {
        case .none: value = "✓"
        case .level(let key): value = key
        case .number(let n): value = Value.format(n)
        }
        if let trigger = e.trigger { value += " (trigger: \(trigger))" }
        return ["#\(e.id)", Moment.local(e.instant, offset: e.offset), "day \(e.day)", value, e.note ?? ""]
    }

    static func removed(_ entry: Entry, verb: String, invocation: Invocation, json: Bool) {
        if json {
            invocation.console.out(StatusValue.entry(entry).json(pretty: true))
        } else {
            invocation.console.out("Entry \(entry.id) \(verb): \(entry.tracker) "
                + row(entry).dropFirst().filter { !$0.isEmpty }.joined(separator: "  "))
        }
    }
}

extension Console {
    func out(contentsOf lines: [String]) {
        if !lines.isEmpty { out(lines.joined(separator: "\n")) }
    }
}
