import Foundation

/// A menu program (fzf, rofi, dmenu…) run as such programs expect: the
/// choices on its standard input, the chosen line read from its standard
/// output, its standard error and terminal left to it (fzf draws on
/// /dev/tty). Haven waits as long as the person takes; Ctrl-C reaches the
/// menu, which ends, and Haven (ignoring it meanwhile) reads that as "none".
public enum MenuProcess {
    /// Runs `executable` with `arguments`, writes `lines` to it, and returns
    /// its exit status and everything it printed; nil when it cannot start.
    public static func run(_ executable: String, _ arguments: [String], lines: [String],
                           environment: [String: String]) -> (status: Int32, output: String)? {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else {
            close(input[0])
            close(input[1])
            return nil
        }
        for fd in [input[1], output[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, input[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            return nil
        }
        // The person answers Ctrl-C to the menu, not to Haven.
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
        // A menu that ends before reading every line (a stand-in, a quick
        // choice) closes the pipe: the rest is dropped, quietly.
        let text = Array((lines.joined(separator: "\n") + "\n").utf8)
        var written = 0
        while written < text.count {
            let n = text[written...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        close(input[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(output[0], &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, String(decoding: bytes, as: UTF8.self))
    }
}
