import ArgumentParser
import Foundation
import HavenPresentation
import HavenRuntime
import HavenSync
import HavenSystem

/// `haven sync pair` (#35): a QR code of a one-time link for the phone.
struct SyncPairCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair", abstract: "A QR code that lets your phone into this account: a one-time link, for 10 minutes.",
        discussion: "The link opens the web app haven-server serves under /app; it holds the key in its fragment "
            + "(after #), which a browser never sends to the server.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let pairing = try session.sync.pair()
        let console = invocation.console, w = console.words
        if global.json {
            return console.out(Value.object([("link", .string(pairing.link)), ("expires_at", .string(pairing.expiresAt))])
                .json(pretty: true))
        }
        var lines = [w("Open this on your phone (scan it with the camera); it works once, until {}:", pairing.expiresAt), ""]
        if let qr = Self.qrCode(pairing.link, environment: invocation.environment) {
            lines += qr + [""]
        } else {
            lines += [w("(install qrencode for a QR code here: apt install qrencode)"), ""]
        }
        lines += [pairing.link, "", w("The link holds your key: show it to nobody else, and let it expire.")]
        console.out(contentsOf: lines)
    }

    /// The link as a QR code in text (two rows of modules a line), or nil without `qrencode`.
    static func qrCode(_ text: String, environment: [String: String]) -> [String]? {
        guard let program = ChildProcess.find("qrencode", environment: environment),
              let child = ChildProcess(program, ["-t", "UTF8", "-m", "2", text], environment: environment, reading: true)
        else { return nil }
        let (status, output) = child.run(within: 10)
        guard status == 0, !output.isEmpty else { return nil }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
