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

    /// The longest hook deadlines an override may set (per call, per
    /// command), which every run gets unless its test sets its own: a hook
    /// in a functional test must never meet a deadline because the machine
    /// is loaded. A test about a deadline sets the one it is about.
    public static let patientHooks = ["HAVEN_HOOK_CALL_MS": "10000", "HAVEN_HOOK_TOTAL_MS": "60000"]

    /// Runs `arguments` with a clean environment plus `environment`, in
    /// `directory`. `timeout` guards against a hang (the result says
    /// `timedOut`); it is never a measure of speed.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           directory: String? = nil, executable: String? = nil, input: String? = nil,
                           timeout: TimeInterval? = nil) -> Result {
        var env = ["PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8", "HOME": NSTemporaryDirectory()]
        env.merge(HavenProcess.patientHooks) { $1 }
        env.merge(environment) { $1 }
        let run = Spawn.run(executable ?? binary, arguments, environment: env, directory: directory, input: input,
                            timeout: timeout ?? 300)
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr, timedOut: run.timedOut)
    }
}

/// The `sqlite3` program on a database file, for tests that look at or
/// damage the file behind Haven's back.
public enum SQLite {
    /// Runs `sql` and returns what `sqlite3` printed, trimmed.
    @discardableResult
    public static func run(_ database: String, _ sql: String) -> String {
        Spawn.run("/usr/bin/sqlite3", [database, sql], environment: ProcessInfo.processInfo.environment)
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything the database holds, as SQL text: equal dumps mean an unchanged database.
    public static func dump(_ database: String) -> String { run(database, ".dump") }
}
