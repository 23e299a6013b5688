import ArgumentParser
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven conflicts` (SPEC §12): days of a one-value tracker where devices
/// logged different levels; `keep N` makes one of them the day's.
struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", _superCommandName: "haven",
        abstract: "Days where your devices logged different levels, and the choice between them.",
        subcommands: [ConflictsListCommand.self, ConflictsKeepCommand.self],
        defaultSubcommand: ConflictsListCommand.self)
}
