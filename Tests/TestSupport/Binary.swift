import Foundation

/// Runs the built `haven` binary, as a person would from a shell.
public struct HavenProcess {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Killed by the timeout given to `run`.
        public var timedOut = false
    }

    /// The debug binary `swift build` / `swift test` produced.
    public static var binary: String {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("haven").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("haven").path,
            Repository.root + "/.build/debug/haven",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }

    /// Runs `arguments` with a clean environment plus `environment`, in `directory`.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           directory: String? = nil, executable: String? = nil, input: String? = nil,
                           timeout: TimeInterval? = nil) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        do {
            try process.run()
        } catch {
            return Result(status: -1, stdout: "", stderr: "could not start \(process.executableURL!.path): \(error)")
        }
        let killed = Flag()
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning {
                    killed.set()
                    kill(pid, SIGKILL)
                }
            }
        }
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), timedOut: killed.value)
    }
}

/// A flag set from another thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}

/// The `sqlite3` program on a database file, for tests that look at or
/// damage the file behind Haven's back.
public enum SQLite {
    /// Runs `sql` and returns what `sqlite3` printed, trimmed.
    @discardableResult
    public static func run(_ database: String, _ sql: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything the database holds, as SQL text: equal dumps mean an unchanged database.
    public static func dump(_ database: String) -> String { run(database, ".dump") }
}
