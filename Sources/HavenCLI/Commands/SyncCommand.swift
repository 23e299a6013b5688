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
        subcommands: [SyncNowCommand.self, SyncLoginCommand.self, SyncStatusCommand.self, SyncKeyCommand.self,
                      SyncLogoutCommand.self],
        defaultSubcommand: SyncNowCommand.self)
}

/// `haven sync [now]`: push the local tail, pull the others', apply them.
struct SyncNowCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Send and receive records now (what 'haven sync' does).",
        discussion: "Safe to run at any time and from a timer: a run cut short is simply run again.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        // A test hook: the process dies between the push and the local commit.
        let stop: (() -> Void)? = invocation.environment["HAVEN_TEST_SYNC_KILL"] == "before-apply"
            ? { kill(getpid(), SIGKILL) } : nil
        let report = try session.sync.run(beforeApply: stop)
        let console = invocation.console
        for problem in report.applied.skipped { console.err("haven: \(problem.description)") }
        if global.json {
            return console.out(Value.object([
                ("pushed", .int(report.pushed)), ("pulled", .int(report.pulled)),
                ("applied", .int(report.applied.applied)), ("known", .int(report.applied.known)),
                ("skipped", .array(report.applied.skipped.map { .string($0.description) })),
                ("devices", SyncStatusCommand.json(report.positions)),
            ]).json(pretty: true))
        }
        let url = try session.sync.settings()?.url ?? ""
        if report.pushed == 0 && report.pulled == 0 {
            return console.out("Up to date with \(url).")
        }
        var parts = ["sent \(Plural.count(report.pushed, "record", "records"))"]
        parts.append("received \(report.pulled)" + (report.applied.skipped.isEmpty ? ""
            : " (\(report.applied.skipped.count) kept unopened)"))
        console.out("Synced with \(url): " + parts.joined(separator: ", ") + ".")
    }
}

/// `haven sync login URL --account NAME [--new] [--key KEY]`.
struct SyncLoginCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Connect this device to a sync server (with --new, make the account).",
        discussion: """
            The password is asked for on a terminal, or read as one line from standard input: \
            echo "$PASSWORD" | haven sync login http://127.0.0.1:8787 --account me
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The server's address, such as http://127.0.0.1:8787.", valueName: "URL"))
    var url: String

    @Option(help: ArgumentHelp("Your account's name on that server.", valueName: "NAME"))
    var account: String

    @Flag(help: "Make the account, and a new key for it (on your first device).")
    var new = false

    @Option(help: ArgumentHelp("The key of your first device ('haven sync key' there shows it).", valueName: "KEY"))
    var key: String?

    func validate() throws {
        if new && key != nil {
            throw ValidationError("--new makes a new key; leave out --key (or --new, to log in with that key)")
        }
    }

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        // A wrong address or key is said before a password is asked for.
        let plan = try session.sync.planLogin(url: url, new: new, key: key)
        let password = try SyncLoginCommand.password(prompt: "Password for \(account): ", again: new)
        let settings = try session.sync.login(plan, account: account, password: password)
        let console = invocation.console
        let device = try session.sync.startRecords()
        if global.json {
            return console.out(Value.object([("url", .string(settings.url ?? "")), ("account", .string(account)),
                                             ("device", .string(device)), ("new", .bool(new))]).json(pretty: true))
        }
        if new {
            console.out("Made the account \(account) at \(settings.url ?? url); this device is \(device).")
            console.out("Your other devices need this home's key: 'haven sync key' shows it. Keep a copy: without it "
                + "the records on the server cannot be read.")
        } else {
            console.out("Logged in to \(settings.url ?? url) as \(account); this device is \(device).")
        }
        console.out("Run 'haven sync' to send and receive records.")
    }

    /// The password from the terminal without echo, else one line of standard input.
    static func password(prompt: String, again: Bool) throws -> String {
        func read(_ prompt: String) throws -> String {
            guard let line = KeyReader.secret(prompt: prompt), !line.isEmpty else {
                throw CLIError(.usage, "no password given; type it at the prompt, or pipe it: echo \"$PASSWORD\" | "
                    + "haven sync login URL --account NAME")
            }
            return line
        }
        let first = try read(prompt)
        if again && KeyReader.isTerminal {
            guard try read("Again: ") == first else { throw CLIError(.usage, "the two passwords differ; nothing was done") }
        }
        return first
    }
}

/// `haven sync status`: each device's position here and on the server.
struct SyncStatusCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Each device's records here and on the server, and what waits.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let (settings, positions, unreachable) = try session.sync.status()
        let console = invocation.console
        if global.json {
            console.out(Value.object([
                ("url", settings?.url.map(Value.string) ?? .null), ("account", settings?.account.map(Value.string) ?? .null),
                ("last_sync", settings?.lastSync.map { .string(SyncStatusCommand.time($0, session)) } ?? .null),
                ("devices", SyncStatusCommand.json(positions)),
            ]).json(pretty: true))
        } else {
            if let url = settings?.url {
                let last = settings?.lastSync.map { "last sync \(SyncStatusCommand.time($0, session))" } ?? "never synced"
                console.out("Server \(url) (account \(settings?.account ?? "?")), \(last).")
            } else {
                console.out("Not logged in to a sync server; 'haven sync login URL --account NAME' connects this device.")
            }
            var rows = [["Device", "Here", "Server", ""]]
            for position in positions {
                rows.append([position.device + (position.isThis ? " (this device)" : ""), "\(position.here)",
                             position.server.map(String.init) ?? "?", SyncStatusCommand.lag(position)])
            }
            if positions.isEmpty { console.out("No records yet: they start with the first login.") } else {
                console.out(contentsOf: Columns.align(rows).map { $0.trimmingTrailingSpaces() })
            }
        }
        if let unreachable { throw Invocation.cliError(.serviceUnavailable(unreachable.description)) }
    }

    static func lag(_ position: SyncPosition) -> String {
        guard let server = position.server else { return "" }
        if position.here > server { return "\(position.here - server) to send" }
        if server > position.here { return "\(server - position.here) to receive" }
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

/// `haven sync key`: the key, to type on another device.
struct SyncKeyCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Show this home's sync key, for 'haven sync login … --key' on another device.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        guard let key = try session.sync.key() else {
            throw CLIError(.usage, "no key yet: 'haven sync login URL --account NAME --new' makes one on your first device")
        }
        invocation.console.out(global.json ? Value.object([("key", .string(key))]).json(pretty: true) : key)
    }
}

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
