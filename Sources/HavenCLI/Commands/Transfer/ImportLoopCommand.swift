import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ImportLoopCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop", abstract: "Bring in a Loop Habit Tracker backup (.db): each habit a tracker, each day kept.",
        discussion: "Example: haven import loop Loop-Habits-Backup.db --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup Loop made (Settings, Export full backup).", valueName: "FILE"))
    var file: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let path = invocation.path(file)
        let result = try session.transfer.run(try LoopImporter(path: path, shown: file), dryRun: dryRun)
        invocation.cache?.runtime = nil
        let left = result.plan.details
        // JSON's lines stay English, as every JSON field does.
        let said = global.json ? Words(language: "en") : invocation.console.words
        let counted = LoopLossText.leftOut(left, said)
        let lines = left.losses.map { LoopLossText.fromLoop($0.tracker, $0.loss, said) }
        let losses = zip(left.losses, lines).map { LoopLossText.json($0.0.tracker, $0.0.loss, line: $0.1) }
        ImportReport.say(result, from: "Loop", json: global.json, dryRun: dryRun, console: invocation.console,
                         notes: counted.map(\.text) + lines,
                         notesJSON: counted.map { LoopLossText.json(nil, kind: $0.kind, line: $0.text) } + losses)
    }
}
