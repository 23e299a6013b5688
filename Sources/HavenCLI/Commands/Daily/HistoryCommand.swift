import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct HistoryCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "history", abstract: "Period by period: outcome, streak, jokers (default: the last 30).")

    @OptionGroup var global: GlobalOptions

    var pages: Bool { true }

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(parsing: .unconditional, help: ArgumentHelp("First day: YYYY-MM-DD, yesterday, -7d.", valueName: "DAY"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Last day, YYYY-MM-DD (default today).", valueName: "DAY"))
    var to: String?

    func run(_ invocation: Invocation) throws {
        let today = try invocation.clock().today(boundary: .midnight)
        let (fromDay, _) = try SkipCommand.range(from, words: invocation.console.words, today: today)
        let (toDay, _) = try SkipCommand.range(to, words: invocation.console.words, today: today)
        let session = try invocation.openSession(tracker: id)
        let tracker = try session.runtime.tracker(id)
        let periods = try session.history(tracker, from: fromDay, to: toDay)
        // A frozen period's note: the first one given for a day in it.
        let rules = EngineRules(tracker)
        var notes: [Int: String] = [:]
        for freeze in try session.freezes.list(of: [tracker.id]) {
            guard let note = freeze.note else { continue }
            let start = rules.periodStart(freeze.day.number)
            if notes[start] == nil { notes[start] = note }
        }
        let note = { (p: PeriodRecord) in p.outcome == .frozen ? notes[p.start] : nil }
        let console = invocation.console
        if global.json {
            console.out(Value.array(periods.map { p in
                guard case .object(var fields) = StatusValue.period(p) else { return StatusValue.period(p) }
                if let note = note(p) { fields.append(("note", .string(note))) }
                return .object(fields)
            }).json(pretty: true))
            return
        }
        let noted = periods.contains { note($0) != nil }
        let w = console.words
        console.out(contentsOf: Columns.align(periods.map { p in
            [StatusValue.dayText(p.start), w(p.outcome.rawValue), w("streak {}", p.streak), w("jokers {}", p.jokers)]
                + (noted ? [note(p) ?? ""] : [])
        }).map { $0.trimmingTrailingSpaces() })
    }
}
