import Foundation
import HavenSystem

/// Desktop notifications through the freedesktop notification service:
/// `notify-send` (libnotify) shows one and waits for its action,
/// `dbus-send` asks whether a server answers and closes one. Both run
/// without a shell, with their own time limit: `notify-send --wait` can
/// outlive its notification.
public enum Notifier {
    public struct Action: Sendable, Equatable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// Why notifications cannot be shown here, or nil when a server answers
    /// on the session bus (within two seconds).
    public static func unavailable(environment: [String: String]) -> String? {
        guard ChildProcess.find("notify-send", environment: environment) != nil else {
            return "notify-send is not installed (Debian: libnotify-bin)"
        }
        guard let dbus = ChildProcess.find("dbus-send", environment: environment) else {
            return "dbus-send is not installed (Debian: dbus)"
        }
        guard environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false else {
            return "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        }
        let asked = ChildProcess(dbus, ["--session", "--print-reply", "--reply-timeout=2000",
                                        "--dest=org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                        "org.freedesktop.Notifications.GetServerInformation"], environment: environment)
        return asked?.finish(within: 5) == 0 ? nil : "no notification server answers on the session bus"
    }

    /// Closes notification `id` (the server's number); a best effort.
    public static func close(_ id: Int64, environment: [String: String]) {
        guard let dbus = ChildProcess.find("dbus-send", environment: environment) else { return }
        _ = ChildProcess(dbus, ["--session", "--type=method_call", "--dest=org.freedesktop.Notifications",
                           "/org/freedesktop/Notifications", "org.freedesktop.Notifications.CloseNotification",
                           "uint32:\(id)"], environment: environment)?.finish(within: 5)
    }

    /// The most of a summary and of a body sent, in bytes: far below what
    /// the session bus carries, and more than a notification shows.
    public static let summaryLimit = 256, bodyLimit = 4096

    /// `text` cut to `limit` bytes at a character's end (with "…" when cut),
    /// and, for a body, escaped for the notification markup servers read in
    /// it (`&`, `<`, `>`), so that a name or a note is shown as it is written.
    public static func safe(_ text: String, limit: Int, markup: Bool) -> String {
        var escaped = text
        if markup {
            escaped = escaped.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        guard escaped.utf8.count > limit else { return escaped }
        var cut = ""
        for character in escaped {
            // An entity is never split: it is cut whole.
            guard cut.utf8.count + character.utf8.count <= limit - 3 else { break }
            cut.append(character)
        }
        if markup, let amp = cut.lastIndex(of: "&"), !cut[amp...].contains(";") { cut = String(cut[..<amp]) }
        return cut + "…"
    }

    /// Shows a notification that needs no answer (a milestone reached by
    /// an answer), and waits only for the server to take it.
    public static func post(title: String, body: String, environment: [String: String]) {
        guard let notifySend = ChildProcess.find("notify-send", environment: environment) else { return }
        _ = ChildProcess(notifySend, ["--app-name=Haven", "--urgency=normal", "--",
                                      safe(title, limit: summaryLimit, markup: false), safe(body, limit: bodyLimit, markup: true)],
                         environment: environment)?.finish(within: 5)
    }

    /// Shows a notification that stays until it is answered, and waits up
    /// to `timeout` seconds: calls `shown` with the server's number once it
    /// is up, and returns the key of the action taken, or nil when it was
    /// closed without one (or the time ran out: it is closed then).
    public static func show(title: String, body: String, actions: [Action], category: String? = nil,
                            timeout: TimeInterval, environment: [String: String], shown: (Int64) -> Void) -> String? {
        guard let notifySend = ChildProcess.find("notify-send", environment: environment) else { return nil }
        // notify-send writes through stdio, which holds a pipe's output until
        // it ends: `stdbuf -oL` makes it write the id as soon as it has one.
        let stdbuf = ChildProcess.find("stdbuf", environment: environment)
        var arguments = (stdbuf == nil ? [] : ["-oL", notifySend])
            + ["--app-name=Haven", "--urgency=normal", "--expire-time=0", "--print-id", "--wait"]
        if let category { arguments.append("--category=" + category) }
        arguments += actions.map { "--action=\($0.key)=\($0.label)" }
        arguments += ["--", safe(title, limit: summaryLimit, markup: false), safe(body, limit: bodyLimit, markup: true)]
        guard let run = ChildProcess(stdbuf ?? notifySend, arguments, environment: environment, reading: true) else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        var id: Int64?
        var action: String?
        while let line = run.line(before: deadline) {
            if id == nil, let number = Int64(line) {
                id = number
                shown(number)
            } else if !line.isEmpty, actions.contains(where: { $0.key == line }) {
                action = line
            }
        }
        if run.finish(within: max(0, deadline.timeIntervalSinceNow)) == nil, let id {
            close(id, environment: environment)
        }
        return action
    }
}
