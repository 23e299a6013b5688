import ArgumentParser
import HavenRuntime

struct MoveCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "move", abstract: "Move a tracker up, down, to the top or the bottom of the list.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("up, down, top or bottom.", valueName: "WHERE"))
    var direction: String

    func run(_ invocation: Invocation) throws {
        guard let move = Move(rawValue: direction) else {
            throw CLIError(.usage, "move a tracker up, down, top or bottom, not '\(direction)'; for example: "
                + "haven move \(id) top")
        }
        let session = try invocation.openSession()
        let ordered = try session.move(id, move)
        OrderCommand.print(ordered, invocation)
    }
}
