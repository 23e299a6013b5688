import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct SkipCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "skip", abstract: "Freeze a day or a range of days (vacation, illness): it counts for the streak.",
        discussion: "Examples: haven skip stretching · haven skip water 2026-08-01..2026-08-14 --note holiday")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("A day or FROM..TO (default today).", valueName: "DAY"))
    var days: String?

    @Option(help: ArgumentHelp("Why, for later.", valueName: "TEXT"))
    var note: String?

    func run(_ invocation: Invocation) throws {
        let (from, to) = try SkipCommand.range(days, words: invocation.console.words)
        let session = try invocation.openSession(tracker: id)
        let result = try session.skip(id, from: from, to: to, note: note)
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
    static func range(_ text: String?, words: Words) throws -> (Day?, Day?) {
        guard let text else { return (nil, nil) }
        let parts = text.components(separatedBy: "..")
        let days = parts.map(Day.init)
        guard (1...2).contains(parts.count), days.allSatisfy({ $0 != nil }) else {
            throw CLIError(.dataError, words("cannot read '{}'; write a day as YYYY-MM-DD or a range as "
                + "2026-08-01..2026-08-14", text))
        }
        return (days[0], days.last!)
    }
}
