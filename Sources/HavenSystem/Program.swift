import Foundation

/// Runs a system program (git, curl) directly, never through a shell.
/// Started with posix_spawn and waited for with waitpid: Foundation's
/// `Process` polls for the end of a child every 50 ms, which cost more
/// than git itself.
public enum Program {
    public struct Result {
        public var status: Int32
        public var exited: Bool
        public var output: [UInt8]
        public var errors: [UInt8]

        public var succeeded: Bool { exited && status == 0 }

        /// What the program said went wrong: its first `fatal:`, `error:` or
        /// `curl:` line (the lines after it are advice), else its last line.
        public func complaint(name: String) -> String {
            let said = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let lines = said.split(separator: "\n").map(String.init)
            let line = lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") || $0.hasPrefix("curl:") }
                ?? lines.last
            return line ?? (exited ? "\(name) exited \(status)" : "\(name) was killed by signal \(status)")
        }
    }

    /// The program's path in the system folders, or nil when it is not installed.
    public static func find(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` and exactly `environment`, stdin
    /// from /dev/null; nil when it cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String]) -> Result? {
        var output = [Int32](repeating: -1, count: 2), errors = [Int32](repeating: -1, count: 2)
        guard pipe(&output) == 0 else { return nil }
        guard pipe(&errors) == 0 else {
            close(output[0])
            close(output[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in output + errors { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            return nil
        }
        let (out, err) = readBoth(output[0], errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : status & 0x7f, exited: exited, output: out, errors: err)
    }

    /// Reads two pipes to their ends at once (so that neither fills while
    /// the other is read) and closes them.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var results: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { break }
            for index in 0 ..< 2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    results[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                    open -= 1
                }
            }
        }
        return (results[0], results[1])
    }
}
