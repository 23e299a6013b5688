import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct CalendarCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "calendar", abstract: "A heat map of outcomes: months of one tracker, or the last four weeks of all of them.")

    @OptionGroup var global: GlobalOptions

    var pages: Bool { year }

    @Argument(help: ArgumentHelp("The tracker (default: all, the last four weeks).", valueName: "ID"))
    var id: String?

    @Option(help: ArgumentHelp("How many months to show for one tracker.", valueName: "N"))
    var months = 3

    @Flag(help: "A year as one line a weekday: the 53 weeks up to this one (of every tracker without ID).")
    var year = false

    func run(_ invocation: Invocation) throws {
        guard (1...24).contains(months) else {
            throw CLIError(.dataError, invocation.console.words("--months takes 1 to 24, not {}", months))
        }
        let session = try invocation.openSession()
        if global.json { return try json(session, invocation) }
        let map = HeatMap(console: invocation.console)
        var lines: [String] = []
        var failures: [String] = []
        if year {
            for tracker in try id.map({ [try session.runtime.tracker($0)] }) ?? session.orderedTrackers() {
                do throws(RuntimeError) {
                    let today = try session.status(tracker).today
                    let days = try outcomes(session, tracker, from: Day(number: HeatMap.yearStart(today)))
                    lines += (lines.isEmpty ? [] : [""]) + map.year(tracker, today: today, outcomes: days)
                } catch {
                    guard case .hook(let message) = error else { throw error }
                    failures.append(message)
                }
            }
        } else if let id {
            let tracker = try session.runtime.tracker(id)
            let today = try session.status(tracker).today
            let first = firstMonth(today)
            let days = try outcomes(session, tracker, from: first)
            // The freezes shown, with their notes.
            let frozen = FreezesCommand.ranges(try session.freezes.list(of: [tracker.id]).filter { $0.day >= first && $0.day <= today })
            lines = map.months(tracker, from: first, today: today, outcomes: days)
                + (frozen.isEmpty ? [] : [""] + frozen.map { r in
                    "frozen " + (r.from == r.to ? r.from.description : "\(r.from)..\(r.to)") + (r.note.map { ": \($0)" } ?? "")
                })
        } else {
            var rows: [(TrackerDefinition, Day, [Int: Outcome])] = []
            for tracker in session.orderedTrackers() {
                // A tracker whose hook fails is left out and named after the map.
                do throws(RuntimeError) {
                    let today = try session.status(tracker).today
                    rows.append((tracker, today, try outcomes(session, tracker, from: today.adding(days: -27))))
                } catch {
                    guard case .hook(let message) = error else { throw error }
                    failures.append(message)
                }
            }
            lines = map.overview(rows)
        }
        invocation.console.out(contentsOf: lines + ["", map.legend])
        try invocation.reportHookFailures(failures)
    }

    /// `--json`: per tracker, each day shown with its outcome (and a freeze's
    /// note): the months of one tracker, or the last four weeks of all.
    private func json(_ session: Session, _ invocation: Invocation) throws {
        var values: [Value] = []
        var failures: [String] = []
        for tracker in try id.map({ [try session.runtime.tracker($0)] }) ?? session.orderedTrackers() {
            do throws(RuntimeError) {
                let today = try session.status(tracker).today
                let first = year ? Day(number: HeatMap.yearStart(today))
                    : id == nil ? today.adding(days: -27) : firstMonth(today)
                let days = try outcomes(session, tracker, from: first)
                let notes = Dictionary(try session.freezes.list(of: [tracker.id]).map { ($0.day.number, $0.note) },
                                       uniquingKeysWith: { a, _ in a })
                values.append(.object([
                    ("tracker", .string(tracker.id)), ("from", .string(first.description)), ("to", .string(today.description)),
                    ("days", .array((first.number...today.number).compactMap { n in
                        guard let outcome = days[n] else { return nil }
                        var fields: [(String, Value)] = [("day", .string(Day(number: n).description)),
                                                         ("outcome", .string(outcome.rawValue))]
                        if let note = notes[n] ?? nil { fields.append(("note", .string(note))) }
                        return .object(fields)
                    })),
                ]))
            } catch {
                guard case .hook(let message) = error else { throw error }
                failures.append(message)
            }
        }
        invocation.console.out((id == nil ? Value.array(values) : values[0]).json(pretty: true))
        try invocation.reportHookFailures(failures)
    }

    /// The first day of the first of the `months` shown, the last holding `today`.
    private func firstMonth(_ today: Day) -> Day {
        var first = Day(year: today.year, month: today.month, day: 1)!
        for _ in 1..<months {
            first = Day(number: first.number - 1)
            first = Day(year: first.year, month: first.month, day: 1)!
        }
        return first
    }

    /// Each day's outcome: its period's, for week and month trackers.
    private func outcomes(_ session: Session, _ tracker: TrackerDefinition, from: Day) throws(RuntimeError)
        -> [Int: Outcome] {
        DayOutcomes.expand(try session.history(tracker, from: from, to: nil), rules: EngineRules(tracker), from: from,
                           judgedFrom: try session.status(tracker).judgedFrom)
    }
}
