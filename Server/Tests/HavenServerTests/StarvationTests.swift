import Foundation
import XCTest

/// No client may starve the server (#28, item 2): floods from loopback,
/// bounded in count and time, through Tests/Fixtures/flood.py, which says
/// what the server did with each connection. Slow bodies and idle or
/// slow heads are closed at their deadlines, calls without a token are
/// capped, and a token holder is served meanwhile.
final class StarvationTests: XCTestCase {
    private var server: ServerHarness?

    override func tearDown() {
        server?.close()
    }

    private func start(_ flags: [String]) async throws -> (ServerHarness, String) {
        let harness = try ServerHarness(name: name, flags: flags)
        server = harness
        return (harness, try await harness.register("ana", device: "0190f3a2-0000-7000-8000-00000000000a"))
    }

    /// What flood.py saw, as "answer's first line / closed or open" with a count each.
    static func flood(_ port: Int, _ arguments: [String]) throws -> [String: Int] {
        var tally: [String: Int] = [:]
        for connection in try floodResults(port, arguments) {
            let answer = connection["answer"] as? String ?? "?"
            let fate = connection["closed"] as? Bool == true ? "closed" : "open"
            tally[(answer.isEmpty ? "no answer" : answer) + " / " + fate, default: 0] += 1
        }
        return tally
    }

    static func floodResults(_ port: Int, _ arguments: [String]) throws -> [[String: Any]] {
        let script = ServerHarness.root.path + "/Tests/Fixtures/flood.py"
        let mode = arguments[0]
        let out = try ServerHarness.run("/usr/bin/python3", [script, mode, "\(port)"] + arguments.dropFirst(),
                                        environment: ProcessInfo.processInfo.environment.merging(["WITHIN": "30"]) { $1 })
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
    }

    func testSlowBodiesAreCutAtTheReadDeadlineAndCallsWithoutATokenAreCapped() async throws {
        let (harness, token) = try await start(["--read-timeout", "2", "--idle-timeout", "2", "--max-anonymous", "8"])
        let port = harness.port
        // 20 registrations whose bodies trickle in: 8 are read until their
        // deadline cuts them, 12 are told at once that the server is busy.
        let flood = Thread.detachNewThreadAndCollect { Result { try Self.flood(port, ["slow-body", "20", "/v1/register", "1000"]) } }
        usleep(500_000)
        let status = try await harness.call("GET", "/v1/status", token: token)
        XCTAssertEqual(status.status, 200, "a token holder is served while the flood runs")
        XCTAssertEqual(try flood.value.get(), ["no answer / closed": 8, "HTTP/1.1 503 Service Unavailable / closed": 12])
        let busy = try await Self.busyAnswer(harness)
        XCTAssertEqual(busy, nil, "the cap is free again once the flood is cut")

        // Variants: a token holder's slow push, and a push without a token
        // whose 4 MB body is never read: each connection ends, nothing is written.
        XCTAssertEqual(try Self.flood(port, ["slow-body", "4", "/v1/records", "60000", token]), ["no answer / closed": 4])
        XCTAssertEqual(try Self.flood(port, ["slow-body", "4", "/v1/records", "4000000"]),
                       ["HTTP/1.1 401 Unauthorized / closed": 4])
        XCTAssertEqual(try harness.query("SELECT count(*) FROM record"), "0")
    }

    /// A register answered 503 when the cap on calls without a token is full, else nil.
    private static func busyAnswer(_ harness: ServerHarness) async throws -> String? {
        let answer = try await harness.call("POST", "/v1/register", body:
            #"{"account":"bo","password":"correct horse","device":"0190f3a2-0000-7000-8000-00000000000b"}"#)
        return answer.status == 503 ? answer.body : nil
    }

    func testIdleConnectionsAndSlowHeadsAreClosedAndAnHonestCallIsServedMeanwhile() async throws {
        let (harness, token) = try await start(["--idle-timeout", "2"])
        let port = harness.port
        let flood = Thread.detachNewThreadAndCollect { Result { try Self.flood(port, ["idle", "400"]) } }
        usleep(500_000)
        let status = try await harness.call("GET", "/v1/status", token: token)
        XCTAssertEqual(status.status, 200, status.body)
        XCTAssertEqual(try flood.value.get(), ["no answer / closed": 400])
        // A head sent a byte every half second never completes before the idle timeout.
        XCTAssertEqual(try Self.flood(port, ["slow-head", "20"]), ["no answer / closed": 20])
        let after = try await harness.call("GET", "/v1/status", token: token)
        XCTAssertEqual(after.status, 200, after.body)
    }
}
