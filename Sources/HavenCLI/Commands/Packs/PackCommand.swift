import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

/// `haven pack`: sharing packs (SPEC §8).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack", abstract: "Install, list, remove and make shared tracker packs.",
        subcommands: [PackInstallCommand.self, PackListCommand.self, PackUpdateCommand.self, PackRollbackCommand.self,
                      PackRemoveCommand.self, PackTrustCommand.self, PackUntrustCommand.self, PackExportCommand.self,
                      PackNewCommand.self])
}
