import Foundation
import XCTest

/// Two haven-servers over one PostgreSQL behave as one (#28, item 6):
/// three homes sync through them alternately, with pushes racing between
/// the instances, and end with identical records and `status --json`.
final class TwoInstancesTests: XCTestCase {
    private var servers: [ServerHarness] = []
    private var homes: [Home] = []
    private let password = "correct horse battery"
    private let trackers = ["water": "extends: core/water\n", "noalc": "extends: core/noalc\n"]

    override func tearDown() {
        servers.reversed().forEach { $0.close() }
        homes.forEach { $0.remove() }
    }

    /// Points `home` at `server` (both instances know every token).
    private func use(_ home: Home, _ server: ServerHarness) throws {
        let path = home.path + "/sync.json"
        var settings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            as? [String: Any])
        settings["url"] = server.url
        try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: path))
    }

    func testThreeHomesThroughTwoInstancesWithRacingPushesEndTheSame() throws {
        let first = try ServerHarness(name: name)
        servers = [first, try ServerHarness(name: name, sharing: first)]
        let start = "2026-03-01 08:00"
        let a = try Home("a", trackers: trackers), b = try Home("b", trackers: trackers), c = try Home("c", trackers: trackers)
        homes = [a, b, c]
        try a.ok(["sync", "login", first.url, "--account", "me", "--new"], input: password + "\n", now: start)
        let key = try a.ok(["sync", "key"])
        for home in [b, c] {
            try home.ok(["sync", "login", servers[1].url, "--account", "me", "--key", key], input: password + "\n", now: start)
        }
        let levels = ["steady", "easy", "wild"]
        for round in 0 ..< 6 {
            let now = "2026-03-\(String(format: "%02d", 10 + round)) 21:00"
            for (index, home) in homes.enumerated() {
                try home.ok(["log", "water", "+\(1 + index)", "--at", "2026-03-0\(1 + round) 1\(index):00"], now: now)
                try home.ok(["log", "noalc", levels[(round + index) % 3], "--at", "2026-03-0\(1 + round) 2\(index):00"],
                            now: now)
                try use(home, servers[(round + index) % 2])
            }
            // All three at once, two instances: pushes race on one database.
            let failures = Failures()
            // Each thread runs its own home's process; the homes are only read.
            nonisolated(unsafe) let racing = homes
            DispatchQueue.concurrentPerform(iterations: racing.count) { index in
                do {
                    let result = try racing[index].run(["sync"], now: now)
                    if result.status != 0 { failures.add("\(racing[index].name) round \(round): \(result.err)") }
                } catch {
                    failures.add("\(error)")
                }
            }
            XCTAssertEqual(failures.all, [])
        }
        let end = "2026-03-20 09:00"
        for (index, home) in (homes + homes).enumerated() {
            try use(home, servers[index % 2])
            try home.ok(["sync"], now: end)
        }
        let records = try a.records()
        XCTAssertEqual(records.count, 6 * 3 * 2)
        XCTAssertEqual(try first.query("SELECT count(*) FROM record"), "\(records.count)")
        let status = try a.ok(["status", "--json"], now: end)
        for home in [b, c] {
            XCTAssertEqual(try home.records(), records, home.name)
            XCTAssertEqual(try home.ok(["status", "--json"], now: end), status, home.name)
        }
    }
}

/// What went wrong on other threads, gathered.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ text: String) {
        lock.lock()
        list.append(text)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
