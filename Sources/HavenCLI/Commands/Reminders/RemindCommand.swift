import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// `haven remind` (SPEC §11): desktop notifications, and the timer that sends them.
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", _superCommandName: "haven",
        abstract: "Desktop notifications for the reminders due now, with quick actions; quiet otherwise.",
        discussion: "'haven remind' sends them; 'haven remind install' runs it from a systemd user timer.",
        subcommands: [RemindNowCommand.self, RemindInstallCommand.self, RemindUninstallCommand.self],
        defaultSubcommand: RemindNowCommand.self)
}
