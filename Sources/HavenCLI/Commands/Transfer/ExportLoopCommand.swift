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
        // JSON's lines stay English, as every JSON field does.
        let said = global.json ? Words(language: "en") : invocation.console.words
        let lines = export.losses.map { LoopLossText.toLoop($0.tracker, $0.loss, said) }
        if global.json {
            let losses = zip(export.losses, lines).map { LoopLossText.json($0.0.tracker, $0.0.loss, line: $0.1) }
            return invocation.console.out(Value.object([("path", .string(path)), ("habits", .int(habits)),
                                                        ("repetitions", .int(days)), ("not_kept", .array(losses))])
                .json(pretty: true))
        }
        let w = invocation.console.words
        var text = w("Wrote {} and {} to {}; in Loop, choose Settings, Import data, and pick it.",
                     w.count(habits, "habit", "habits"), w.count(days, "day", "days"), file)
        if !lines.isEmpty {
            text += "\n" + w("Loop cannot hold all of it:") + "\n" + lines.map { "  " + $0 + "." }.joined(separator: "\n")
        }
        invocation.console.out(text)
    }
}
