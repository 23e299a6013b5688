import Foundation
import TestSupport
import XCTest

/// No server can break the client (#28, items 7–9): against a fake server
/// (Tests/Fixtures/hostile-sync-server.py, started here and stopped by PID)
/// that answers what no haven-server sends, `haven sync` stops with what the
/// server did wrong (exit 69), writes nothing of the answer, and the home
/// syncs with an honest server afterwards; `sync status` never crashes.
final class HostileServerTests: XCTestCase {
    private var server: Process?
    private var home: TemporaryDirectory!

    override func tearDown() {
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
    }

    /// A home logged in to a fake server in `mode`, with one entry written.
    private func start(_ mode: String) throws -> (url: String, device: String) {
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let portFile = home.path + "/port"
        let (process, port) = try FixtureServer.start("hostile-sync-server.py", mode: mode, portFile: portFile)
        server = process
        let url = "http://127.0.0.1:" + port
        let login = haven(["sync", "login", url, "--account", "me", "--new"], input: "long enough\n")
        XCTAssertEqual(login.status, 0, login.stderr)
        XCTAssertEqual(haven(["log", "water", "1"]).status, 0)
        let device = SQLite.run(home.path + "/haven.db", "SELECT device FROM sync_control")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (url, device)
    }

    private func haven(_ arguments: [String], input: String? = "", language: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home.path, environment: ["HAVEN_SYNC_STALL_SECONDS": "1"]
            .merging(language.map { ["LANG": $0] } ?? [:]) { $1 }).run(arguments, input: input)
    }

    /// `haven sync` against the server: exit 69 with `fault` worded, and the database as it was.
    private func expectRefused(_ fault: String, url: String, file: StaticString = #filePath, line: UInt = #line) {
        let before = SQLite.dump(home.path + "/haven.db")
        let sync = haven(["sync"])
        XCTAssertEqual(sync.status, 69, sync.stderr, file: file, line: line)
        XCTAssertEqual(sync.stderr, "haven: error: the sync server at \(url) answered what a haven-server never sends: "
            + "\(fault); nothing of its answer was written here, and your records are safe (is the address right, and is "
            + "it a haven-server?)\n", file: file, line: line)
        XCTAssertEqual(SQLite.dump(home.path + "/haven.db"), before, "nothing written", file: file, line: line)
    }

    private let other = "0190f3a2-0000-7000-8000-0000000000bb"

    func testTheServerMayNotWriteThisDevicesOwnStream() throws {
        let (url, device) = try start("own-stream")
        expectRefused("it claims 5 records of this device's own stream (\(device)), which holds 1 here", url: url)
    }

    func testPositionsAndIdxPastTheLargestAreRefusedAndStatusNeverCrashes() throws {
        for (mode, fault) in [("idx-overflow", "a stream position of device '\(other)' at idx 9223372036854775807"),
                              ("negative-position", "a stream position of device '\(other)' at idx -5")] {
            let (url, _) = try start(mode)
            expectRefused(fault + " (a device id and an idx of 0 to 2^53 are expected)", url: url)
            let status = haven(["sync", "status"])
            XCTAssertEqual(status.status, 69, mode)
            XCTAssertTrue(status.stderr.contains("answered what a haven-server never sends"), status.stderr)
            tearDown()
        }
        let (url, _) = try start("idx-overflow-record")
        expectRefused("a record of device \(other) at idx 9223372036854775807 where idx 1 comes next", url: url)
    }

    func testAPageMustHoldTheStreamAskedForInOrderAndNoMoreThanAskedFor() throws {
        let cases = [
            ("wrong-device", "asked for the records of device \(other), it sent one of device "
                + "'0190f3a2-0000-7000-8000-0000000000cc'"),
            ("off-by-one", "a record of device \(other) at idx 2 where idx 1 comes next"),
            ("oversized-page", "1001 records where at most 1000 were asked for"),
            ("endless-more", "an empty page of device \(other) after idx 0 that says more are coming"),
            ("bad-id", "record 1 of device \(other), whose id is not one a device sends"),
            ("bad-version", "record 1 of device \(other), whose version is not one a device sends"),
        ]
        for (mode, fault) in cases {
            let (url, _) = try start(mode)
            expectRefused(fault, url: url)
            tearDown()
        }
    }

    func testAHugeAnswerARedirectAndAStallEndWithoutWaitingOrHoldingMemory() throws {
        var (url, _) = try start("huge-body")
        expectRefused("an answer larger than 64 MiB", url: url)
        tearDown()
        (url, _) = try start("redirect")
        expectRefused("a redirect (HTTP 302), which Haven does not follow; log in with the address it leads to", url: url)
        tearDown()
        (url, _) = try start("stall")
        let sync = haven(["sync"])
        XCTAssertEqual(sync.status, 69)
        XCTAssertTrue(sync.stderr.hasPrefix("haven: error: the sync server at \(url) did not answer ("), sync.stderr)
    }

    func testTheFaultIsSaidInGerman() throws {
        let (url, _) = try start("off-by-one")
        let sync = haven(["sync"], language: "de_DE.UTF-8")
        XCTAssertEqual(sync.status, 69)
        XCTAssertEqual(sync.stderr, "haven: Fehler: der Sync-Server unter \(url) hat geantwortet, was ein haven-server nie "
            + "sendet: ein Datensatz des Geräts \(other) bei idx 2, wo idx 1 als nächster kommt; nichts von seiner Antwort "
            + "wurde hier geschrieben, und deine Daten sind sicher (stimmt die Adresse, und ist es ein haven-server?)\n")
    }
}
