import ArgumentParser
import HavenCore
import HavenRuntime

struct EditCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "edit", abstract: "Change an entry's value, time, note or trigger.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number.", valueName: "ENTRY"))
    var entry: Int64

    @OptionGroup var fields: EntryFields

    func run(_ invocation: Invocation) throws {
        let value = try fields.value(command: "edit")
        let session = try invocation.openSession()
        let edited = try session.edit(entry, value: value, at: fields.at, note: fields.note, trigger: fields.trigger)
        if global.json {
            invocation.console.out(StatusValue.entry(edited).json(pretty: true))
        } else {
            invocation.console.out("Entry \(edited.id) is now: " + EntryText.row(edited).dropFirst().joined(separator: "  "))
        }
    }
}
