import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackUntrustCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrust", abstract: "Take trust back: the pack's trackers stop loading and its hooks never run.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        try runtime.packs.setTrust(id, false, currentDirectory: invocation.currentDirectory)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("trusted", .bool(false))]).json(pretty: true))
        }
        invocation.console.out(invocation.console.words(
            "{} is no longer trusted: its trackers stop loading until 'haven pack trust {}'.", id, id))
    }
}
