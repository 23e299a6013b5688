import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven stats ID [--by week|month|weekday]`: a tracker's life in numbers.
struct StatsCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "stats", abstract: "Totals, averages, how often it was met, streaks and strength, by week, month or weekday.",
        discussion: "Example: haven stats water --by weekday")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("Group by week, month or weekday.", valueName: "week|month|weekday"))
    var by: String?

    func run(_ invocation: Invocation) throws {
        var grouping: StatsGrouping?
        if let by {
            if by == "hour" {
                throw CLIError(.usage, invocation.console.words("the hours of the day are in haven insights {} (a weekday × "
                    + "hour grid); stats --by takes week, month or weekday", id))
            }
            guard let value = StatsGrouping(rawValue: by) else {
                throw CLIError(.usage, invocation.console.words("--by takes week, month or weekday, not '{}'; for "
                    + "example: haven stats {} --by month", by, id))
            }
            grouping = value
        }
        let session = try invocation.openSession(tracker: id)
        let stats = try session.stats(id, by: grouping)
        let console = invocation.console
        if global.json { return console.out(json(stats).json(pretty: true)) }
        console.out(contentsOf: text(stats, console: console))
    }

    /// Count and amount trackers are measured by their sum; the others by their entries.
    private static func measured(_ t: TrackerDefinition) -> Bool { t.input == .count || t.input == .amount }

    private func numbers(_ n: TrackerStats.Numbers, _ t: TrackerDefinition) -> [(String, Value)] {
        let amount = StatsCommand.measured(t) ? n.total : Double(n.entries)
        return [("days", .int(n.days)), ("entries", .int(n.entries)), ("total", DefinitionValue.number(n.total)),
         ("per_day", n.days > 0 ? .fixed(amount / Double(n.days), 3) : .null),
         // The mean of an entry's number (count and amount trackers).
         ("average", StatsCommand.measured(t) && n.entries > 0 ? .fixed(n.total / Double(n.entries), 3) : .null),
         ("met", .int(n.met)),
         ("closed", .int(n.closed)), ("completion", n.closed > 0 ? .fixed(Double(n.met) / Double(n.closed), 3) : .null)]
    }

    private func json(_ s: TrackerStats) -> Value {
        .object([("tracker", .string(s.tracker.id)), ("from", .string(s.from.description)), ("to", .string(s.to.description))]
            + numbers(s.whole, s.tracker)
            + [("current", .int(s.current)), ("longest", .int(s.longest)), ("score", .fixed(s.score, 6)),
               ("score_30_days_ago", s.score30.map { .fixed($0, 6) } ?? .null),
               ("score_365_days_ago", s.score365.map { .fixed($0, 6) } ?? .null),
               ("by", by.map(Value.string) ?? .null),
               ("groups", .array(s.groups.map { .object([("key", .string($0.key))] + numbers($0, s.tracker)) }))])
    }

    /// "met {} of {} weeks": the periods named, German's dative in its table.
    static func metOf(_ t: TrackerDefinition, _ n: Int) -> String {
        let period = t.streak?.window == nil ? t.streak?.period ?? .day : .day
        return "met {} of {} " + period.rawValue + (n == 1 ? "" : "s")
    }

    private func text(_ s: TrackerStats, console: Console) -> [String] {
        let text = StatusText(console: console)
        let t = s.tracker
        let measured = StatsCommand.measured(t)
        let unit = text.unit(t)
        let w = console.words
        // Numbers and shares as the language writes them (2,5 and 66 % in German).
        func perDay(_ n: TrackerStats.Numbers) -> String {
            n.days == 0 ? "–" : w.number(((measured ? n.total : Double(n.entries)) / Double(n.days) * 10).rounded() / 10)
        }
        func share(_ met: Int, _ closed: Int) -> String { w.percent(Int((Double(met) / Double(closed) * 100).rounded())) }
        func met(_ n: TrackerStats.Numbers) -> String {
            n.closed == 0 ? "–" : "\(n.met)/\(n.closed) (\(share(n.met, n.closed)))"
        }
        func percent(_ score: Double?) -> String { score.map { w.percent(Int(($0 * 100).rounded())) } ?? "–" }
        let whole = s.whole
        // A tracker first seen before a late day boundary starts with the day that begins at it.
        var lines = [s.from > s.to ? w("{}, from {} (it starts then)", text.name(t), s.from)
            : w("{}, {} to {} ({})", text.name(t), s.from, s.to, w(whole.days == 1 ? "{} day" : "{} days", whole.days))]
        lines.append(measured
            ? w("entries {} · total {}{} · {}{} a day", whole.entries, w.number(whole.total), unit, perDay(whole), unit)
            : w("entries {} · {} a day", whole.entries, perDay(whole)))
        lines.append(w(StatsCommand.metOf(t, whole.closed), whole.met, whole.closed)
            + (whole.closed > 0 ? " (\(share(whole.met, whole.closed)))" : "")
            + w(" · streak {} · best {}", text.length(s.current, of: t), text.length(s.longest, of: t)))
        lines.append(w("habit strength {} now · {} 30 days ago · {} 365 days ago", percent(s.score), percent(s.score30),
                       percent(s.score365)))
        guard let by, !s.groups.isEmpty else { return lines }
        // A week or month is met as a whole: weekdays have no share in it.
        let showMet = by != "weekday" || (t.streak?.period ?? .day) == .day || t.streak?.window != nil
        var rows = [[w(by), w("days"), w("entries")] + (measured ? [w("total")] : []) + [w("a day")]
            + (showMet ? [w("met")] : [])]
        for g in s.groups {
            rows.append([by == "weekday" ? w(g.key) : g.key, "\(g.days)", "\(g.entries)"] + (measured ? [w.number(g.total)] : [])
                + [perDay(g)] + (showMet ? [met(g)] : []))
        }
        return lines + [""] + Columns.align(rows).map { $0.trimmingTrailingSpaces() }
    }
}
