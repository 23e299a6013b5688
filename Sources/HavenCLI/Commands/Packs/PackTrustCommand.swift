import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackTrustCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", abstract: "Trust an installed pack as it is now: its trackers go live, its hooks run.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    @Flag(help: "Trust it without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        let pack = try runtime.packs.trustSummary(of: id, currentDirectory: invocation.currentDirectory)
        guard try PackInstallCommand.askTrust(pack, question: invocation.console.words("Trust {}?", id), yes: yes, again: "haven pack trust \(id)",
                                              goAhead: "trust it", declined: "Nothing changed.", console: invocation.console)
        else { return }
        try runtime.packs.setTrust(id, true, currentDirectory: invocation.currentDirectory)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("trusted", .bool(true)),
                                                        ("trackers", .array(pack.trackers.map(Value.string)))]).json(pretty: true))
        }
        invocation.console.out(invocation.console.words("Trusted {}: its trackers are live.", id))
    }
}
