import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

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
        lines.append(w("habit strength: {}", w.percent(Int((status.score * 100).rounded()))))
        // The score's last 30 periods, oldest first.
        let scores = try session.history(status.tracker, from: nil, to: nil).map(\.score)
        if scores.count > 1 {
            lines.append(w("habit strength, last {}: {}", periods(scores.count, status.tracker, w), Sparkline.text(scores)))
        }
        if status.atRisk {
            lines.append(status.progress == nil || status.tracker.streak?.window != nil
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

    /// "30 days", "12 weeks", "3 months".
    private func periods(_ n: Int, _ tracker: TrackerDefinition, _ w: Words) -> String {
        switch tracker.streak?.period {
        case .week?: w(n == 1 ? "{} week" : "{} weeks", n)
        case .month?: w(n == 1 ? "{} month" : "{} months", n)
        default: w(n == 1 ? "{} day" : "{} days", n)
        }
    }
}
