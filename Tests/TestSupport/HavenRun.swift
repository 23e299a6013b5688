import Foundation
import XCTest

/// The binary on one home with one environment: every test that runs
/// `haven` goes through `run` (to look at the result) or `expect` (to
/// assert all of it: standard output, standard error and exit status,
/// reported at the caller's file and line).
public struct HavenRun: Sendable {
    /// The environment every run gets, on top of a clean one.
    public var environment: [String: String]
    /// The folder the binary runs in; the test's own when nil.
    public var directory: String?

    /// `home` as HAVEN_HOME, `now` as HAVEN_NOW in `zone`, without colour.
    public init(home: String, now: String? = nil, zone: String = "UTC", environment: [String: String] = [:],
                directory: String? = nil) {
        var base = ["HAVEN_HOME": home, "TZ": zone, "NO_COLOR": "1"]
        if let now { base["HAVEN_NOW"] = now }
        self.environment = base.merging(environment) { $1 }
        self.directory = directory
    }

    @discardableResult
    public func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
                    timeout: TimeInterval? = nil, executable: String? = nil) -> HavenProcess.Result {
        HavenProcess.run(arguments, environment: environment.merging(extra) { $1 }, directory: directory,
                         executable: executable, input: input, timeout: timeout)
    }

    /// Runs `arguments` and asserts the whole result: `stdout` (unchecked
    /// when nil), `stderr` and `status`.
    @discardableResult
    public func expect(_ arguments: [String], stdout: String?, stderr: String = "", status: Int32 = 0,
                       input: String? = nil, environment extra: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) -> HavenProcess.Result {
        let result = run(arguments, input: input, environment: extra)
        let command = "haven " + arguments.joined(separator: " ")
        XCTAssertFalse(result.timedOut, "\(command): did not end", file: file, line: line)
        if let stdout { XCTAssertEqual(result.stdout, stdout, "\(command): standard output", file: file, line: line) }
        XCTAssertEqual(result.stderr, stderr, "\(command): standard error", file: file, line: line)
        XCTAssertEqual(result.status, status, "\(command): exit status", file: file, line: line)
        return result
    }
}
