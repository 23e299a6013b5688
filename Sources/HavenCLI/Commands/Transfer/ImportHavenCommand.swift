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
        let w = invocation.console.words
        var parts: [String] = []
        if result.freezes > 0 { parts.append(w.count(result.freezes, "freeze", "freezes")) }
        if result.added.states > 0 { parts.append(w.count(result.added.states, "tracker's state", "trackers' states")) }
        if records > 0 { parts.append(w.count(records, "mode or freeze record", "mode and freeze records")) }
        var text = w(dryRun ? "Would import {} on {}{} from {}" : "Imported {} on {}{} from {}",
                     w.count(result.entries, "entry", "entries"), w.count(result.days, "day", "days"),
                     parts.map { ", " + $0 }.joined(), file)
        if !made.isEmpty {
            text += "; " + w(dryRun ? "would make {} ({}) from the files it carries" : "made {} ({}) from the files it carries",
                             w.count(made.count, "tracker", "trackers"), made.joined(separator: ", "))
        }
        text += result.alreadyThere > 0 ? "; " + w(result.alreadyThere == 1 ? "{} entry was already here."
                                                   : "{} entries were already here.", result.alreadyThere) : "."
        if !result.undefined.isEmpty {
            text += " " + w(result.undefined.count == 1
                            ? "No tracker file defines {}: add one with that id to see its history."
                            : "No tracker file defines {}: add one with that id to see their history.",
                            result.undefined.joined(separator: ", "))
        }
        if dryRun { text += " " + w("Nothing was written.") }
        invocation.console.out(text)
    }
}
