import Foundation
import XCTest

/// `haven sync devices`, `haven sync revoke DEVICE` and `haven sync logout`
/// against a real haven-server (#28, item 3), each with its whole output,
/// in English and German; a revoked device's next sync says so.
final class SyncDevicesTests: XCTestCase {
    private var server: ServerHarness!
    private var homes: [Home] = []

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
        homes.forEach { $0.remove() }
    }

    private func device(_ home: Home) throws -> String {
        try ServerHarness.run("/usr/bin/sqlite3", [home.path + "/haven.db", "SELECT device FROM sync_control"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testDevicesAreListedOneIsRevokedAndALogoutRevokesItsOwnToken() throws {
        let a = try Home("a", trackers: ["noalc": "extends: core/noalc\n"])
        let b = try Home("b", trackers: ["noalc": "extends: core/noalc\n"])
        homes = [a, b]
        let password = "correct horse battery\n"
        try a.ok(["sync", "login", server.url, "--account", "me", "--new"], input: password)
        let key = try a.ok(["sync", "key"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try b.ok(["sync", "login", server.url, "--account", "me", "--key", key], input: password)
        let (ofA, ofB) = (try device(a), try device(b))

        let listed = try a.ok(["sync", "devices"])
        let lines = listed.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, listed)
        let mine = try XCTUnwrap(lines.first { $0.hasPrefix(ofA) })
        XCTAssertTrue(mine.hasPrefix(ofA + " (this device)   logged in "), mine)
        XCTAssertTrue(mine.contains(" UTC   last used "), mine)
        XCTAssertTrue(try XCTUnwrap(lines.first { $0.hasPrefix(ofB) }).hasPrefix(ofB + "                 logged in "))
        XCTAssertTrue(try a.ok(["sync", "devices"], environment: ["LANG": "de_DE.UTF-8"])
            .contains(ofA + " (dieses Gerät)   angemeldet "))

        let mistakes: [([String], Int32, String)] = [
            (["sync", "revoke", "0190"], 66, "no device '0190' is logged in to this account; 'haven sync devices' lists them"),
            (["sync", "revoke", ofA], 64, "that is this device; 'haven sync logout' logs it out"),
        ]
        for (arguments, status, message) in mistakes {
            let result = try a.run(arguments)
            XCTAssertEqual(result.status, status, result.err)
            XCTAssertEqual(result.err, "haven: error: \(message)")
        }
        // The start of an id will do (devices made in one minute share their first 8 digits, the time).
        XCTAssertEqual(try a.ok(["sync", "revoke", String(ofB.prefix(28))]),
                       "Logged device \(ofB) out; it syncs again after 'haven sync login' there.")
        let refused = try b.run(["sync"])
        XCTAssertEqual(refused.status, 77)
        XCTAssertTrue(refused.err.hasPrefix("haven: error: the sync server at \(server.url) no longer knows this device"),
                      refused.err)

        XCTAssertEqual(try a.ok(["sync", "logout"]),
                       "Logged out of \(server.url); the key and every record stay here.")
        XCTAssertEqual(try server.query("SELECT count(*) FROM token"), "0", "the server forgot the token too")
        XCTAssertEqual(try a.ok(["sync", "logout"]), "Not logged in; nothing to do.")
    }
}
