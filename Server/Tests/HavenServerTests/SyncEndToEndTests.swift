import Foundation
import XCTest

/// Homes syncing through a real haven-server on PostgreSQL, with the real
/// `haven` binary (SPEC §12, issue #16's "done when").
final class SyncEndToEndTests: XCTestCase {
    private var server: ServerHarness!
    private var homes: [Home] = []
    private let password = "correct horse battery"
    private let trackers = ["water": "extends: core/water\n", "noalc": "extends: core/noalc\n"]
    /// When the homes start: every tracker is seen from this day on.
    private let start = "2026-03-01 08:00"

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
        homes.forEach { $0.remove() }
    }

    private func home(_ name: String) throws -> Home {
        let home = try Home(name, trackers: trackers)
        homes.append(home)
        return home
    }

    /// A first home that makes the account, and others that log in with its key.
    private func connected(_ names: [String]) throws -> [Home] {
        let first = try home(names[0])
        try first.ok(["sync", "login", server.url, "--account", "me", "--new"], input: password + "\n", now: start)
        let key = try first.ok(["sync", "key"])
        var all = [first]
        for name in names.dropFirst() {
            let other = try home(name)
            try other.ok(["sync", "login", server.url, "--account", "me", "--key", key], input: password + "\n", now: start)
            all.append(other)
        }
        return all
    }

    private func serverRecords() throws -> Int { Int(try server.query("SELECT count(*) FROM record")) ?? -1 }

    /// Three homes, random offline periods, logs, edits, deletes, freezes and
    /// levels for the same days: they end with the same records and the same
    /// `status --json`, and a conflict kept on one home is kept on all. Home
    /// "a" seals as a Haven from before #35 did (record version 1,
    /// ChaCha20-Poly1305), the others version 2 (AES-256-GCM): mixed
    /// streams end the same.
    func testThreeHomesWithOfflinePeriodsEndTheSame() throws {
        let all = try connected(["a", "b", "c"])
        let sealing = { (home: Home) in home.name == "a" ? ["HAVEN_TEST_RECORD_VERSION": "1"] : [:] }
        var random = SplitMix(seed: 16)
        let levels = ["steady", "easy", "wild"]
        for round in 0 ..< 10 {
            let now = "2026-03-\(String(format: "%02d", 10 + round)) 20:00"
            for home in all {
                for _ in 0 ..< 1 + random.next(3) {
                    let day = "2026-03-\(String(format: "%02d", 5 + random.next(5 + round)))"
                    switch random.next(6) {
                    case 0, 1:
                        try home.ok(["log", "water", "+\(1 + random.next(4))", "--at", "\(day) 0\(random.next(10)):15"], now: now)
                    case 2:
                        try home.ok(["log", "noalc", levels[random.next(3)], "--at", "\(day) 21:0\(random.next(10))"], now: now)
                    case 3:
                        if let id = try home.entryIDs("water", now: now).randomElement(using: &random) {
                            try home.ok(["edit", "\(id)", "+\(1 + random.next(6))"], now: now)
                        }
                    case 4:
                        if let id = try home.entryIDs("water", now: now).randomElement(using: &random) {
                            try home.ok(["delete", "\(id)"], now: now)
                        }
                    default:
                        try home.ok(["skip", "water", day], now: now)
                    }
                }
                // Offline about one round in three.
                if random.next(3) != 0 { try home.ok(["sync"], now: now, environment: sealing(home)) }
            }
        }
        let end = "2026-03-25 09:00"
        for home in all + all { try home.ok(["sync"], now: end, environment: sealing(home)) }
        XCTAssertEqual(try server.query("SELECT string_agg(DISTINCT version::text, ',') FROM record"), "1,2")
        let records = try all[0].records()
        XCTAssertGreaterThan(records.count, 30)
        XCTAssertEqual(try serverRecords(), records.count)
        let status = try all[0].ok(["status", "--json"], now: end)
        for home in all.dropFirst() {
            XCTAssertEqual(try home.records(), records, home.name)
            XCTAssertEqual(try home.ok(["status", "--json"], now: end), status, home.name)
        }
        // Levels logged for one day from several homes: every home lists the
        // same days; one kept on "b" is kept everywhere.
        let days = try conflictDays(all[1], now: end)
        XCTAssertFalse(days.isEmpty, "the simulation logged different levels for one day from two homes")
        for home in all { XCTAssertEqual(try conflictDays(home, now: end).map(\.text), days.map(\.text), home.name) }
        try all[1].ok(["conflicts", "keep", "\(days[0].first)"], now: end)
        for home in [all[1], all[0], all[2], all[1]] { try home.ok(["sync"], now: end, environment: sealing(home)) }
        let kept = try all[1].ok(["status", "--json"], now: end)
        for home in all {
            XCTAssertEqual(try conflictDays(home, now: end).map(\.text), days.dropFirst().map(\.text), home.name)
            XCTAssertEqual(try home.ok(["status", "--json"], now: end), kept, home.name)
            XCTAssertEqual(try home.records(), try all[1].records(), home.name)
        }
    }

    /// A device given another key than the account's is refused at login,
    /// before it writes anything: no settings, no token, no record (#35).
    func testAnotherKeyIsRefusedBeforeAnythingIsWritten() throws {
        let first = try connected(["a"])[0]
        try first.ok(["log", "water", "+1"], now: start)
        try first.ok(["sync"], now: start)
        let key = try first.ok(["sync", "key"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let flipped: Character = key[key.index(key.startIndex, offsetBy: 10)] == "A" ? "B" : "A"
        let wrong = String(key.prefix(10)) + String(flipped) + String(key.dropFirst(11))
        let other = try home("b")
        try other.ok(["log", "water", "+2"], now: start)
        let refused = try other.run(["sync", "login", server.url, "--account", "me", "--key", wrong], input: password + "\n",
                                    now: start)
        XCTAssertEqual(refused.err, "haven: error: that key is not the key of account 'me': its records would not open on "
            + "your other devices, so nothing was written; copy the key 'haven sync key' shows on a device of that account")
        XCTAssertEqual(refused.status, 77)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.path + "/sync.json"))
        XCTAssertEqual(try server.query("SELECT count(*) FROM token"), "1", "the refused device's token is revoked")
        XCTAssertEqual(try serverRecords(), 1)
        // With the account's key it goes on as any device.
        try other.ok(["sync", "login", server.url, "--account", "me", "--key", key], input: password + "\n", now: start)
        try other.ok(["sync"], now: start)
        XCTAssertEqual(try serverRecords(), 2)
        // The account holds the check, never the key.
        let check = try server.query("SELECT key_check FROM account")
        XCTAssertEqual(check.count, 43)
        XCTAssertFalse(key.contains(check))
    }

    /// `tracker day shown` of each conflict, and the first entry's number there.
    private func conflictDays(_ home: Home, now: String) throws -> [(text: String, first: Int)] {
        let out = try home.ok(["conflicts", "--json"], now: now)
        let days = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
        return days.map { day in
            let entries = day["entries"] as? [[String: Any]] ?? []
            let first = (entries.first?["entry"] as? [String: Any])?["id"] as? Int ?? 0
            return ("\(day["tracker"] ?? "") \(day["day"] ?? "") \(day["shown"] ?? "")", first)
        }
    }

    /// Killed after pushing and pulling, before the local commit: the next
    /// sync sends nothing twice and takes what it had not applied.
    func testKillingTheClientBetweenPushAndCommitLosesAndDuplicatesNothing() throws {
        let all = try connected(["a", "b"])
        let (a, b) = (all[0], all[1])
        let now = "2026-03-10 20:00"
        for amount in ["+1", "+2", "+3"] { try a.ok(["log", "water", amount], now: now) }
        try a.ok(["sync"], now: now)
        for amount in ["+4", "+5"] { try b.ok(["log", "water", amount], now: now) }
        let killed = try b.run(["sync"], now: now, environment: ["HAVEN_TEST_SYNC_KILL": "before-apply"])
        XCTAssertEqual(killed.status, 9, "killed by SIGKILL: \(killed.err)")
        XCTAssertEqual(try serverRecords(), 5, "b's two records were pushed")
        XCTAssertEqual(try b.entryIDs("water", now: now).count, 2, "nothing of a's was applied")
        XCTAssertEqual(try b.ok(["sync"], now: now), "Synced with \(server.url): sent 0 records, received 3.")
        XCTAssertEqual(try a.ok(["sync"], now: now), "Synced with \(server.url): sent 0 records, received 2.")
        XCTAssertEqual(try serverRecords(), 5)
        XCTAssertEqual(try a.records(), try b.records())
        XCTAssertEqual(try a.ok(["status", "--json"], now: now), try b.ok(["status", "--json"], now: now))
        XCTAssertEqual(try b.ok(["sync"], now: now), "Up to date with \(server.url).")
    }

    /// A wiped server is refilled from one device, other devices' streams
    /// included; the others log in again and find nothing missing.
    func testAWipedServerIsRefilledFromOneDevice() throws {
        let all = try connected(["a", "b"])
        let (a, b) = (all[0], all[1])
        let now = "2026-03-10 20:00"
        try a.ok(["log", "water", "+2"], now: now)
        try b.ok(["log", "noalc", "steady"], now: now)
        for home in [a, b, a] { try home.ok(["sync"], now: now) }
        let before = try a.records()
        XCTAssertEqual(try serverRecords(), before.count)

        _ = try server.query("TRUNCATE account CASCADE")
        let refused = try a.run(["sync"], now: now)
        XCTAssertEqual(refused.status, 77)
        XCTAssertEqual(refused.err, "haven: error: the sync server at \(server.url) no longer knows this device (the device token is not known here (the account was deleted, the server wiped, or the device logged in again): log in with `haven sync login URL`); log in again with 'haven sync login \(server.url) --account NAME'")
        try a.ok(["sync", "login", server.url, "--account", "me", "--new"], input: password + "\n")
        XCTAssertEqual(try a.ok(["sync"], now: now), "Synced with \(server.url): sent \(before.count) records, received 0.")
        XCTAssertEqual(try serverRecords(), before.count)
        // b keeps its key: logging in again needs no --key.
        try b.ok(["sync", "login", server.url, "--account", "me"], input: password + "\n")
        XCTAssertEqual(try b.ok(["sync"], now: now), "Up to date with \(server.url).")
        XCTAssertEqual(try b.records(), before)
    }

    /// With the server down a sync exits 69 with one line, records wait, and
    /// the next sync with the server back sends them.
    func testWithTheServerDownRecordsWait() throws {
        let all = try connected(["a", "b"])
        let (a, b) = (all[0], all[1])
        let now = "2026-03-10 20:00"
        server.stop()
        try a.ok(["log", "water", "+3"], now: now)
        let down = try a.run(["sync"], now: now)
        XCTAssertEqual(down.status, 69)
        XCTAssertEqual(down.err.split(separator: "\n").count, 1, down.err)
        XCTAssertTrue(down.err.hasPrefix("haven: error: the sync server at \(server.url) did not answer ("), down.err)
        XCTAssertTrue(down.err.hasSuffix("); your records wait here and go with the next 'haven sync'"), down.err)
        let status = try a.run(["sync", "status"], now: now)
        XCTAssertEqual(status.status, 69)
        XCTAssertTrue(status.out.contains("(this device)"), status.out)
        try server.start()
        XCTAssertEqual(try a.ok(["sync"], now: now), "Synced with \(server.url): sent 1 record, received 0.")
        XCTAssertEqual(try b.ok(["sync"], now: now), "Synced with \(server.url): sent 0 records, received 1.")
        XCTAssertEqual(try b.ok(["status", "--json"], now: now), try a.ok(["status", "--json"], now: now))
    }
}

/// A small seeded generator, so that a failing run can be run again.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
