import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with posix_spawn and a blocking waitpid:
/// Foundation's `Process` polls for the child's end (about 75 ms a spawn
/// against 35 ms here), and the tests spawn thousands of programs.
public enum Spawn {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Killed because it outlived the hang guard given to `run`.
        public var timedOut = false
        /// The signal that ended it, if one did (`status` is then 128 + it, as a shell says).
        public var signal: Int32? = nil
    }

    /// Runs `executable` (an absolute path) with exactly `environment`, in
    /// `directory` when given, feeding it `input` (or an empty standard
    /// input). `timeout` is a guard against a hang, never a measure: a
    /// program still running then is killed and the result says so.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           directory: String? = nil, input: String? = nil, timeout: TimeInterval = 300) -> Result {
        switch Child.start(executable, arguments, environment: environment, directory: directory, input: input) {
        case .success(let child): return child.wait(timeout: timeout)
        case .failure(let problem): return Result(status: -1, stdout: "", stderr: problem.description)
        }
    }

    /// Why a program could not be started.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    private static let spawning = NSLock()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29), which Swift
    /// does not see without _GNU_SOURCE.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                 UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    /// A started program, for a test that acts on it while it runs (a
    /// signal once it is ready) before it waits for its end.
    public final class Child: @unchecked Sendable {
        public let pid: pid_t
        private let output: Int32, errors: Int32

        private init(pid: pid_t, output: Int32, errors: Int32) {
            self.pid = pid
            self.output = output
            self.errors = errors
        }

        public static func start(_ executable: String, _ arguments: [String], environment: [String: String],
                                 directory: String? = nil, input: String? = nil) -> Swift.Result<Child, Problem> {
            // The pipes are made close-on-exec under one lock with the spawn, so
            // that a program spawned at once on another thread inherits none.
            spawning.lock()
            defer { spawning.unlock() }
            var stdinPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
            guard pipe(&stdinPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
                return .failure(Problem(description: "could not make pipes: \(String(cString: strerror(errno)))"))
            }
            for fd in stdinPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
            if let directory {
                guard let chdir = addChdir else {
                    return .failure(Problem(description: "this C library cannot start a program in another folder"))
                }
                _ = chdir(&actions, directory)
            }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid = pid_t()
            let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
            for fd in [stdinPipe[0], outPipe[1], errPipe[1]] { close(fd) }
            guard spawned == 0 else {
                for fd in [stdinPipe[1], outPipe[0], errPipe[0]] { close(fd) }
                return .failure(Problem(description: "could not start \(executable): \(String(cString: strerror(spawned)))"))
            }
            let stdinWrite = stdinPipe[1]
            let writer = Thread {
                if let input {
                    var bytes = Array(input.utf8)[...]
                    signal(SIGPIPE, SIG_IGN)
                    while !bytes.isEmpty {
                        let n = bytes.withUnsafeBytes { write(stdinWrite, $0.baseAddress, $0.count) }
                        if n < 0 && errno == EINTR { continue }
                        if n <= 0 { break }
                        bytes = bytes.dropFirst(n)
                    }
                }
                close(stdinWrite)
            }
            writer.start()
            return .success(Child(pid: pid, output: outPipe[0], errors: errPipe[0]))
        }

        /// Sends `signal` to the program.
        public func send(_ signal: Int32) { kill(pid, signal) }

        /// Reads its output to the end and waits for it; past `timeout`
        /// (a guard against a hang) it is killed and the result says so.
        public func wait(timeout: TimeInterval = 300) -> Result {
            let child = pid
            let ended = Flag(), killed = Flag()
            Thread {
                let deadline = Date().addingTimeInterval(timeout)
                while !ended.value {
                    if Date() >= deadline {
                        killed.set()
                        kill(child, SIGKILL)
                        return
                    }
                    usleep(50_000)
                }
            }.start()
            let (stdout, stderr) = Spawn.readBoth(output, errors)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ended.set()
            let signal: Int32? = status & 0x7f == 0 ? nil : status & 0x7f
            return Result(status: signal.map { 128 + $0 } ?? (status >> 8) & 0xff,
                          stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self), timedOut: killed.value, signal: signal)
        }
    }

    /// Both pipes to their end, read as they fill: a program that fills one
    /// while the other is read would otherwise wait forever.
    fileprivate static func readBoth(_ out: Int32, _ err: Int32) -> ([UInt8], [UInt8]) {
        var buffers: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: out, events: Int16(POLLIN), revents: 0), pollfd(fd: err, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    close(fds[i].fd)
                    fds[i].fd = -1
                } else {
                    buffers[i] += chunk[..<n]
                }
            }
        }
        return (buffers[0], buffers[1])
    }

    /// The program `name` on `PATH`, as a shell would find it.
    public static func find(_ name: String, path: String? = nil) -> String? {
        if name.contains("/") { return name }
        let search = path ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return search.split(separator: ":").map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }
}

/// A flag set from another thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}

extension XCTestCase {
    /// Skips the test, saying why, when a program it drives is not
    /// installed (`make test` installs them all; a hand-run test may lack one).
    public func requirePrograms(_ names: String...) throws {
        let missing = names.filter { Spawn.find($0) == nil }
        if !missing.isEmpty {
            throw XCTSkip("needs \(missing.joined(separator: ", ")) on PATH (make test installs it)")
        }
    }
}
