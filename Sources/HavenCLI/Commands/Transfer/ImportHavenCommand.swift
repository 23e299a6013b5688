import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ImportHavenCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "haven", abstract: "Read back a file 'haven export json' wrote; what is already here stays.",
        discussion: "Example: haven import haven haven-history.jsonl --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file 'haven export json' wrote.", valueName: "FILE"))
    var file: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let importer = try HistoryImporter(path: invocation.path(file), shown: file)
        // A history that carries its tracker files makes an empty home exactly the home it came from.
        let session = try invocation.openSession(firstRunDefaults: importer.definitions.isEmpty || dryRun)
        let result = try session.transfer.run(importer, dryRun: dryRun)
        let records = result.added.grants + result.added.epochs + result.added.archived
        let made = result.habits.filter(\.created).map(\.tracker)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([
                ("entries", .int(result.entries)), ("already_there", .int(result.alreadyThere)),
                ("days", .int(result.days)), ("freezes", .int(result.freezes)), ("trackers", .int(result.added.states)),
                ("other_records", .int(records)), ("made_trackers", .array(made.map(Value.string))),
                ("undefined_trackers", .array(result.undefined.map(Value.string))), ("dry_run", .bool(dryRun)),
            ]).json(pretty: true))
        }
        var parts = [Plural.count(result.entries, "entry", "entries") + " on " + Plural.count(result.days, "day", "days")]
        if result.freezes > 0 { parts.append(Plural.count(result.freezes, "freeze", "freezes")) }
        if result.added.states > 0 { parts.append(Plural.count(result.added.states, "tracker's state", "trackers' states")) }
        if records > 0 { parts.append(Plural.count(records, "mode or freeze record", "mode and freeze records")) }
        var text = (dryRun ? "Would import " : "Imported ") + parts.joined(separator: ", ") + " from \(file)"
        if !made.isEmpty {
            text += "; " + (dryRun ? "would make " : "made ") + Plural.count(made.count, "tracker", "trackers") + " ("
                + made.joined(separator: ", ") + ") from the files it carries"
        }
        text += result.alreadyThere > 0 ? "; \(Plural.count(result.alreadyThere, "entry was", "entries were")) already here." : "."
        if !result.undefined.isEmpty {
            text += " No tracker file defines " + result.undefined.joined(separator: ", ")
                + ": add one with that id to see \(result.undefined.count == 1 ? "its" : "their") history."
        }
        if dryRun { text += " Nothing was written." }
        invocation.console.out(text)
    }
}
