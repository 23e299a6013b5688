import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync devices`: the devices of this account that hold a token.
struct SyncDevicesCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the devices logged in to this account, with when each last synced.",
        discussion: "'haven sync revoke DEVICE' logs one out (a lost laptop, say).")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let devices = try session.sync.devices()
        let console = invocation.console, w = console.words
        if global.json {
            return console.out(Value.array(devices.map { device in
                .object([("device", .string(device.device)), ("this", .bool(device.isThis)),
                         ("logged_in_at", .string(device.loggedInAt)), ("last_used_at", .string(device.lastUsedAt))])
            }).json(pretty: true))
        }
        console.out(contentsOf: Columns.align(devices.map { device in
            [device.device + (device.isThis ? " " + w("(this device)") : ""),
             w("logged in {}", Self.shown(device.loggedInAt)), w("last used {}", Self.shown(device.lastUsedAt))]
        }))
    }

    /// `2026-03-10T20:00:00Z` → `2026-03-10 20:00 UTC`.
    static func shown(_ instant: String) -> String {
        instant.count >= 16 ? instant.prefix(10) + " " + instant.dropFirst(11).prefix(5) + " UTC" : instant
    }
}
