import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven import`: bringing history in (SPEC §9).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring history in: from Apple Health, Loop Habit Tracker, harsh, or a file 'haven export json' wrote.",
        subcommands: [ImportAppleHealthCommand.self, ImportHavenCommand.self, ImportLoopCommand.self,
                      ImportHarshCommand.self])
}
