import ArgumentParser
import HavenCore
import HavenInsights
import HavenRuntime
import HavenPresentation

/// `haven insights ID [--from --to] [--with OTHER [--lag N]]` (SPEC §16).
struct InsightsCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "insights", abstract: "When a tracker's moments happen, what came with them, and what went together with another.",
        discussion: """
            By default the last 12 weeks, against the 12 weeks before them.
            Examples: haven insights doomscrolling · haven insights mood --with water · haven insights mood --with doomscrolling --lag 1
            """)

    @OptionGroup var global: GlobalOptions

    var pages: Bool { true }

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(parsing: .unconditional, help: ArgumentHelp("First day: YYYY-MM-DD, -30d (default: 12 weeks before --to).",
                                                        valueName: "DAY"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Last day, YYYY-MM-DD (default today).", valueName: "DAY"))
    var to: String?

    @Option(name: .customLong("with"), help: ArgumentHelp("Split the days by this tracker's outcome (or level).",
                                                           valueName: "OTHER"))
    var other: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pair OTHER's day with this tracker's day N days later (default 0).",
                                                        valueName: "N"))
    var lag: String?

    @Option(help: ArgumentHelp("With --with, for a levels tracker: the levels whose share is shown (default: its successes, "
        + "or the upper half of a set where every level is one, as Mood's good,great).", valueName: "KEY,KEY"))
    var levels: String?

    /// The most days `--lag` reaches back.
    static let longestLag = 365

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        let w = console.words
        let today = try invocation.clock().today(boundary: .midnight)
        let (fromDay, _) = try SkipCommand.range(from, words: w, today: today)
        let (toDay, _) = try SkipCommand.range(to, words: w, today: today)
        var days = 0
        if let lag {
            guard let n = Int(lag), (0...Self.longestLag).contains(n) else {
                throw CLIError(.usage, w("--lag takes a number of days from 0 to {}, not '{}'; for example: haven insights {} "
                    + "--with {} --lag 1", Self.longestLag, TerminalText.oneLine(lag), id, other ?? "OTHER"))
            }
            guard other != nil else {
                throw CLIError(.usage, w("--lag goes with --with; for example: haven insights {} --with OTHER --lag {}", id, n))
            }
            days = n
        }
        if levels != nil, other == nil {
            throw CLIError(.usage, w("--levels goes with --with; for example: haven insights mood --with water --levels good,great"))
        }
        let session = try invocation.openSession(tracker: other == nil ? id : nil)
        let insights = Insights(session)
        if let other {
            let pairing = try insights.pairing(id, with: other, lag: days, levels: levels.map { $0.split(separator: ",").map(String.init) },
                                               from: fromDay, to: toDay)
            let text = PairingText(console: console)
            return global.json ? console.out(text.json(pairing).json(pretty: true)) : console.out(contentsOf: text.lines(pairing))
        }
        let found = try insights.tracker(id, from: fromDay, to: toDay, language: console.language)
        let text = InsightsText(console: console, columns: Console.terminalColumns(invocation.environment))
        global.json ? console.out(text.json(found).json(pretty: true)) : console.out(contentsOf: text.lines(found))
    }
}
