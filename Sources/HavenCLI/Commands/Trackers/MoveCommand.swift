import Foundation
import ArgumentParser
import HavenCore
import HavenPresentation
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
            throw CLIError(.usage, invocation.console.words("move a tracker up, down, top or bottom, not '{}'; for "
                + "example: haven move {} top", direction, id))
        }
        let session = try invocation.openSession()
        let before = session.orderedTrackers().map(\.id)
        let ordered = try session.move(id, move)
        if ordered.map(\.id) == before, !global.json, let tracker = ordered.first(where: { $0.id == id }) {
            let name = tracker.name.resolve(invocation.console.language)
            let words = invocation.console.words
            let top = move == .up || move == .top
            if !tracker.pinned {
                invocation.console.out(words(top ? "Nothing moved: {} is already at the top of the unpinned trackers."
                    : "Nothing moved: {} is already at the bottom of the unpinned trackers.", name))
            } else {
                // Its own file pins it, or the preset it extends does (NoAlc's): say which line to write.
                let own = (try? String(contentsOfFile: tracker.origin.path, encoding: .utf8))?
                    .split(separator: "\n").contains { $0.hasPrefix("pinned:") } ?? false
                invocation.console.out(words(top ? "Nothing moved: {} is already at the top of the pinned trackers"
                    : "Nothing moved: {} is already at the bottom of the pinned trackers", name) + words(own
                    ? ", and pinned trackers stay above the others (take 'pinned: true' out of {} to move it among them)."
                    : ", and pinned trackers stay above the others (its preset pins it: write 'pinned: false' in {} to "
                        + "move it among them).", tracker.origin.file))
            }
        }
        OrderCommand.print(ordered, invocation)
    }
}
