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
        let backup = try invocation.openSession().transfer.loopBackup(language: invocation.console.language)
        do {
            try backup.write(to: path)
        } catch {
            throw CLIError(.cannotCreate, invocation.console.words("cannot write {}: {}", file, error.reason))
        }
        let (habits, days) = (backup.habits.count, backup.repetitions.count)
        if global.json {
            return invocation.console.out(Value.object([("path", .string(path)), ("habits", .int(habits)),
                                                        ("repetitions", .int(days))]).json(pretty: true))
        }
        invocation.console.out("Wrote \(habits) \(habits == 1 ? "habit" : "habits") and \(days) \(days == 1 ? "day" : "days") "
            + "to \(file); in Loop, choose Settings, Import data, and pick it.")
    }
}
