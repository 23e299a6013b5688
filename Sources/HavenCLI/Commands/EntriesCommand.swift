import ArgumentParser
import HavenCore
import HavenRuntime

struct EntriesCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "entries", abstract: "List a tracker's recent entries with their numbers.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("How many days back, today included.", valueName: "N"))
    var days = 7

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession(tracker: id)
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
