import Foundation
import XCTest

/// Password attempts are limited and hashed apart (#28, item 2): a flood
/// of bad logins is answered 429 past the limits of its account and its
/// address, before any hashing; the hashes run on threads of their own, so
/// a token holder's call stays quick meanwhile; an account that does not
/// exist is answered as a wrong password is.
final class LoginLimitTests: XCTestCase {
    private var server: ServerHarness?
    private let wrong = #"{"error":"the account or the password is wrong"}"#

    override func tearDown() {
        server?.close()
    }

    private func start(_ flags: [String]) async throws -> (ServerHarness, String) {
        let harness = try ServerHarness(name: name, flags: flags)
        server = harness
        return (harness, try await harness.register("bob", device: "0190f3a2-0000-7000-8000-00000000000b"))
    }

    /// `count` logins at once from `source`; each answer as "status body",
    /// a 429's or 503's Retry-After checked against its body and left out.
    private static func logins(_ port: Int, _ count: Int, _ account: String, _ password: String,
                        from source: String = "127.0.0.1") throws -> [String: Int] {
        var tally: [String: Int] = [:]
        for answer in try StarvationTests.floodResults(port, ["logins", "\(count)", account, password, source]) {
            let status = answer["status"] as? Int ?? 0
            var body = answer["body"] as? String ?? ""
            if status == 429 || status == 503 {
                let seconds = try XCTUnwrap(Int(answer["retry_after"] as? String ?? ""), "\(answer)")
                XCTAssert((1 ... 900).contains(seconds), "\(answer)")
                XCTAssert(body.hasSuffix(" \(seconds) s\"}"), "the body says the Retry-After: \(answer)")
                body = body.replacingOccurrences(of: " \(seconds) s\"}", with: " N s\"}")
            }
            tally["\(status) \(body)", default: 0] += 1
        }
        return tally
    }

    func testFortyEightBadLoginsAreLimitedPerAddressAndAccountWhileATokenHolderIsServedQuickly() async throws {
        let (harness, token) = try await start(["--password-iterations", "100000", "--max-hash-wait", "600"])
        let port = harness.port
        _ = try await harness.call("GET", "/v1/status", token: token)
        // 48 bad logins at once for accounts that do not exist, from the
        // address that registered bob: of its 30 attempts 29 are left,
        // and these are hashed and refused; 19 are refused at once.
        let flood = Thread.detachNewThreadAndCollect { Result { try Self.logins(port, 48, "x{i}", "wrong password") } }
        var slowest = Duration.zero
        var probes = 0
        while !flood.isDone || probes < 3 {
            let start = ContinuousClock.now
            let status = try await harness.call("GET", "/v1/status", token: token)
            XCTAssertEqual(status.status, 200, status.body)
            slowest = max(slowest, start.duration(to: .now))
            probes += 1
            try await Task.sleep(for: .milliseconds(200))
        }
        let tooMany = #"{"error":"too many password attempts: try again in N s"}"#
        XCTAssertEqual(try flood.value.get(), ["401 \(wrong)": 29, "429 \(tooMany)": 19])
        XCTAssertLessThan(slowest, .seconds(1), "a token holder's status while 48 bad logins run (\(probes) calls)")

        // Variant: 48 bad logins of one account that exists, from another
        // address: 10 are hashed, 38 refused; then even its right password
        // waits, while an account that does not exist is told it is wrong.
        XCTAssertEqual(try Self.logins(port, 48, "bob", "wrong password", from: "127.0.0.2"),
                       ["401 \(wrong)": 10, "429 \(tooMany)": 38])
        XCTAssertEqual(try Self.logins(port, 1, "bob", "correct horse", from: "127.0.0.3"), ["429 \(tooMany)": 1])
        XCTAssertEqual(try Self.logins(port, 1, "nobody", "wrong password", from: "127.0.0.3"), ["401 \(wrong)": 1])
        XCTAssertEqual(try Self.logins(port, 1, "x0", "wrong password"), ["429 \(tooMany)": 1], "the first address still waits")
        XCTAssertEqual(try harness.query("SELECT count(*) FROM token"), "1", "no token was given")
    }

    /// A password that would wait past --max-hash-wait for the hashing
    /// thread is answered 503 at once, and is not counted as an attempt.
    func testPasswordsThatWouldWaitTooLongForAHashAre503AndNotCounted() async throws {
        let (harness, _) = try await start(["--password-iterations", "100000", "--max-hash-wait", "0", "--hash-threads", "1",
                                            "--address-attempts", "4"])
        let port = harness.port
        let busy = #"{"error":"the server is busy: try again in N s"}"#
        let tooMany = #"{"error":"too many password attempts: try again in N s"}"#
        // 16 at once: of the address's 4 attempts bob's registration took
        // one; one login is hashed, and the others find the thread busy or,
        // while 3 are let in, the address full (a busy one leaves no trace,
        // so which of the two each gets depends on when it arrives).
        let flood = try Self.logins(port, 16, "y{i}", "wrong password")
        XCTAssertEqual(flood["401 \(wrong)"], 1, "\(flood)")
        XCTAssertEqual(flood.filter { $0.key.hasPrefix("503 ") }.keys.sorted(), ["503 \(busy)"], "\(flood)")
        XCTAssertEqual(flood.filter { $0.key.hasPrefix("429 ") }.keys.sorted(), ["429 \(tooMany)"], "\(flood)")
        XCTAssertEqual(flood.values.reduce(0, +), 16)
        // Only the hashed one counted: 2 more are hashed, the next is refused.
        for index in 0 ..< 2 {
            XCTAssertEqual(try Self.logins(port, 1, "z\(index)", "wrong password"), ["401 \(wrong)": 1])
        }
        XCTAssertEqual(try Self.logins(port, 1, "z2", "wrong password"), ["429 \(tooMany)": 1])
    }

    /// Registrations count against their address: each costs a hash.
    func testRegistrationsCountAgainstTheirAddress() async throws {
        let (harness, _) = try await start(["--address-attempts", "3"])
        // bob's registration was the first.
        for (name, expected) in [("ana1", 201), ("ana2", 201), ("ana3", 429)] {
            let answer = try await harness.call("POST", "/v1/register", body:
                #"{"account":"\#(name)","password":"correct horse","device":"0190f3a2-0000-7000-8000-00000000000a"}"#)
            XCTAssertEqual(answer.status, expected, answer.body)
        }
        XCTAssertEqual(try harness.query("SELECT string_agg(name, ',' ORDER BY name) FROM account"), "ana1,ana2,bob")
    }

    /// Deleting an account takes its password, counted as a login's is.
    func testAccountDeletionsAreCountedAsLoginsAre() async throws {
        let (harness, token) = try await start(["--account-attempts", "2"])
        for expected in [403, 403, 429] {
            let answer = try await harness.call("DELETE", "/v1/account", token: token,
                                                body: #"{"password":"not the password"}"#)
            XCTAssertEqual(answer.status, expected, answer.body)
        }
        let right = try await harness.call("DELETE", "/v1/account", token: token, body: #"{"password":"correct horse"}"#)
        XCTAssertEqual(right.status, 429, right.body)
        XCTAssertEqual(try harness.query("SELECT string_agg(name, ',' ORDER BY name) FROM account"), "bob")
    }
}
