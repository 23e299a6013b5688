import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// `haven remind uninstall`: the timer stopped and its files removed.
struct RemindUninstallCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Stop the reminder timer and remove its files.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let timer = ReminderTimer(minutes: 15, environment: invocation.environment)
        let removed = try timer.uninstall()
        let words = invocation.console.words
        if global.json {
            invocation.console.out(Value.object([("removed", .bool(removed)), ("folder", .string(timer.folder))])
                .json(pretty: true))
        } else if removed {
            invocation.console.out(words("The reminder timer is stopped and its files are gone from {}.",
                                         timer.folder))
        } else {
            invocation.console.out(words("No reminder timer is installed (nothing in {}).", timer.folder))
        }
    }
}
