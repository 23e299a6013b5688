import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

/// The summary of an import from another app, for people or scripts.
enum ImportReport {
    /// `notes`: what of the source has no place in Haven, a line each
    /// (under `not_kept` for scripts, with `notesJSON` when given).
    static func say<Details>(_ result: ImportOutcome<Details>, from app: String, json: Bool, dryRun: Bool,
                             console: Console, notes: [String] = [], notesJSON: [Value]? = nil) {
        if json {
            return console.out(Value.object([
                ("habits", .array(result.habits.map { .object([("name", .string($0.name)), ("tracker", .string($0.tracker)),
                                                               ("created", .bool($0.created))]) })),
                ("entries", .int(result.entries)), ("already_there", .int(result.alreadyThere)),
                ("days", .int(result.days)), ("freezes", .int(result.freezes)), ("dry_run", .bool(dryRun)),
                ("not_kept", .array(notesJSON ?? notes.map { .string($0) })),
            ]).json(pretty: true))
        }
        let w = console.words
        let made = result.habits.filter(\.created).map(\.tracker)
        let freezes = result.freezes > 0 ? w(" and {}", w.count(result.freezes, "freeze", "freezes")) : ""
        var text = w(dryRun ? "Would import {} on {}{} from {}" : "Imported {} on {}{} from {}",
                     w.count(result.entries, "entry", "entries"), w.count(result.days, "day", "days"), freezes, app)
        text += made.isEmpty ? w(" into its trackers")
            : "; " + w(dryRun ? "would make {} ({})" : "made {} ({})", w.count(made.count, "tracker", "trackers"),
                       made.joined(separator: ", "))
        text += result.alreadyThere > 0 ? "; " + w(result.alreadyThere == 1 ? "{} entry was already here."
                                                   : "{} entries were already here.", result.alreadyThere) : "."
        for (name, tracker) in result.renamed {
            text += " " + w("'{}' is {}: a tracker of yours has the id it would have had.", name, tracker)
        }
        if dryRun { text += " " + w("Nothing was written.") }
        if !notes.isEmpty { text += "\n" + w("Not kept:") + "\n" + notes.map { "  " + $0 + "." }.joined(separator: "\n") }
        console.out(text)
    }
}
