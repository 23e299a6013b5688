import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ExportLoopCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop", abstract: "A backup Loop Habit Tracker can restore (Settings, Import data).",
        discussion: "Example: haven export loop haven-for-loop.db")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup to make; it must not exist yet.", valueName: "FILE.db"))
    var file: String

    func run(_ invocation: Invocation) throws {
        let path = try invocation.outputPath(file, replacing: false)
        let export = try invocation.openSession().transfer.loopBackup(language: invocation.console.language)
        let backup = export.backup
        do {
            try backup.write(to: path)
        } catch {
            throw CLIError(.cannotCreate, invocation.console.words("cannot write {}: {}", file, error.reason))
        }
        let (habits, days) = (backup.habits.count, backup.repetitions.count)
        let lines = export.losses.map { LoopLossText.toLoop($0.tracker, $0.loss) }
        if global.json {
            let losses = zip(export.losses, lines).map { LoopLossText.json($0.0.tracker, $0.0.loss, line: $0.1) }
            return invocation.console.out(Value.object([("path", .string(path)), ("habits", .int(habits)),
                                                        ("repetitions", .int(days)), ("not_kept", .array(losses))])
                .json(pretty: true))
        }
        var text = "Wrote " + Plural.count(habits, "habit", "habits") + " and " + Plural.count(days, "day", "days")
            + " to \(file); in Loop, choose Settings, Import data, and pick it."
        if !lines.isEmpty { text += "\nLoop cannot hold all of it:\n" + lines.map { "  " + $0 + "." }.joined(separator: "\n") }
        invocation.console.out(text)
    }
}
