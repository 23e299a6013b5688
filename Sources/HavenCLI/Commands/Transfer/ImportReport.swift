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
        let made = result.habits.filter(\.created).map(\.tracker)
        var text = (dryRun ? "Would import " : "Imported ") + Plural.count(result.entries, "entry", "entries") + " on "
            + Plural.count(result.days, "day", "days")
        if result.freezes > 0 { text += " and " + Plural.count(result.freezes, "freeze", "freezes") }
        text += " from \(app)"
        text += made.isEmpty ? " into its trackers" : "; " + (dryRun ? "would make " : "made ")
            + Plural.count(made.count, "tracker", "trackers") + " (" + made.joined(separator: ", ") + ")"
        text += result.alreadyThere > 0 ? "; \(Plural.count(result.alreadyThere, "entry was", "entries were")) already here." : "."
        for (name, tracker) in result.renamed {
            text += " '\(name)' is \(tracker): a tracker of yours has the id it would have had."
        }
        if dryRun { text += " Nothing was written." }
        if !notes.isEmpty { text += "\nNot kept:\n" + notes.map { "  " + $0 + "." }.joined(separator: "\n") }
        console.out(text)
    }
}
