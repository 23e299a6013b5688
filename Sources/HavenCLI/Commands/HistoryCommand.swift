import ArgumentParser
import HavenCore
import HavenRuntime

struct HistoryCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "history", abstract: "Period by period: outcome, streak, jokers (default: the last 30).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "DAY"))
    var from: String?

    @Option(help: ArgumentHelp("Last day, YYYY-MM-DD (default today).", valueName: "DAY"))
    var to: String?

    func run(_ invocation: Invocation) throws {
        let (fromDay, _) = try SkipCommand.range(from)
        let (toDay, _) = try SkipCommand.range(to)
        let session = try invocation.openSession(tracker: id)
        let periods = try session.history(session.runtime.tracker(id), from: fromDay, to: toDay)
        let console = invocation.console
        if global.json {
            console.out(Value.array(periods.map(StatusValue.period)).json(pretty: true))
            return
        }
        console.out(contentsOf: Columns.align(periods.map { p in
            [StatusValue.dayText(p.start), p.outcome.rawValue, "streak \(p.streak)", "jokers \(p.jokers)"]
        }))
    }
}
