import Foundation
import HavenCore
import XCTest

/// Tokens that end, and a device that writes its own stream (#28, items 3
/// and 4): tokens are listed and revoked per device, a logout revokes its
/// own, one unused for 180 days ends; another device's stream may only be
/// refilled while that device holds no token.
final class TokenTests: XCTestCase {
    private var server: ServerHarness!
    private let deviceA = "0190f3a2-0000-7000-8000-00000000000a"
    private let deviceB = "0190f3a2-0000-7000-8000-00000000000b"

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
    }

    private func enter(_ call: String, device: String) async throws -> String {
        let answer = try await server.call("POST", "/v1/" + call,
                                           body: #"{"account":"ana","password":"correct horse","device":"\#(device)"}"#)
        XCTAssertEqual(answer.status, call == "register" ? 201 : 200, answer.body)
        return try XCTUnwrap(answer.json["token"] as? String)
    }

    private func push(_ token: String, _ records: [(String, Int)]) async throws -> (status: Int, body: String) {
        let items = records.map { device, idx in
            let id = UUID7.make(milliseconds: 1_700_000_000_000 + Int64(idx) + (device == deviceA ? 0 : 500))
            let sealed = Data((0 ..< 40).map { _ in UInt8.random(in: 0 ... 255) }).base64EncodedString()
            return #"{"id":"\#(id)","device":"\#(device)","idx":\#(idx),"version":1,"sealed":"\#(sealed)"}"#
        }
        let answer = try await server.call("POST", "/v1/records", token: token,
                                           body: #"{"records":[\#(items.joined(separator: ","))]}"#)
        return (answer.status, answer.body)
    }

    func testTokensAreListedRevokedPerDeviceByALogoutAndEndAfter180DaysUnused() async throws {
        let a = try await enter("register", device: deviceA)
        let b = try await enter("login", device: deviceB)
        let listed = try await server.call("GET", "/v1/devices", token: a)
        XCTAssertEqual(listed.status, 200)
        let devices = try XCTUnwrap(listed.json["devices"] as? [[String: String]])
        XCTAssertEqual(devices.map { $0["device"] }, [deviceA, deviceB])
        XCTAssertEqual(devices.map { $0.keys.sorted() }, [["device", "last_used_at", "logged_in_at"],
                                                          ["device", "last_used_at", "logged_in_at"]])

        let revoked = try await server.call("DELETE", "/v1/devices/\(deviceB)", token: a)
        XCTAssertEqual(revoked.status, 204)
        let gone = try await server.call("GET", "/v1/status", token: b)
        XCTAssertEqual(gone.status, 401)
        let again = try await server.call("DELETE", "/v1/devices/\(deviceB)", token: a)
        XCTAssertEqual(again.status, 404)
        XCTAssertEqual(again.body, #"{"error":"device \#(deviceB) holds no token of this account: `haven sync devices` lists those that do"}"#)
        let bad = try await server.call("DELETE", "/v1/devices/laptop", token: a)
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.body, #"{"error":"a device is a lower-case UUID: DELETE /v1/devices/UUID"}"#)

        let logout = try await server.call("DELETE", "/v1/token", token: a)
        XCTAssertEqual(logout.status, 204)
        let afterLogout = try await server.call("GET", "/v1/status", token: a)
        XCTAssertEqual(afterLogout.status, 401)
        XCTAssertEqual(try server.query("SELECT count(*) FROM token"), "0")

        // Unused for 181 days: refused, and gone; used 2 hours ago: kept, and its use noted.
        let late = try await enter("login", device: deviceA)
        _ = try server.query("UPDATE token SET last_used_at = now() - interval '181 days'")
        let expired = try await server.call("GET", "/v1/status", token: late)
        XCTAssertEqual(expired.status, 401)
        XCTAssertEqual(expired.body, #"{"error":"the device token was not used for 180 days and has ended: log in again with `haven sync login URL`"}"#)
        XCTAssertEqual(try server.query("SELECT count(*) FROM token"), "0")
        let recent = try await enter("login", device: deviceA)
        _ = try server.query("UPDATE token SET last_used_at = now() - interval '2 hours'")
        let used = try await server.call("GET", "/v1/status", token: recent)
        XCTAssertEqual(used.status, 200)
        XCTAssertEqual(try server.query("SELECT last_used_at > now() - interval '1 minute' FROM token"), "t")
    }

    func testADeviceWritesItsOwnStreamAndAnotherRefillsItOnlyWhileItIsLoggedOut() async throws {
        let a = try await enter("register", device: deviceA)
        let b = try await enter("login", device: deviceB)
        let first = try await push(a, [(deviceA, 1)])
        XCTAssertEqual(first.status, 200)
        let refused = "{\"error\":\"the stream of device \(deviceA) is written by that device, which is logged in here: "
            + "another device may refill it only while it is not\"}"
        for batch in [[(deviceA, 2)], [(deviceB, 1), (deviceA, 2)]] {
            let answer = try await push(b, batch)
            XCTAssertEqual(answer.status, 403)
            XCTAssertEqual(answer.body, refused)
        }
        XCTAssertEqual(try server.query("SELECT device || ':' || count(*) FROM record GROUP BY device ORDER BY device"),
                       "\(deviceA):1")
        // A logged out (a wiped laptop, say): B may refill its stream.
        let logout = try await server.call("DELETE", "/v1/token", token: a)
        XCTAssertEqual(logout.status, 204)
        let refill = try await push(b, [(deviceB, 1), (deviceA, 2)])
        XCTAssertEqual(refill.status, 200, refill.body)
        XCTAssertEqual(try server.query("SELECT device || ':' || count(*) FROM record GROUP BY device ORDER BY device"),
                       "\(deviceA):2\n\(deviceB):1")
    }
}
