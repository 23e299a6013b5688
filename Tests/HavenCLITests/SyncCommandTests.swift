import Foundation
import TestSupport
import XCTest

/// `haven sync` before and without a server: each refusal with its whole
/// message and exit code, said before a password is asked for. Syncing
/// itself runs against a real haven-server in the server package's tests.
final class SyncCommandTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
    }

    private func haven(_ arguments: [String], input: String? = "") -> HavenProcess.Result {
        HavenRun(home: home.path).run(arguments, input: input)
    }

    func testALoginIsCheckedBeforeThePasswordIsAskedFor() {
        let cases: [([String], Int32, String)] = [
            (["sync", "login", "notaurl", "--account", "me"], 64,
             "'notaurl' is not a server address; give one such as http://127.0.0.1:8787 or https://haven.example.org"),
            (["sync", "login", "ftp://host", "--account", "me", "--new"], 64,
             "'ftp://host' is not a server address; give one such as http://127.0.0.1:8787 or https://haven.example.org"),
            (["sync", "login", "http://127.0.0.1:9", "--account", "me", "--key", "hk1-short"], 65,
             "that is not a sync key; a key is 'hk1-' and 43 letters, digits, '-' and '_', as 'haven sync key' shows it "
                + "on your first device"),
            (["sync", "login", "http://127.0.0.1:9", "--account", "me"], 64,
             "this device needs the key of the account's first device: add --key KEY ('haven sync key' on that device "
                + "shows it)"),
            (["sync", "login", "http://127.0.0.1:9", "--account", "me", "--new"], 64,
             "no password given; type it at the prompt, or pipe it: echo \"$PASSWORD\" | haven sync login URL --account NAME"),
        ]
        for (arguments, status, message) in cases {
            let result = haven(arguments)
            XCTAssertEqual(result.status, status, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "haven: error: \(message)\n", arguments.joined(separator: " "))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/sync.json"), "nothing kept")
    }

    func testWithoutAServerTheLoginExits69AndKeepsTheKey() throws {
        let result = haven(["sync", "login", "http://127.0.0.1:9", "--account", "me", "--new"], input: "long enough\n")
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.hasPrefix("haven: error: the sync server at http://127.0.0.1:9 did not answer ("),
                      result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("); check the address, and that the server runs ('make server' starts one "
                                              + "on this machine)\n"), result.stderr)
        // The key was made and kept, readable by its owner only.
        let key = haven(["sync", "key"])
        XCTAssertEqual(key.status, 0)
        XCTAssertTrue(key.stdout.hasPrefix("hk1-") && key.stdout.count == 48, key.stdout)
        let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/sync.json")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        // Logging in again (the account was never made): the same key.
        _ = haven(["sync", "login", "http://127.0.0.1:9", "--account", "me", "--new"], input: "long enough\n")
        XCTAssertEqual(haven(["sync", "key"]).stdout, key.stdout)
    }

    func testCommandsBeforeAnyLogin() {
        let sync = haven(["sync"])
        XCTAssertEqual(sync.status, 64)
        XCTAssertEqual(sync.stderr, "haven: error: this home does not sync yet; run 'haven sync login URL --account NAME' "
            + "(add --new to make the account)\n")
        let key = haven(["sync", "key"])
        XCTAssertEqual(key.status, 64)
        XCTAssertEqual(key.stderr, "haven: error: no key yet: 'haven sync login URL --account NAME --new' makes one on "
            + "your first device\n")
        let status = haven(["sync", "status"])
        XCTAssertEqual(status.status, 0)
        XCTAssertEqual(status.stdout, "Not logged in to a sync server; 'haven sync login URL --account NAME' connects this "
            + "device.\nNo records yet: they start with the first login.\n")
        XCTAssertEqual(haven(["sync", "logout"]).stdout, "Not logged in; nothing to do.\n")
        XCTAssertEqual(haven(["conflicts"]).stdout, "No conflicts: your devices agree on every day.\n")
        let keep = haven(["conflicts", "keep", "7"])
        XCTAssertEqual(keep.status, 66)
        XCTAssertEqual(keep.stderr, "haven: error: no entry 7; 'haven entries ID' lists entries with their numbers\n")
    }
}
