import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync key`: the key, to type on another device.
struct SyncKeyCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Show this home's sync key, for 'haven sync login … --key' on another device.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        guard let key = try session.sync.key() else {
            throw CLIError(.usage, invocation.console.words(
                "no key yet: 'haven sync login URL --account NAME --new' makes one on your first device"))
        }
        invocation.console.out(global.json ? Value.object([("key", .string(key))]).json(pretty: true) : key)
    }
}
