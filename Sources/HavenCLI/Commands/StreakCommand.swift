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
        let w = console.words
        var lines = [
            "\(text.name(status.tracker)): \(text.now(status)) (\(w(status.outcome.rawValue)))",
            w("streak {} · longest {}", text.length(status.current, of: status.tracker), status.longest),
        ]
        if status.tracker.rewards != nil {
            lines.append(w("jokers: {} available, {} earned, {} used", status.jokers.available, status.jokers.earned,
                           status.jokers.used))
        }
        if let freezes = status.freezesAvailable { lines.append(w("freezes: {} available", freezes)) }
        lines.append(w("habit strength: {}%", Int((status.score * 100).rounded())))
        if status.atRisk {
            lines.append(status.progress == nil || status.tracker.streak?.rolling != nil
                ? w("at risk: logging today keeps the streak")
                : status.tracker.streak?.period == .month ? w("at risk: the month needs today to be met")
                : w("at risk: the week needs today to be met"))
        }
        lines += text.milestones([status])
        for a in status.archived {
            lines.append(w("archived ({}, {} to {}): streak {}, longest {}", w(a.mode.rawValue), a.from, a.to, a.current,
                           a.longest))
        }
        console.out(contentsOf: lines)
    }
}
