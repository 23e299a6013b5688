import Foundation
import XCTest

/// A program running in a real terminal (a tmux pane), driven by keys and
/// read from the screen, as a person would use it.
public final class Terminal {
    private let socket = "haven-test-\(UUID().uuidString.prefix(8))"

    /// Starts `command` with `environment` in a 100×30 terminal.
    public init(_ command: [String], environment: [String: String]) throws {
        guard access("/usr/bin/tmux", X_OK) == 0 else { throw XCTSkip("needs tmux (make test installs it)") }
        let env = environment.map { "\($0.key)=\($0.value)" }
        try tmux(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", "env", "-i"] + env + command)
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys (tmux names: "Tab", "Enter", "C-c", "Up") or literal text.
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// The screen's text; with `colors`, with the escape sequences of its
    /// colours; `joined`, with lines the terminal wrapped joined again.
    public func screen(colors: Bool = false, joined: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", "main", "-p"] + (colors ? ["-e"] : []) + (joined ? ["-J"] : []))
    }

    /// Waits until the screen shows `text` and returns the screen; `timeout`
    /// only guards against a hang. Screens have no trailing spaces, so
    /// neither may `text`.
    @discardableResult
    public func wait(for text: String, joined: Bool = false, timeout: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen(joined: joined)
            if last.contains(text) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TerminalTimeout(expected: text, screen: last)
    }

    /// True once the program has rung the terminal's bell.
    public var rang: Bool {
        (try? tmux(["display-message", "-p", "-t", "main", "#{window_bell_flag}"]))?.hasPrefix("1") == true
    }

    /// True while the program is running.
    public var isRunning: Bool {
        (try? tmux(["list-panes", "-t", "main"])) != nil
    }

    /// Runs tmux with posix_spawn and waitpid: the server it forks must not
    /// inherit a pipe, and its output goes through a file.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "/\(socket)-\(UUID().uuidString).out"
        defer { unlink(output) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ) == 0 else {
            throw TerminalTimeout(expected: "tmux to start", screen: "")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw TerminalTimeout(expected: "tmux \(arguments[0])", screen: "") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}

public struct TerminalTimeout: Error, CustomStringConvertible {
    public var expected: String
    public var screen: String
    public var description: String { "timed out waiting for \(expected); the screen shows:\n\(screen)" }
}
