import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven unskip ID [DAY|FROM..TO]`: takes freezes back.
struct UnskipCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "unskip", abstract: "Take back the freezes of a day or a range of days; a period left unfrozen gets its freeze back.",
        discussion: "Examples: haven unskip stretching · haven unskip water 2026-08-01..2026-08-14")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("A day or FROM..TO (default today).", valueName: "DAY"))
    var days: String?

    func run(_ invocation: Invocation) throws {
        let today = try invocation.clock().today(boundary: .midnight)
        let (from, to) = try SkipCommand.range(days, words: invocation.console.words, today: today)
        let session = try invocation.openSession(tracker: id)
        let result = try session.freezes.unskip(id, from: from, to: to)
        let thawed = result.days, returned = -result.spent
        if global.json {
            return invocation.console.out(Value.object([
                ("tracker", .string(id)), ("thawed", .array(thawed.map { .string($0.description) })),
                ("freezes_returned", .int(returned)),
            ]).json(pretty: true))
        }
        let w = invocation.console.words
        guard !thawed.isEmpty else {
            return invocation.console.out(days.map { w("No freeze on {} for {}; nothing changed.", $0, id) }
                ?? w("No freeze today for {}; nothing changed.", id))
        }
        let what = thawed.count == 1 ? thawed[0].description : w("{}..{} ({} days)", thawed[0], thawed.last!, thawed.count)
        let back = returned == 0 ? "" : w(returned == 1 ? " {} freeze given back." : " {} freezes given back.", returned)
        invocation.console.out(w("Unfrozen for {}: {}.", id, what) + back)
    }
}
