import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct SkipCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "skip", abstract: "Freeze a day or a range of days (vacation, illness): it counts for the streak.",
        discussion: "Examples: haven skip stretching · haven skip water 2026-08-01..2026-08-14 --note holiday · "
            + "haven skip --all --from 2026-08-01 --to 2026-08-14 --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker (none with --all).", valueName: "ID"))
    var id: String?

    @Argument(help: ArgumentHelp("A day or FROM..TO (default today).", valueName: "DAY"))
    var days: String?

    @Flag(help: "Freeze every tracker (a holiday, an illness), each charged as for itself.")
    var all = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The first day (instead of DAY).", valueName: "DAY"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The last day (default the first).", valueName: "DAY"))
    var to: String?

    @Flag(help: "With --all: show what would be frozen; write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Why, for later.", valueName: "TEXT"))
    var note: String?

    func run(_ invocation: Invocation) throws {
        let words = invocation.console.words
        // With --all, a DAY or FROM..TO comes where the ID would.
        let given = all ? (days == nil ? id : nil) : days
        let today = try invocation.clock().today(boundary: .midnight)
        if all, let id, days != nil || (try? SkipCommand.range(id, words: words, today: today)) == nil {
            throw CLIError(.usage, words("--all freezes every tracker; give no ID with it, like: haven skip --all {}",
                                         days ?? "2026-08-01..2026-08-14"))
        }
        var (from, to) = try SkipCommand.range(given, words: words, today: today)
        if let text = self.from { from = try SkipCommand.range(text, words: words, today: today).0 }
        if let text = self.to { to = try SkipCommand.range(text, words: words, today: today).0 }
        if from == nil, to != nil { from = to }
        if all { return try SkipAll.run(from: from, to: to ?? from, note: note, dryRun: dryRun, json: global.json,
                                        invocation: invocation) }
        guard let id else {
            throw CLIError(.usage, words("say which tracker to skip, like: haven skip water, or --all for every tracker"))
        }
        if dryRun { throw CLIError(.usage, words("--dry-run goes with --all; a single skip shows what it did")) }
        let session = try invocation.openSession(tracker: id)
        let result = try session.freezes.skip(id, from: from, to: to, note: note)
        let days = result.days
        if global.json {
            invocation.console.out(Value.object([("tracker", .string(id)),
                                                 ("frozen", .array(days.map { .string($0.description) })),
                                                 ("freezes_spent", .int(result.spent))])
                .json(pretty: true))
        } else if days.isEmpty {
            invocation.console.out(invocation.console.words("Already frozen; nothing changed."))
        } else {
            let w = invocation.console.words
            let what = days.count == 1 ? days[0].description : w("{}..{} ({} days)", days[0], days.last!, days.count)
            let cost = result.spent == 0 ? w(" Its period was already frozen: no freeze spent.") : ""
            invocation.console.out(w("Frozen for {}: {}.", id, what) + cost)
        }
    }

    /// `DAY` or `FROM..TO`, as days.
    /// A day or a range `FROM..TO`, each a date, `today`, `yesterday` or `-3d` (counted from `today`).
    static func range(_ text: String?, words: Words, today: Day) throws -> (Day?, Day?) {
        guard let text else { return (nil, nil) }
        let parts = text.components(separatedBy: "..")
        let days = parts.map { RelativeInput.anyDay($0, today: today) }
        guard (1...2).contains(parts.count), days.allSatisfy({ $0 != nil }) else {
            throw CLIError(.dataError, words("cannot read '{}'; write a day as YYYY-MM-DD, today, yesterday or -3d, or "
                + "a range as 2026-08-01..2026-08-14", text))
        }
        return (days[0], days.last!)
    }
}
