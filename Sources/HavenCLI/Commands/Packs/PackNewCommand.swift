import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackNewCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Make a new pack folder here that validates: pack.yaml, the folders, a README.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack's id: lower-case letters, digits and '-'.", valueName: "NAME"))
    var name: String

    func run(_ invocation: Invocation) throws {
        let folder = try invocation.openRuntime().packs.scaffold(name, in: invocation.currentDirectory)
        if global.json {
            return invocation.console.out(Value.object([("id", .string(name)), ("path", .string(folder))]).json(pretty: true))
        }
        invocation.console.out(invocation.console.words(
            "Made {}. Add trackers or presets, check it with 'haven validate {}', then share the folder.", folder, name))
    }
}
