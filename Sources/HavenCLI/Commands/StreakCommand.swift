import ArgumentParser
import HavenCore
import HavenRuntime

struct StreakCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "streak", abstract: "One tracker in depth, with its archived streaks.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession(tracker: id)
        let status = try session.status(session.runtime.tracker(id))
        let console = invocation.console
        if global.json {
            console.out(StatusValue.streak(status, language: console.language).json(pretty: true))
            return
        }
        let text = StatusText(console: console)
        var lines = [
            "\(text.name(status.tracker)): \(text.now(status)) (\(status.outcome.rawValue))",
            "streak \(text.length(status.current, of: status.tracker)) · longest \(status.longest)",
        ]
        if status.tracker.rewards != nil {
            lines.append("jokers: \(status.jokers.available) available, \(status.jokers.earned) earned, "
                + "\(status.jokers.used) used")
        }
        if let freezes = status.freezesAvailable { lines.append("freezes: \(freezes) available") }
        lines.append("habit strength: \(Int((status.score * 100).rounded()))%")
        if status.atRisk {
            lines.append(status.progress == nil || status.tracker.streak?.rolling != nil
                ? "at risk: logging today keeps the streak"
                : "at risk: the \(status.tracker.streak?.period == .month ? "month" : "week") needs today to be met")
        }
        lines += text.milestones([status])
        for a in status.archived {
            lines.append("archived (\(a.mode.rawValue), \(a.from) to \(a.to)): streak \(a.current), longest \(a.longest)")
        }
        console.out(contentsOf: lines)
    }
}
