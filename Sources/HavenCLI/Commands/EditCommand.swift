import ArgumentParser
import HavenCore
import HavenRuntime

struct EditCommand: HavenCommand {
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

    func run(_ invocation: Invocation) throws {
        let value = try LogCommand.single(self.value)
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
