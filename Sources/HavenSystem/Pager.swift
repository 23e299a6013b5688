import Foundation

/// Long output through a pager on a terminal, as git does: `$PAGER`
/// (`less -FRX` when unset, which quits at once when the text fits one
/// screen), started in Haven's own process group with standard output
/// handed to it; never when standard output is not a terminal, and never
/// with `PAGER` empty or `cat`.
public enum Pager {
    nonisolated(unsafe) private static var child: pid_t?
    /// Standard output as it was, given back when the pager is done (a REPL writes on after it).
    nonisolated(unsafe) private static var saved: Int32 = -1

    /// Starts the pager and points standard output at it; false when there is none to start.
    @discardableResult
    public static func start(environment: [String: String]) -> Bool {
        guard child == nil, isatty(STDOUT_FILENO) == 1 else { return false }
        let command = environment["PAGER"].map { $0.trimmingCharacters(in: .whitespaces) } ?? "less -FRX"
        guard !command.isEmpty, command != "cat" else { return false }
        if environment["PAGER"] == nil, Program.find("less") == nil { return false }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pairs = environment
        if pairs["LESS"] == nil { pairs["LESS"] = "FRX" }
        let words: [String] = ["/bin/sh", "-c", command]
        let argv = words.map { strdup($0) } + [nil]
        let envp = pairs.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) == 0 else {
            close(fds[0])
            close(fds[1])
            return false
        }
        close(fds[0])
        saved = dup(STDOUT_FILENO)
        dup2(fds[1], STDOUT_FILENO)
        close(fds[1])
        // A pager that quits early (q) closes the pipe: writes then fail quietly, never kill Haven.
        signal(SIGPIPE, SIG_IGN)
        child = pid
        return true
    }

    /// Ends the output and waits for the person to leave the pager.
    public static func finish() {
        guard let pid = child else { return }
        child = nil
        // Haven writes its output straight to the descriptor (no stdio buffer to flush).
        // Standard output back as it was: the pipe's last writer closes, and the pager sees the end.
        dup2(saved, STDOUT_FILENO)
        close(saved)
        saved = -1
        var ignore = sigaction(), interrupt = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &interrupt)
        defer { sigaction(SIGINT, &interrupt, nil) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
}
