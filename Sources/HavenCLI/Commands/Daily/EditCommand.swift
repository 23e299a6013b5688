import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct EditCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "edit", abstract: "Change an entry's value, time, note or trigger.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number.", valueName: "ENTRY"))
    var entry: Int64

    @OptionGroup var fields: EntryFields

    func run(_ invocation: Invocation) throws {
        let value = try fields.value(command: "edit", words: invocation.console.words)
        let session = try invocation.openSession()
        let edited = try session.edit(entry, value: value, at: fields.at, note: fields.note, trigger: fields.trigger)
        if global.json {
            invocation.console.out(StatusValue.entry(edited).json(pretty: true))
        } else {
            let words = invocation.console.words
            invocation.console.out(words("Entry {} is now: {}", edited.id,
                                         EntryText.row(edited, words: words).dropFirst().joined(separator: "  ")))
        }
    }
}
