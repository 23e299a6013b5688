import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ImportHarshCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "harsh", abstract: "Bring in harsh's habits and log: each habit a tracker, each day kept.",
        discussion: "Example: haven import harsh ~/.config/harsh --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The folder holding harsh's 'habits' and 'log' files.", valueName: "DIR"))
    var folder: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let path = invocation.path(folder)
        let result = try session.transfer.run(try HarshImporter(folder: path, shown: folder), dryRun: dryRun)
        invocation.cache?.runtime = nil
        ImportReport.say(result, from: "harsh", json: global.json, dryRun: dryRun, console: invocation.console)
    }

}
