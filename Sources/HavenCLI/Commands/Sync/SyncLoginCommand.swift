import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

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
        let console = invocation.console
        let w = console.words
        let password = try SyncLoginCommand.password(prompt: w("Password for {}: ", account), again: new, words: w)
        let settings = try session.sync.login(plan, account: account, password: password)
        let device = try session.sync.startRecords()
        if global.json {
            return console.out(Value.object([("url", .string(settings.url ?? "")), ("account", .string(account)),
                                             ("device", .string(device)), ("new", .bool(new))]).json(pretty: true))
        }
        if new {
            console.out(w("Made the account {} at {}; this device is {}.", account, settings.url ?? url, device))
            console.out(w("Your other devices need this home's key: 'haven sync key' shows it. Keep a copy: without it "
                + "the records on the server cannot be read."))
        } else {
            console.out(w("Logged in to {} as {}; this device is {}.", settings.url ?? url, account, device))
        }
        console.out(w("Run 'haven sync' to send and receive records."))
    }

    /// The password from the terminal without echo, else one line of standard input.
    static func password(prompt: String, again: Bool, words w: Words) throws -> String {
        func read(_ prompt: String) throws -> String {
            guard let line = KeyReader.secret(prompt: prompt), !line.isEmpty else {
                throw CLIError(.usage, w("no password given; type it at the prompt, or pipe it: echo \"$PASSWORD\" | "
                    + "haven sync login URL --account NAME"))
            }
            return line
        }
        let first = try read(prompt)
        if again && KeyReader.isTerminal {
            guard try read(w("Again: ")) == first else {
                throw CLIError(.usage, w("the two passwords differ; nothing was done"))
            }
        }
        return first
    }
}
