import ArgumentParser
import HavenRuntime

struct UndoCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "undo", abstract: "Remove the entry written last.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let entry = try session.undo()
        EntryText.removed(entry, verb: "undone", invocation: invocation, json: global.json)
    }
}
