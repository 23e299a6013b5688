import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven export`: taking history out (SPEC §9).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Take your history out: JSON Lines that 'haven import haven' reads back, CSV, a Loop backup, or health values.",
        subcommands: [ExportJSONCommand.self, ExportCSVCommand.self, ExportLoopCommand.self, ExportHealthCommand.self])
}
