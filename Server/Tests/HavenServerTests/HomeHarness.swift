import Foundation
import XCTest

/// A Haven home driven through the real `haven` binary (HAVEN_TEST_HAVEN_BIN,
/// which `make test` sets to the build it tests).
final class Home {
    let path: String
    let name: String
    /// More environment for every command (a zone, say).
    var environment: [String: String] = [:]

    init(_ name: String, trackers: [String: String] = [:]) throws {
        self.name = name
        path = FileManager.default.temporaryDirectory.appendingPathComponent("haven-e2e-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/trackers", withIntermediateDirectories: true)
        for (id, text) in trackers {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/trackers/\(id).yaml"))
        }
    }

    static func binary() throws -> String {
        guard let path = ProcessInfo.processInfo.environment["HAVEN_TEST_HAVEN_BIN"] else {
            throw Failure("the end-to-end tests need the haven binary: run them with 'make test', which sets HAVEN_TEST_HAVEN_BIN")
        }
        return path
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    /// `haven --home PATH ARGS…` with a fixed zone and no colour.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, now: String? = nil, environment extra: [String: String] = [:])
        throws -> Result {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HAVEN_") }
        environment["TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        environment.merge(self.environment) { $1 }
        environment.merge(extra) { $1 }
        var all = ["--home", path] + arguments
        if let now { all += ["--now", now] }
        let result = try ServerHarness.runStatus(try Home.binary(), all, input: input, environment: environment)
        return Result(status: result.status, out: result.out, err: result.err)
    }

    /// Runs and expects success; returns standard output.
    @discardableResult
    func ok(_ arguments: [String], input: String? = nil, now: String? = nil, environment: [String: String] = [:],
            file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(arguments, input: input, now: now, environment: environment)
        XCTAssertEqual(result.status, 0, "\(name): haven \(arguments.joined(separator: " ")): \(result.err)", file: file, line: line)
        return result.out
    }

    /// Every record this home holds, one line each, in id order.
    func records() throws -> [String] {
        try ServerHarness.run("/usr/bin/sqlite3", [path + "/haven.db",
            "SELECT id || ' ' || device || ' ' || idx || ' ' || payload FROM record ORDER BY id"])
            .split(separator: "\n").map(String.init)
    }

    /// The ids of this home's entries of `tracker` (its own numbering).
    func entryIDs(_ tracker: String, now: String) throws -> [Int] {
        let out = try ok(["entries", tracker, "--days", "60", "--json"], now: now)
        let list = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
        return list.compactMap { $0["id"] as? Int }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
