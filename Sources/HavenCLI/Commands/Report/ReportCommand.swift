import ArgumentParser
import Foundation
import HavenConfig
import HavenCore
import HavenInsights
import HavenPresentation
import HavenReport
import HavenRuntime

/// `haven report`: one self-contained HTML file of pictures (SPEC §10).
struct ReportCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "report", abstract: "Pictures of your history in one HTML file: heat maps, score, streaks, weekdays, totals.",
        discussion: "Example: haven report --out ~/haven-report.html, then open it in a browser.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The trackers to show (default: all, in your order).", valueName: "ID"))
    var ids: [String] = []

    @Option(help: ArgumentHelp("Write the page to FILE, replacing it whole ('-': standard output).", valueName: "FILE"))
    var out = "haven-report.html"

    @Option(parsing: .unconditional, help: ArgumentHelp("First day shown, YYYY-MM-DD, today, yesterday or -3d (default: a year before --to).", valueName: "DAY"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Last day shown, YYYY-MM-DD, yesterday or -3d (default: today).", valueName: "DAY"))
    var to: String?

    func run(_ invocation: Invocation) throws {
        let words = invocation.console.words
        let today = try invocation.clock().today(boundary: .midnight)
        let (fromDay, _) = try SkipCommand.range(from, words: words, today: today)
        let (toDay, _) = try SkipCommand.range(to, words: words, today: today)
        let session = try invocation.openSession()
        let templates: ReportTemplates
        do {
            templates = try ReportTemplates(folders: session.runtime.reportTemplateFolders)
        } catch {
            throw CLIError(.dataError, error.message)
        }
        let trackers = ids.isEmpty ? session.orderedTrackers() : try ids.map { try session.runtime.tracker($0) }
        let last = toDay ?? today
        if last > today {
            throw CLIError(.dataError, words("--to {} is after today ({}); leave it out to end today", last, today))
        }
        var first = fromDay ?? last.adding(days: -364)
        if first > last {
            throw Invocation.cliError(.badValue(.reversedRange(from: first, to: last)), words: words)
        }
        var (data, failures) = try ReportCommand.gather(session, trackers, from: first, to: last)
        // A short history's report starts where the history does, unless --from says otherwise.
        if fromDay == nil, let start = data.compactMap(\.status.judgedFrom).min(), start > first {
            first = min(start, last)
            for index in data.indices {
                data[index].totals.removeAll { $0.day < first.number }
                data[index].frozen = data[index].frozen.filter { $0 >= first.number }
            }
        }
        try ReportCommand.addInsights(&data, session, from: first, to: last, language: invocation.console.language)
        let settings = ReportSettings(from: first, to: last, language: invocation.console.language,
                                      generated: words("Made by Haven on {}", Moment.local(
                                          Int64(session.clock.now.timeIntervalSince1970 * 1000),
                                          offset: session.clock.offset(at: session.clock.now))))
        let html = templates.render(ReportModel(data, settings: settings))
        if out == "-" {
            invocation.console.file(html)
        } else if global.json {
            try invocation.writeWhole(html, to: out)
            invocation.console.out(Value.object([("path", .string(out)), ("trackers", .int(data.count)),
                                                 ("bytes", .int(html.utf8.count))]).json(pretty: true))
        } else {
            try invocation.writeWhole(html, to: out)
            invocation.console.out(words("Wrote {} ({}, {} KB); open it in a browser.", out,
                                         words(data.count == 1 ? "{} tracker" : "{} trackers", data.count),
                                         (html.utf8.count + 1023) / 1024))
        }
        try invocation.reportHookFailures(failures)
    }

    /// "When and why" of each tracker over the range as it ends up, against the same length before it.
    static func addInsights(_ data: inout [ReportTrackerData], _ session: Session, from: Day, to: Day,
                            language: String) throws {
        let insights = Insights(session)
        for index in data.indices {
            data[index].insights = try insights.tracker(data[index].tracker.id, from: from, to: to, language: language)
        }
    }

    /// What the report shows of each tracker: its status, every period
    /// from its first day, and its days and freezes in the range. A tracker
    /// whose hook fails is left out, its message returned.
    static func gather(_ session: Session, _ trackers: [TrackerDefinition], from first: Day, to last: Day)
        throws(RuntimeError) -> (data: [ReportTrackerData], failures: [String]) {
        var data: [ReportTrackerData] = []
        var failures: [String] = []
        for tracker in trackers {
            do throws(RuntimeError) {
                let status = try session.status(tracker)
                let periods = try session.history(tracker, from: Day(number: 0), to: nil)
                let totals = try session.dayTotals(tracker, from: first, through: last)
                let frozen = Set(try session.freezes.list(of: [tracker.id]).map(\.day.number)
                    .filter { $0 >= first.number && $0 <= last.number })
                data.append(ReportTrackerData(tracker: tracker, status: status, periods: periods, totals: totals,
                                              frozen: frozen))
            } catch {
                guard case .hook(let message) = error else { throw error }
                failures.append(message)
            }
        }
        return (data, failures)
    }
}
