import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync` (SPEC §12): several devices, one history, through a haven-server.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", _superCommandName: "haven",
        abstract: "Send this device's records to your sync server and take the others'.",
        discussion: """
            Start with 'haven sync login URL --account NAME --new' on your first device, then \
            'haven sync login URL --account NAME --key KEY' on the others ('haven sync key' shows the key).
            """,
        subcommands: [SyncNowCommand.self, SyncLoginCommand.self, SyncStatusCommand.self, SyncKeyCommand.self, SyncPairCommand.self,
                      SyncLogoutCommand.self, SyncDevicesCommand.self, SyncRevokeCommand.self],
        defaultSubcommand: SyncNowCommand.self)
}
