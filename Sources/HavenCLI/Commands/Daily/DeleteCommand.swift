import ArgumentParser
import HavenRuntime

struct DeleteCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "delete", abstract: "Delete an entry by its number.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number, as 'haven entries ID' shows it.", valueName: "ENTRY"))
    var entry: Int64

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let removed = try session.delete(entry)
        EntryText.removed(removed, verb: "deleted", invocation: invocation, json: global.json)
    }
}
