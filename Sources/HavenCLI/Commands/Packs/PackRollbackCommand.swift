import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackRollbackCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback", abstract: "Go back to the version a pack had before its last update.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        let (from, to) = try runtime.packs.rollback(id)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("from", from.map(Value.string) ?? .null),
                                                        ("to", to.map(Value.string) ?? .null)]).json(pretty: true))
        }
        // A second rollback goes to the newer version again: said as forward.
        let forward = from.flatMap(Version.init).flatMap { old in to.flatMap(Version.init).map { $0 > old } } ?? false
        let words = invocation.console.words
        invocation.console.out(words(forward ? "Rolled {} forward from {} to {}; 'haven pack rollback {}' again goes back."
                                     : "Rolled {} back from {} to {}; 'haven pack rollback {}' again goes forward.",
                                     id, from ?? "?", to ?? "?", id))
    }
}
