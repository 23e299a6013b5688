import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync logout`: the server revokes this device's token, and this
/// home forgets the server and the token; the key and the records stay.
struct SyncLogoutCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Revoke this device's token on the server and forget both; records and the key stay.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let w = invocation.console.words
        let logout = try session.sync.logout()
        if global.json {
            return invocation.console.out(Value.object([("logged_out", .bool(logout != nil)),
                                                        ("revoked", .bool(logout != nil && logout?.unrevoked == nil))])
                .json(pretty: true))
        }
        guard let logout else { return invocation.console.out(w("Not logged in; nothing to do.")) }
        let server = logout.url ?? w("the server")
        invocation.console.out(w("Logged out of {}; the key and every record stay here.", server))
        if let problem = logout.unrevoked {
            invocation.console.err(w("haven: the server was not told ({}); its token for this device ends after {} days "
                + "unused, or at once with 'haven sync revoke DEVICE' from another device",
                                     Invocation.message(problem, words: w), 180))
        }
    }
}
