import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackRemoveCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an installed pack; the entries of its trackers stay.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    @Flag(help: "Remove without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let hold = try session.runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        let removal = try session.runtime.packs.planRemoval(of: id)
        var entries = 0
        for tracker in removal.trackers { entries += try session.entryCount(tracker) }
        let count = removal.trackers.count
        let words = invocation.console.words
        let plan = count == 0 ? words("'{}' has no live trackers.", id)
            : words(count == 1 ? "{} tracker loses its definition ({}); {}." : "{} trackers lose their definition ({}); {}.",
                    count, removal.trackers.joined(separator: ", "),
                    words(count == 1 ? (entries == 1 ? "its {} entry stays" : "its {} entries stay")
                          : (entries == 1 ? "their {} entry stays" : "their {} entries stay"), entries))
        guard try Confirmation.confirm(plan, question: invocation.console.words("Remove the pack {}?", id), yes: yes,
                                       again: "haven pack remove \(id)", console: invocation.console) else { return }
        try session.runtime.packs.remove(removal)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("removed", .bool(true)),
                                                        ("trackers", .array(removal.trackers.map(Value.string))),
                                                        ("entriesKept", .int(entries))]).json(pretty: true))
        }
        invocation.console.out(words("Removed the pack {}.", id) + " " + plan)
    }
}
