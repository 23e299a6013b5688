import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven backup [FILE]`: a consistent copy of the database, safe while a
/// REPL, a reminder or a sync is running; for a timer, see the README.
struct BackupCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "backup", abstract: "Copy the database whole, safely while Haven runs (default: haven-backup-DAY.db here).",
        discussion: "Example: haven backup ~/backups/haven-$(date +%F).db")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where the copy goes; one there is replaced.", valueName: "FILE"))
    var file: String?

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime()
        let today = try invocation.clock().today(boundary: .midnight)
        let name = file ?? "haven-backup-\(today).db"
        let path = try invocation.outputPath(name, replacing: true)
        try runtime.backupDatabase(to: path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if global.json {
            return invocation.console.out(Value.object([("path", .string(path)), ("bytes", .int(bytes))]).json(pretty: true))
        }
        invocation.console.out(invocation.console.words("Backed up your history to {} ({} KB); 'haven --home DIR' reads "
            + "a home that holds it as haven.db.", name, (bytes + 1023) / 1024))
    }
}
