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
        /// Why it was stopped before its end, if it was.
        public var stopped: Stop?

        public var succeeded: Bool { stopped == nil && exited && status == 0 }

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

    /// What a run may take: time, output, and anything `watch` looks at
    /// (called a few times a second: true stops the program).
    public struct Bounds {
        public var seconds: Double?
        /// A descriptor its output is written to instead of being kept.
        public var output: Int32?
        /// Bytes of output (kept or written) it may give.
        public var outputLimit: Int?
        public var watch: (() -> Bool)?

        public init(seconds: Double? = nil, output: Int32? = nil, outputLimit: Int? = nil, watch: (() -> Bool)? = nil) {
            self.seconds = seconds
            self.output = output
            self.outputLimit = outputLimit
            self.watch = watch
        }
    }

    /// Why a run was stopped (killed) before its end.
    public enum Stop: Equatable, Sendable {
        case timedOut
        case interrupted
        case outputTooLarge
        case watched
        /// Its output could not be written (the system's reason).
        case cannotWrite(String)
    }

    /// The program's path in the system folders, or nil when it is not installed.
    public static func find(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` and exactly `environment`, stdin
    /// from /dev/null, within `bounds` (past one it is killed and waited
    /// for); nil when it cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String],
                           bounds: Bounds = Bounds()) -> Result? {
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
        // A group of its own, so that a stop reaches what it started too
        // (git runs its transport as a child); a Ctrl-C stops it through
        // `Interruption` instead of the terminal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            return nil
        }
        var reading = Reading(output: output[0], errors: errors[0], bounds: bounds)
        let stop = reading.run()
        if stop != nil { kill(-pid, SIGKILL) }
        reading.closeAll()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : status & 0x7f, exited: exited, output: reading.kept[0],
                      errors: reading.kept[1], stopped: stop)
    }
}

/// Reads a program's two pipes to their ends at once (so that neither
/// fills while the other is read), within its bounds.
private struct Reading {
    var fds: [pollfd]
    var kept: [[UInt8]] = [[], []]
    let bounds: Program.Bounds
    var given = 0

    init(output: Int32, errors: Int32, bounds: Program.Bounds) {
        fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        self.bounds = bounds
    }

    /// Reads until both pipes end, or a bound stops it (returned).
    mutating func run() -> Program.Stop? {
        let deadline = bounds.seconds.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Bounds and Ctrl-C are looked at five times a second.
        let tick: Int32 = 200
        while fds.contains(where: { $0.fd >= 0 }) {
            if let deadline, ContinuousClock.now >= deadline { return .timedOut }
            if Interruption.wasRequested { return .interrupted }
            if bounds.watch?() == true { return .watched }
            let ready = poll(&fds, 2, tick)
            guard ready >= 0 || errno == EINTR else { break }
            for index in 0 ..< 2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    if let stop = take(buffer[..<count], from: index) { return stop }
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                }
            }
        }
        return nil
    }

    /// Keeps or writes what pipe `index` gave.
    mutating func take(_ bytes: ArraySlice<UInt8>, from index: Int) -> Program.Stop? {
        guard index == 0 else {
            kept[1].append(contentsOf: bytes)
            return nil
        }
        given += bytes.count
        if let limit = bounds.outputLimit, given > limit { return .outputTooLarge }
        guard let file = bounds.output else {
            kept[0].append(contentsOf: bytes)
            return nil
        }
        let written = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(file, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return written ? nil : .cannotWrite(String(cString: strerror(errno)))
    }

    mutating func closeAll() {
        for index in 0 ..< 2 where fds[index].fd >= 0 {
            close(fds[index].fd)
            fds[index].fd = -1
        }
    }
}
