import ArgumentParser
import HavenCore
import HavenReminders
import HavenRuntime
import HavenPresentation

struct DueCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "due", abstract: "Trackers whose reminder time has passed today and that are still open.",
        discussion: """
            Only what is still open speaks: a tracker logged today is never listed. For cron, e.g. every 30 minutes:
            */30 * * * * haven due --json | your-notifier
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Check as if it were this time of day (HH:MM).", valueName: "HH:MM"))
    var at: String?

    func run(_ invocation: Invocation) throws {
        var time: TimeOfDay?
        if let at {
            guard let parsed = TimeOfDay(at) else {
                throw CLIError(.dataError, invocation.console.words("cannot read the time '{}'; write it as HH:MM, for "
                    + "example --at 20:30", at))
            }
            time = parsed
        }
        let session = try invocation.openSession()
        let (due, failures) = try session.reminders.due(at: time)
        show(due, invocation.console)
        try invocation.reportHookFailures(failures)
    }

    private func show(_ due: [DueReminder], _ console: Console) {
        if global.json {
            console.out(Value.array(due.map { d in
                Value.fields([
                    ("tracker", .string(d.status.tracker.id)),
                    ("name", .string(d.status.tracker.name.resolve(console.language))),
                    ("at", .string(d.at.description)),
                    ("reason", .string(d.reason.rawValue)),
                    ("message", .string(message(d, language: console.language))),
                    ("streak", .int(d.status.current)),
                    ("at_risk", .bool(d.status.atRisk)),
                    ("day", .string(d.status.today.description)),
                    ("outcome", .string(d.status.outcome.rawValue)),
                    ("input", .string(d.status.tracker.input.rawValue)),
                ])
            }).json(pretty: true))
            return
        }
        guard !due.isEmpty else {
            console.out(console.words("Nothing due."))
            return
        }
        let text = StatusText(console: console)
        console.out(contentsOf: Columns.align(due.map { d in
            [text.name(d.status.tracker), d.at.description, message(d, language: console.language),
             text.streak(d.status)]
        }))
    }

    private func message(_ d: DueReminder, language: String) -> String {
        let words = Words(language: language)
        if d.reason == .atRisk { return words("Streak {} still open", d.status.current) }
        return d.message?.resolve(language) ?? words("Time to check in")
    }
}
