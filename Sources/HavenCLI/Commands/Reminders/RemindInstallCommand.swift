import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// `haven remind install [--every 15m]`: a systemd user timer runs `haven remind`.
struct RemindInstallCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Run 'haven remind' from a systemd user timer, every 15 minutes or --every.",
        discussion: """
            Writes haven-remind.service and haven-remind.timer (Persistent=true: a run missed while the \
            machine slept happens when it wakes) to ~/.config/systemd/user and enables the timer. Without \
            systemd, use the cron line in the README.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("How often: 5m, 10m, 15m, 30m, 1h … (dividing an hour or a day).", valueName: "DURATION"))
    var every = "15m"

    func run(_ invocation: Invocation) throws {
        let words = invocation.console.words
        let seconds = (try? MeditateCommand.seconds(every, words: words)) ?? 0
        guard seconds % 60 == 0, ReminderTimer.isValid(minutes: seconds / 60) else {
            throw CLIError(.usage, words("--every takes 1m, 2m, 3m, 4m, 5m, 6m, 10m, 12m, 15m, 20m, 30m, or 1h, 2h, 3h, "
                + "4h, 6h, 8h, 12h, 24h (a timer keeps intervals that divide an hour or a day), not '{}'; for example: "
                + "haven remind install --every 15m", every))
        }
        guard let executable = CorePackLocator.currentExecutable() else {
            throw CLIError(.software, invocation.console.words("cannot tell where this haven program is; run it by its full "
                + "path"))
        }
        // The timer runs from another folder: a relative HAVEN_HOME is written as this one sees it.
        var environment = invocation.environment
        if let home = environment["HAVEN_HOME"], !home.isEmpty, !home.hasPrefix("/") {
            environment["HAVEN_HOME"] = invocation.path(home)
        }
        let timer = ReminderTimer(minutes: seconds / 60, environment: environment)
        try timer.install(executable: executable, arguments: RemindNowCommand.globalArguments(invocation))
        let path = timer.folder + "/" + ReminderTimer.timer
        if global.json {
            invocation.console.out(Value.object([
                ("timer", .string(path)), ("service", .string(timer.folder + "/" + ReminderTimer.service)),
                ("every_minutes", .int(timer.minutes)),
            ]).json(pretty: true))
        } else {
            let every = timer.minutes < 60 ? words("{} minutes", timer.minutes) : words("{} hours", timer.minutes / 60)
            invocation.console.out(words("'haven remind' now runs every {} ({}); 'haven remind uninstall' stops it.",
                                         every, path))
        }
    }
}
