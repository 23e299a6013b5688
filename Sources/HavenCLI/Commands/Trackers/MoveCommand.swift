import ArgumentParser
import HavenCore
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
        let before = session.orderedTrackers().map(\.id)
        let ordered = try session.move(id, move)
        if ordered.map(\.id) == before, !global.json, let tracker = ordered.first(where: { $0.id == id }) {
            let name = tracker.name.resolve(invocation.console.language)
            let group = tracker.pinned ? "pinned" : "unpinned"
            let end = move == .up || move == .top ? "top" : "bottom"
            invocation.console.out("Nothing moved: \(name) is already at the \(end) of the \(group) trackers"
                + (tracker.pinned ? ", and pinned trackers stay above the others (take 'pinned: true' out of its file "
                    + "to move it among them)." : "."))
        }
        OrderCommand.print(ordered, invocation)
    }
}
