import Foundation
import XCTest

/// `haven sync pair` and `POST /v1/pairing/redeem` (#35): a one-time code
/// in a link's fragment lets one new device in, once, for 10 minutes; the
/// server keeps only the code's hash and never the key.
final class PairingTests: XCTestCase {
    private var server: ServerHarness!
    private var homes: [Home] = []

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
        homes.forEach { $0.remove() }
    }

    func testAPairingLinkLetsOneDeviceInOnce() async throws {
        let home = try Home("a", trackers: ["water": "extends: core/water\n"])
        homes = [home]
        try home.ok(["sync", "login", server.url, "--account", "me", "--new"], input: "correct horse battery\n")
        let key = try home.ok(["sync", "key"]).trimmingCharacters(in: .whitespacesAndNewlines)

        let json = try home.ok(["sync", "pair", "--json"])
        let pairing = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        let link = try XCTUnwrap(pairing["link"])
        XCTAssertTrue(link.hasPrefix(server.url + "/app#pair=hvp1-"), link)
        XCTAssertTrue(link.hasSuffix("&key=" + key), link)
        let code = String(link.dropFirst((server.url + "/app#pair=").count).prefix(48))
        XCTAssertEqual(code.count, 48)
        XCTAssertNotNil(pairing["expires_at"].flatMap { ISO8601DateFormatter().date(from: $0) })
        // The server holds the code's hash only, and no key.
        XCTAssertEqual(try server.query("SELECT count(*) FROM pairing"), "1")
        XCTAssertEqual(try server.query("SELECT count(*) FROM pairing WHERE encode(hash, 'escape') LIKE '%hvp1%'"), "0")
        XCTAssertEqual(try server.query("SELECT expires_at - now() BETWEEN interval '9 minutes' AND interval '10 minutes' "
                                        + "FROM pairing"), "t")

        let phone = "0190f3a2-0000-7000-8000-00000000feed"
        let body = #"{"code":"\#(code)","device":"\#(phone)"}"#
        let redeemed = try await server.call("POST", "/v1/pairing/redeem", body: body)
        XCTAssertEqual(redeemed.status, 200, redeemed.body)
        let token = try XCTUnwrap(redeemed.json["token"] as? String)
        let status = try await server.call("GET", "/v1/status", token: token)
        XCTAssertEqual(status.status, 200)
        XCTAssertTrue(try home.ok(["sync", "devices"]).contains(phone))

        // Once only; an expired code and a made-up one are refused alike.
        let again = try await server.call("POST", "/v1/pairing/redeem", body: body)
        XCTAssertEqual(again.status, 401)
        XCTAssertEqual(again.json["error"] as? String,
                       "this pairing code is unknown, used or expired: run `haven sync pair` on a device of the account again")
        let json2 = try home.ok(["sync", "pair", "--json"])
        let link2 = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json2.utf8)) as? [String: String])?["link"])
        let code2 = String(link2.dropFirst((server.url + "/app#pair=").count).prefix(48))
        _ = try server.query("UPDATE pairing SET expires_at = now() - interval '1 second'")
        let expired = try await server.call("POST", "/v1/pairing/redeem",
                                            body: #"{"code":"\#(code2)","device":"0190f3a2-0000-7000-8000-00000000fee2"}"#)
        XCTAssertEqual(expired.status, 401)
        let bad = try await server.call("POST", "/v1/pairing/redeem", body: #"{"code":"hvp1-short","device":"\#(phone)"}"#)
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.json["error"] as? String, "a pairing code is 'hvp1-' and 43 characters, as 'haven sync pair' makes it")
        // Asking for a code takes a device token.
        let anonymous = try await server.call("POST", "/v1/pairing", body: "{}")
        XCTAssertEqual(anonymous.status, 401)
        // The log holds no code, token, key or key check (SPEC §17: the server stays blind).
        let log = try String(contentsOf: server.log, encoding: .utf8)
        let check = try server.query("SELECT key_check FROM account")
        for secret in ["hvp1-", "hvt1-", "hk1-", key, check] {
            XCTAssertFalse(log.contains(secret), secret)
        }
        XCTAssertTrue(log.contains(#""path":"/v1/pairing/redeem""#) || log.contains("/v1/pairing/redeem"), log)
    }

    func testThePairingScreenHasAQRCodeAndTheLink() throws {
        let home = try Home("a", trackers: ["water": "extends: core/water\n"])
        homes = [home]
        try home.ok(["sync", "login", server.url, "--account", "me", "--new"], input: "correct horse battery\n")
        let screen = try home.ok(["sync", "pair"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(screen[0].hasPrefix("Open this on your phone (scan it with the camera); it works once, until 20"), screen[0])
        XCTAssertTrue(screen[0].hasSuffix("Z:"), screen[0])
        // qrencode's half blocks, a square of them, then the link and the warning.
        let qr = screen.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        XCTAssertGreaterThan(qr.count, 10, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.hasPrefix(server.url + "/app#pair=hvp1-") })
        XCTAssertEqual(screen.last, "The link holds your key: show it to nobody else, and let it expire.")
    }
}
