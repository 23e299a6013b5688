import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync revoke DEVICE`: logs another device of this account out.
struct SyncRevokeCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Log another device out of this account (its token stops working at once).",
        discussion: "Name it by its id or the start of it, as 'haven sync devices' lists them.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The device, by its id or a unique start of it (4 characters or more).",
                                 valueName: "DEVICE"))
    var device: String

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let revoked = try session.sync.revoke(device)
        if global.json { return invocation.console.out(Value.object([("revoked", .string(revoked))]).json(pretty: true)) }
        invocation.console.out(invocation.console.words("Logged device {} out; it syncs again after 'haven sync login' there.",
                                                        revoked))
    }
}
