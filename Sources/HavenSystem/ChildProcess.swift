import Foundation

/// A program started with posix_spawn, without a shell: its standard input
/// is /dev/null, its output and error /dev/null or read line by line when
/// asked for, and it inherits no other descriptor of this process (a
/// descriptor left open would keep whoever waits for this process's end
/// waiting: Foundation's Process watches a socket every child inherits).
public final class ChildProcess {
    private var pid = pid_t()
    private var output: Int32 = -1
    private var buffer: [UInt8] = []
    private var ended = false

    /// The program `name` on the environment's PATH (or /usr/bin:/bin).
    public static func find(_ name: String, environment: [String: String]) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts it; `reading` gives its output to `line(before:)` (and its
    /// errors too with `errors`), `detached` gives it a session of its own,
    /// so that it outlives this process and this terminal.
    public init?(_ executable: String, _ arguments: [String], environment: [String: String],
                 reading: Bool = false, errors: Bool = false, detached: Bool = false) {
        ChildProcess.closeOnExec()
        var pipes = [Int32](repeating: -1, count: 2)
        if reading { guard pipe(&pipes) == 0 else { return nil } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if reading {
            posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipes[0])
            posix_spawn_file_actions_addclose(&actions, pipes[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if reading && errors {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if detached { posix_spawnattr_setflags(&attributes, 0x80) }  // POSIX_SPAWN_SETSID (glibc), not exported to Swift
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        if reading { close(pipes[1]) }
        guard spawned == 0 else {
            if reading { close(pipes[0]) }
            return nil
        }
        output = reading ? pipes[0] : -1
    }

    /// Marks every descriptor above standard error close-on-exec (glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` is not visible to Swift).
    private static func closeOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for fd in names.compactMap(Int32.init) where fd > 2 {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    deinit {
        if output >= 0 { close(output) }
    }

    /// The next line the program writes, or nil at its end or at `deadline`.
    public func line(before deadline: Date) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line.trimmingCharacters(in: .whitespaces)
            }
            guard output >= 0, !ended else { return nil }
            let wait = Int32(max(0, min(Double(Int32.max), deadline.timeIntervalSinceNow * 1000)))
            guard wait > 0 else { return nil }
            var fd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                return nil
            }
            buffer += chunk[..<count]
        }
    }

    /// Everything it writes until it ends (or `seconds` pass, then it is
    /// killed), and its exit status (nil when killed).
    public func run(within seconds: TimeInterval) -> (status: Int32?, output: String) {
        let deadline = Date().addingTimeInterval(seconds)
        var lines: [String] = []
        while let line = line(before: deadline) { lines.append(line) }
        return (finish(within: max(0, deadline.timeIntervalSinceNow)), lines.joined(separator: "\n"))
    }

    /// Waits for the program's end up to `seconds`, then kills it: its exit
    /// status, or nil when it was killed.
    public func finish(within seconds: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
            if done < 0 && errno != EINTR { return nil }
            if Date() >= deadline {
                kill(pid, SIGTERM)
                usleep(100_000)
                if waitpid(pid, &status, WNOHANG) != pid {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                }
                return nil
            }
            usleep(10_000)
        }
    }
}
