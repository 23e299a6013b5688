import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync status`: each device's position here and on the server.
struct SyncStatusCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Each device's records here and on the server, and what waits.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let (settings, positions, unreachable) = try session.sync.status()
        let console = invocation.console
        let w = console.words
        if global.json {
            console.out(Value.object([
                ("url", settings?.url.map(Value.string) ?? .null), ("account", settings?.account.map(Value.string) ?? .null),
                ("last_sync", settings?.lastSync.map { .string(SyncStatusCommand.time($0, session)) } ?? .null),
                ("devices", SyncStatusCommand.json(positions)),
            ]).json(pretty: true))
        } else {
            if let url = settings?.url {
                let last = settings?.lastSync.map { w("last sync {}", SyncStatusCommand.time($0, session)) }
                    ?? w("never synced")
                console.out(w("Server {} (account {}), {}.", url, settings?.account ?? "?", last))
            } else {
                console.out(w("Not logged in to a sync server; 'haven sync login URL --account NAME' connects this device."))
            }
            var rows = [[w("Device"), w("Here"), w("Server"), ""]]
            for position in positions {
                rows.append([position.device + (position.isThis ? " " + w("(this device)") : ""), "\(position.here)",
                             position.server.map(String.init) ?? "?", SyncStatusCommand.lag(position, w)])
            }
            if positions.isEmpty { console.out(w("No records yet: they start with the first login.")) } else {
                console.out(contentsOf: Columns.align(rows).map { $0.trimmingTrailingSpaces() })
            }
        }
        if let unreachable { throw Invocation.cliError(unreachable, words: console.words) }
    }

    static func lag(_ position: SyncPosition, _ w: Words) -> String {
        guard let server = position.server else { return "" }
        if position.here > server { return w("{} to send", position.here - server) }
        if server > position.here { return w("{} to receive", server - position.here) }
        return ""
    }

    static func json(_ positions: [SyncPosition]) -> Value {
        .array(positions.map { p in
            .object([("device", .string(p.device)), ("this", .bool(p.isThis)), ("here", .int(Int(p.here))),
                     ("server", p.server.map { .int(Int($0)) } ?? .null)])
        })
    }

    /// `YYYY-MM-DD HH:MM` in the clock's zone.
    static func time(_ milliseconds: Int64, _ session: Session) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = session.clock.zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute],
                                            from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0)
    }
}
