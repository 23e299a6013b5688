import Foundation

/// Runs an interactive program (an editor, a pager, a picker) on Haven's
/// own terminal, as `system(3)` does: in Haven's process group, so that the
/// terminal's foreground is its too (a program in a group of its own is
/// stopped by the kernel the moment it touches the terminal: vim shows a
/// blank screen). While it runs, Haven ignores Ctrl-C and Ctrl-\ (they are
/// the program's) and a closed pipe; the program starts with their default actions.
public enum Foreground {
    /// Runs `/bin/sh -c script` with `arguments` as `$0 $1 …`; returns its
    /// exit status, 128 + the signal that ended it, or 127 when it could
    /// not be started.
    public static func shell(_ script: String, arguments: [String], environment: [String: String]? = nil) -> Int32 {
        run("/bin/sh", ["-c", script] + arguments, environment: environment ?? ProcessInfo.processInfo.environment) ?? 127
    }

    /// Starts `executable` with `arguments` (and the descriptors `actions`
    /// sets up), runs `meanwhile` (talking to it through those), waits for
    /// its end and returns its exit status (128 + a signal that ended it);
    /// nil when it could not be started.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    actions: UnsafePointer<posix_spawn_file_actions_t>? = nil, meanwhile: () -> Void = {}) -> Int32? {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unmasked = sigset_t()
        sigemptyset(&unmasked)
        posix_spawnattr_setsigmask(&attributes, &unmasked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var ignore = sigaction(), interrupt = sigaction(), quit = sigaction(), broken = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &interrupt)
        sigaction(SIGQUIT, &ignore, &quit)
        sigaction(SIGPIPE, &ignore, &broken)
        defer {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGQUIT, &quit, nil)
            sigaction(SIGPIPE, &broken, nil)
        }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, actions, &attributes, argv, envp) == 0 else { return nil }
        meanwhile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
