import Foundation
import HavenCore
import XCTest

/// Every way a call can be wrong, each with its status and whole message,
/// and nothing written (SPEC §12, issue #16).
final class SecurityTests: XCTestCase {
    private var server: ServerHarness!
    private let deviceA = "0190f3a2-0000-7000-8000-00000000000a"
    private let deviceB = "0190f3a2-0000-7000-8000-00000000000b"

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
    }

    private func record(_ device: String, _ idx: Int, id: String? = nil, sealed: String? = nil) -> String {
        let id = id ?? UUID7.make(milliseconds: 1_700_000_000_000 + Int64(idx))
        let sealed = sealed ?? Data((0 ..< 40).map { _ in UInt8.random(in: 0 ... 255) }).base64EncodedString()
        return #"{"id":"\#(id)","device":"\#(device)","idx":\#(idx),"version":1,"sealed":"\#(sealed)"}"#
    }

    private func batch(_ records: [String]) -> String { #"{"records":[\#(records.joined(separator: ","))]}"# }

    private func rows() throws -> String {
        try server.query("SELECT count(*) || '/' || coalesce(max(idx), 0) FROM record")
    }

    /// No client number can crash the server (#28, item 1): an idx past
    /// 2^53 (2^63 − 1 once trapped on `idx + 1`) and an `after` past it
    /// are refused, nothing is written, and the server still answers.
    func testNumbersPastTheLargestIdxAreRefusedAndTheServerLivesOn() async throws {
        let token = try await server.register("ana", device: deviceA)
        let largest = Int64(1) << 53
        for idx in [Int64.max, largest + 1, -1, 0] {
            let push = try await server.call("POST", "/v1/records", token: token,
                                             body: batch([record(deviceA, Int(idx), id: UUID7.make(milliseconds: 1)),
                                                          record(deviceA, Int(idx &+ 1), id: UUID7.make(milliseconds: 2))]))
            XCTAssertEqual(push.status, 400, "\(idx)")
            XCTAssertEqual(push.body, #"{"error":"record 1: idx is from 1 to 9007199254740992, not \#(idx)"}"#)
        }
        // Two pushes: the stream's last idx stored, then the next one after it.
        let high = try await server.call("POST", "/v1/records", token: token, body: batch([record(deviceA, Int(largest))]))
        XCTAssertEqual(high.status, 409, high.body)
        for after in ["9007199254740993", "9223372036854775807", "-1"] {
            let pull = try await server.call("GET", "/v1/records?device=\(deviceA)&after=\(after)", token: token)
            XCTAssertEqual(pull.status, 400)
            XCTAssertEqual(pull.body, #"{"error":"after is an idx: 0 to 9007199254740992"}"#)
        }
        XCTAssertEqual(try rows(), "0/0")
        let alive = try await server.call("GET", "/v1/status", token: token)
        XCTAssertEqual(alive.status, 200)
    }

    func testCallsWithoutAValidTokenAreRefusedAndWriteNothing() async throws {
        let token = try await server.register("ana", device: deviceA)
        let push = batch([record(deviceA, 1)])
        let noToken = try await server.call("POST", "/v1/records", body: push)
        XCTAssertEqual(noToken.status, 401)
        XCTAssertEqual(noToken.body, #"{"error":"this call needs a device token (Authorization: Bearer …): log in with `haven sync login URL`"}"#)
        let wrong = try await server.call("POST", "/v1/records", token: token + "x", body: push)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.body, #"{"error":"the device token is not known here (the account was deleted, the server wiped, or the device logged in again): log in with `haven sync login URL`"}"#)
        let status = try await server.call("GET", "/v1/status", token: "hvt1-nothing")
        XCTAssertEqual(status.status, 401)
        XCTAssertEqual(try rows(), "0/0")
        // A device that logs in again gets a new token; the old one stops working.
        let login = try await server.call("POST", "/v1/login",
                                          body: #"{"account":"ana","password":"correct horse","device":"\#(deviceA)"}"#)
        XCTAssertEqual(login.status, 200)
        let old = try await server.call("GET", "/v1/status", token: token)
        XCTAssertEqual(old.status, 401)
    }

    func testOneAccountNeverReadsOrWritesAnothersRecords() async throws {
        let ana = try await server.register("ana", device: deviceA)
        let bo = try await server.register("bo", device: deviceB)
        let anaRecords = [record(deviceA, 1), record(deviceA, 2)]
        let anaPush = try await server.call("POST", "/v1/records", token: ana, body: batch(anaRecords))
        XCTAssertEqual(anaPush.status, 200)
        // Bo asks for Ana's stream: his account has no such stream.
        let pull = try await server.call("GET", "/v1/records?device=\(deviceA)&after=0", token: bo)
        XCTAssertEqual(pull.status, 200)
        XCTAssertEqual(pull.body, #"{"more":false,"records":[]}"#)
        let boStatus = try await server.call("GET", "/v1/status", token: bo)
        XCTAssertEqual(boStatus.body, #"{"devices":[]}"#)
        // Bo pushes into "Ana's" device id: it lands in a stream of his own account.
        let push = try await server.call("POST", "/v1/records", token: bo, body: batch([record(deviceA, 1)]))
        XCTAssertEqual(push.status, 200)
        XCTAssertEqual(try server.query("""
            SELECT a.name || ':' || count(*) FROM record r JOIN account a ON a.id = r.account_id GROUP BY a.name ORDER BY a.name
            """), "ana:2\nbo:1")
        let anaPull = try await server.call("GET", "/v1/records?device=\(deviceA)&after=0", token: ana)
        XCTAssertEqual((anaPull.json["records"] as? [Any])?.count, 2)
        // Deleting Bo's account needs his password, and leaves Ana's records.
        let refused = try await server.call("DELETE", "/v1/account", token: bo, body: #"{"password":"wrong password"}"#)
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.body, #"{"error":"the password is wrong: the account is kept"}"#)
        let deleted = try await server.call("DELETE", "/v1/account", token: bo, body: #"{"password":"correct horse"}"#)
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(try server.query("SELECT count(*) FROM record"), "2")
        let gone = try await server.call("GET", "/v1/status", token: bo)
        XCTAssertEqual(gone.status, 401)
    }

    func testAReplayIsAcceptedAgainAndAGapOrOtherBytesAreRefused() async throws {
        let token = try await server.register("ana", device: deviceA)
        let first = [record(deviceA, 1), record(deviceA, 2)]
        let push = try await server.call("POST", "/v1/records", token: token, body: batch(first))
        XCTAssertEqual(push.body, #"{"devices":[{"device":"\#(deviceA)","last":2}]}"#)
        // The same batch again (a client killed before it saw the answer).
        let replay = try await server.call("POST", "/v1/records", token: token, body: batch(first))
        XCTAssertEqual(replay.status, 200)
        XCTAssertEqual(replay.body, push.body)
        XCTAssertEqual(try rows(), "2/2")
        // A replay that overlaps the new: the held part must match, the rest goes on.
        let overlap = try await server.call("POST", "/v1/records", token: token, body: batch([first[1], record(deviceA, 3)]))
        XCTAssertEqual(overlap.body, #"{"devices":[{"device":"\#(deviceA)","last":3}]}"#)
        // A gap: idx 5 after 3.
        let gap = try await server.call("POST", "/v1/records", token: token, body: batch([record(deviceA, 5)]))
        XCTAssertEqual(gap.status, 409)
        XCTAssertEqual(gap.body, #"{"device":"\#(deviceA)","error":"the records of device \#(deviceA) must go on at idx 4","expected":4}"#)
        // Other bytes at a held idx.
        let rewrite = try await server.call("POST", "/v1/records", token: token, body: batch([record(deviceA, 2)]))
        XCTAssertEqual(rewrite.status, 409)
        XCTAssertEqual(rewrite.body, #"{"error":"record 2 of device \#(deviceA) is already stored with other bytes: a stream is append-only, so an edit is a new record"}"#)
        // A record id stored at another place.
        let moved = try await server.call("POST", "/v1/records", token: token, body: batch([
            record(deviceA, 4, id: (first[0].split(separator: "\"")[3]).description)]))
        XCTAssertEqual(moved.status, 409)
        XCTAssertEqual(moved.body, #"{"error":"a record of this batch has an id already stored at another place: every record has its own id"}"#)
        // A batch whose second stream has a gap keeps nothing of the first.
        let mixed = try await server.call("POST", "/v1/records", token: token,
                                          body: batch([record(deviceA, 4), record(deviceB, 2)]))
        XCTAssertEqual(mixed.status, 409)
        XCTAssertEqual(try rows(), "3/3")
    }

    func testBadBodiesAreRefusedWithWhatToSendInstead() async throws {
        let token = try await server.register("ana", device: deviceA)
        let cases: [(String, Int, String)] = [
            ("{records", 400, #"{"error":"the body of a push is not what it takes: it is not valid JSON"}"#),
            (#"{"record":[]}"#, 400, #"{"error":"the body of a push is not what it takes: \"records\" is missing"}"#),
            (#"{"records":[{"id":1}]}"#, 400, #"{"error":"the body of a push is not what it takes: a value has the wrong type at records[0].id"}"#),
            (#"{"records":[]}"#, 400, #"{"error":"a push carries at least one record"}"#),
            (batch([record("0190F3A2-0000-7000-8000-00000000000A", 1)]), 400, #"{"error":"record 1: id and device are lower-case UUIDs"}"#),
            (batch([record(deviceA, 0)]), 400, #"{"error":"record 1: idx is from 1 to 9007199254740992, not 0"}"#),
            (batch([record(deviceA, 1, sealed: "bm90IHNlYWxlZA==")]), 400, #"{"error":"record 1: sealed is the base64 of nonce, ciphertext and tag"}"#),
            (batch([record(deviceA, 1), record(deviceA, 3)]), 400, #"{"error":"record 2: the records of device \#(deviceA) must follow each other (idx 2, not 3)"}"#),
            (String(repeating: " ", count: 70_000), 413, #"{"error":"the body is larger than 65536 bytes: send fewer records in one batch"}"#),
        ]
        for (body, status, message) in cases {
            let answer = try await server.call("POST", "/v1/records", token: token, body: body)
            XCTAssertEqual(answer.status, status, String(body.prefix(80)))
            XCTAssertEqual(answer.body, message, String(body.prefix(80)))
        }
        XCTAssertEqual(try rows(), "0/0")
        let badName = try await server.call("POST", "/v1/register", body: #"{"account":"Ana B","password":"correct horse","device":"\#(deviceB)"}"#)
        XCTAssertEqual(badName.status, 400)
        XCTAssertEqual(badName.body, #"{"error":"an account name is 1 to 64 of a-z 0-9 . _ @ - (lower case), not \"Ana B\""}"#)
        let short = try await server.call("POST", "/v1/register", body: #"{"account":"cy","password":"short","device":"\#(deviceB)"}"#)
        XCTAssertEqual(short.body, #"{"error":"a password has 8 to 1024 bytes"}"#)
        let pull = try await server.call("GET", "/v1/records?device=nope", token: token)
        XCTAssertEqual(pull.status, 400)
        XCTAssertEqual(pull.body, #"{"error":"a pull names a device: /v1/records?device=UUID&after=IDX"}"#)
    }

    func testAccountsPasswordsAndHealth() async throws {
        _ = try await server.register("ana", device: deviceA)
        let again = try await server.call("POST", "/v1/register", body: #"{"account":"ana","password":"other password","device":"\#(deviceB)"}"#)
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.body, #"{"error":"the account ana exists: log in to it with `haven sync login URL --account ana`"}"#)
        for body in [#"{"account":"ana","password":"wrong horse","device":"\#(deviceB)"}"#,
                     #"{"account":"nobody","password":"correct horse","device":"\#(deviceB)"}"#] {
            let login = try await server.call("POST", "/v1/login", body: body)
            XCTAssertEqual(login.status, 401)
            XCTAssertEqual(login.body, #"{"error":"the account or the password is wrong"}"#)
        }
        // Slow salted hashes, never the password: two accounts with one password differ.
        _ = try await server.register("bo", device: deviceB)
        let hashes = try server.query("SELECT password FROM account ORDER BY name").split(separator: "\n")
        XCTAssertEqual(hashes.count, 2)
        XCTAssertNotEqual(hashes[0], hashes[1])
        for hash in hashes {
            XCTAssertTrue(hash.hasPrefix("pbkdf2-sha256$1000$"), String(hash))
            XCTAssertFalse(hash.contains("correct horse"))
        }
        XCTAssertEqual(try server.query("SELECT count(*) FROM token WHERE length(hash) = 32"), "2")
        let health = try await server.call("GET", "/health")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.body, #"{"schema":"006-token-paired","status":"ok"}"#)
        let missing = try await server.call("GET", "/v2/anything")
        XCTAssertEqual(missing.status, 404)
        // Every call is logged as one JSON line, without tokens or passwords.
        let log = try String(contentsOf: server.log, encoding: .utf8)
        XCTAssertFalse(log.contains("correct horse"))
        XCTAssertFalse(log.contains("hvt1-"))
        XCTAssertTrue(log.contains(#""message":"request","method":"POST","ms":"#), log)
    }
}
