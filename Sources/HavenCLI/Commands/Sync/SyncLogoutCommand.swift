import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync logout`: forget the server and the token here.
struct SyncLogoutCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the server and this device's token; records and the key stay.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let url = try session.sync.settings()?.url
        let done = try session.sync.logout()
        if global.json { return invocation.console.out(Value.object([("logged_out", .bool(done))]).json(pretty: true)) }
        invocation.console.out(done ? "Logged out of \(url ?? "the server"); the key and every record stay here."
                                    : "Not logged in; nothing to do.")
    }
}
