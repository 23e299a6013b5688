import Foundation
import XCTest

/// PostgreSQL down or hung (#28, item 5), through a proxy the test controls
/// (Tests/Fixtures/pg-proxy.py, stopped by its PID): `/health` answers 503,
/// a request fails with 503 at its deadline, and SIGTERM stops the server,
/// whatever the database does. The 60 s guards only catch a hang.
final class DatabaseDownTests: XCTestCase {
    private var proxy: Process?
    private var portFile = ""
    private var server: ServerHarness?

    override func tearDown() {
        server?.close()
        if let proxy, proxy.isRunning {
            proxy.terminate()
            proxy.waitUntilExit()
        }
    }

    private func startProxy() throws -> Int {
        portFile = FileManager.default.temporaryDirectory.appendingPathComponent("pg-proxy-\(UUID().uuidString)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [ServerHarness.root.path + "/Tests/Fixtures/pg-proxy.py", "\(try ServerHarness.pgPort())", portFile]
        try process.run()
        proxy = process
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return port }
            usleep(20_000)
        }
        throw Failure("the proxy did not start")
    }

    /// PostgreSQL stops (SIGUSR1) or hangs (SIGUSR2), once the proxy says it is so.
    private func database(_ signal: Int32) throws {
        kill(try XCTUnwrap(proxy?.processIdentifier), signal)
        let done = portFile + (signal == SIGUSR1 ? ".down" : ".hang")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: done) && Date() < deadline { usleep(20_000) }
    }

    private func stopsOnSIGTERM(_ harness: ServerHarness) throws {
        let pid = try XCTUnwrap(harness.pid)
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(60)
        while harness.pid != nil && Date() < deadline { usleep(50_000) }
        XCTAssertNil(harness.pid, "SIGTERM stopped the server")
    }

    func testAHungDatabaseAnswers503AtTheDeadlineAndSIGTERMStillStopsTheServer() async throws {
        let harness = try ServerHarness(name: name, through: try startProxy())
        server = harness
        let token = try await harness.register("ana", device: "0190f3a2-0000-7000-8000-00000000000a")
        try database(SIGUSR2)
        let health = try await harness.call("GET", "/health")
        XCTAssertEqual(health.status, 503)
        XCTAssertEqual(health.body, #"{"error":"the database does not answer"}"#)
        let status = try await harness.call("GET", "/v1/status", token: token)
        XCTAssertEqual(status.status, 503)
        XCTAssertEqual(status.body, #"{"error":"the database did not answer within 5 s: try again later"}"#)
        try stopsOnSIGTERM(harness)
    }

    func testAStoppedDatabaseAnswers503AndSIGTERMStopsTheServer() async throws {
        let harness = try ServerHarness(name: name, through: try startProxy())
        server = harness
        let token = try await harness.register("ana", device: "0190f3a2-0000-7000-8000-00000000000a")
        try database(SIGUSR1)
        let health = try await harness.call("GET", "/health")
        XCTAssertEqual(health.status, 503)
        let login = try await harness.call("POST", "/v1/login", body:
            #"{"account":"ana","password":"correct horse","device":"0190f3a2-0000-7000-8000-00000000000a"}"#)
        XCTAssertEqual(login.status, 503)
        XCTAssertTrue([#"{"error":"the database does not answer: try again later"}"#,
                       #"{"error":"the database did not answer within 5 s: try again later"}"#].contains(login.body), login.body)
        let status = try await harness.call("GET", "/v1/status", token: token)
        XCTAssertEqual(status.status, 503)
        try stopsOnSIGTERM(harness)
    }
}
