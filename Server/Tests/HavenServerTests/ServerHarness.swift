import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// A haven-server of the test's own, on a database of its own in the
/// PostgreSQL that `make test` started (HAVEN_TEST_PG_PORT), on a free
/// loopback port; stopped by its PID.
final class ServerHarness {
    let database: String
    let pgPort: Int
    private(set) var port = 0
    private var process: Process?
    let log: URL

    var url: String { "http://127.0.0.1:\(port)" }

    /// The checkout's root (Server/ is one folder below it).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func pgPort() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment["HAVEN_TEST_PG_PORT"], let port = Int(text) else {
            throw Failure("the server tests need a PostgreSQL: run them with 'make test' (or 'make server-test'), "
                + "which starts one and sets HAVEN_TEST_PG_PORT")
        }
        return port
    }

    /// The port the server reaches PostgreSQL at: `pgPort`, or a proxy's.
    private let serverPGPort: Int?

    /// Flags given to haven-server after the harness's own.
    private let flags: [String]

    /// `name`: the test's, for the log file; `through`: a port that
    /// forwards to PostgreSQL, for the server to use instead; `flags`:
    /// more for haven-server (a later flag wins).
    init(name: String, through proxyPort: Int? = nil, flags: [String] = []) throws {
        serverPGPort = proxyPort
        self.flags = flags
        pgPort = try ServerHarness.pgPort()
        database = "haven_test_\(UInt64.random(in: 0 ... .max))"
        let label = name.filter { $0.isLetter || $0.isNumber }.suffix(40)
        log = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(database).log")
        try psql("CREATE DATABASE \(database) OWNER haven")
        try start()
    }

    /// A second haven-server over `other`'s database, as a proxy spreads
    /// calls over several instances; `other` drops the database.
    init(name: String, sharing other: ServerHarness) throws {
        serverPGPort = nil
        flags = other.flags
        pgPort = other.pgPort
        database = other.database
        let label = name.filter { $0.isLetter || $0.isNumber }.suffix(38)
        log = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-2-\(database).log")
        sharing = true
        try start()
    }

    /// True for a second instance, which leaves the database to the first.
    private var sharing = false

    /// The built haven-server beside this test bundle.
    static var binary: String {
        if let given = ProcessInfo.processInfo.environment["HAVEN_TEST_SERVER_BIN"] { return given }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("haven-server").path
    }

    func start() throws {
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(database).port")
        try? FileManager.default.removeItem(at: portFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerHarness.binary)
        // Started again, it listens where it did.
        process.arguments = ["--port", "\(port)", "--port-file", portFile.path, "--pg-port", "\(serverPGPort ?? pgPort)",
                             "--pg-database", database, "--password-iterations", "1000", "--max-body", "65536"] + flags
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw Failure("haven-server did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// The server's process id, while it runs.
    var pid: Int32? { process?.isRunning == true ? process?.processIdentifier : nil }

    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        self.process = nil
    }

    func close() {
        stop()
        guard !sharing else { return }
        _ = try? psql("DROP DATABASE IF EXISTS \(database)")
    }

    /// Runs SQL as the superuser (on this test's database unless `database` is given); returns the rows as text.
    @discardableResult
    func psql(_ sql: String, on database: String = "postgres") throws -> String {
        try ServerHarness.run(ServerHarness.psqlPath, ["-h", "127.0.0.1", "-p", "\(pgPort)", "-U", "postgres", "-d", database,
                                                     "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql])
    }

    func query(_ sql: String) throws -> String { try psql(sql, on: database) }

    static let psqlPath: String = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last ?? "15"
        return "/usr/lib/postgresql/\(newest)/bin/psql"
    }()

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                    environment: [String: String]? = nil) throws -> String {
        let result = try runStatus(executable, arguments, input: input, environment: environment)
        guard result.status == 0 else {
            throw Failure("\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.err)")
        }
        return result.out
    }

    static func runStatus(_ executable: String, _ arguments: [String], input: String? = nil,
                          environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try? inp.fileHandleForWriting.close()
        // Standard error is read on another thread, so that neither pipe fills.
        let errors = Thread.detachNewThreadAndCollect { err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.value
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self).trimmingCharacters(in: .newlines),
                String(decoding: errData, as: UTF8.self).trimmingCharacters(in: .newlines))
    }

    // MARK: HTTP

    /// Registers `account` with device `device`; the device's token.
    func register(_ account: String, device: String) async throws -> String {
        let answer = try await call("POST", "/v1/register", body:
            #"{"account":"\#(account)","password":"correct horse","device":"\#(device)"}"#)
        XCTAssertEqual(answer.status, 201, answer.body)
        return try XCTUnwrap(answer.json["token"] as? String)
    }

    struct Answer {
        var status: Int
        var body: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }

    func call(_ method: String, _ path: String, token: String? = nil, body: String? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self))
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value made on a thread of its own, waited for.
final class Collected<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?
    private let finished = NSLock()
    private var isFinished = false

    func set(_ value: Value) {
        result = value
        finished.withLock { isFinished = true }
        done.signal()
    }

    /// True once the value is made (`value` would not wait).
    var isDone: Bool { finished.withLock { isFinished } }

    var value: Value {
        done.wait()
        defer { done.signal() }
        return result!
    }
}

extension Thread {
    static func detachNewThreadAndCollect<Value>(_ body: @escaping @Sendable () -> Value) -> Collected<Value> {
        let collected = Collected<Value>()
        Thread.detachNewThread { collected.set(body()) }
        return collected
    }
}
