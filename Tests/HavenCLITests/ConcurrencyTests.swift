import Foundation
import TestSupport
import XCTest

/// Two writers at once, and a writer killed mid-write, leave a whole database.
final class ConcurrencyTests: XCTestCase {
    private func count(_ home: String) -> Int {
        let result = HavenProcess.run(["entries", "water", "--days", "3650", "--json"], environment: ["HAVEN_HOME": home])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])?.count ?? -1
    }

    func testTwoProcessesLogging500EntriesEachEndWithExactly1000() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertEqual(HavenProcess.run(["status"], environment: ["HAVEN_HOME": home.path]).status, 0)
        let failures = ResultBox()
        let path = home.path
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<500 {
                let result = HavenProcess.run(["log", "water", "+1"], environment: ["HAVEN_HOME": path])
                if result.status != 0 { failures.add(result.stderr) }
            }
        }
        XCTAssertEqual(failures.values, [])
        XCTAssertEqual(count(home.path), 1000)
    }

    func testAWriterKilledMidWriteLeavesNoPartialEntry() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertEqual(HavenProcess.run(["log", "water", "+1"], environment: ["HAVEN_HOME": home.path]).status, 0)
        let writer = try Spawn.Child.start(HavenProcess.binary, ["log", "water", "+7", "--note", "never written"],
                                           environment: ["HAVEN_HOME": home.path, "HAVEN_TEST_WRITE_DELAY_MS": "60000",
                                                         "PATH": "/usr/bin:/bin"]).get()
        // The entry is inserted, then the writer waits inside its transaction and says so with a file.
        let paused = home.path + "/haven.db.paused", guardEnd = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: paused) && Date() < guardEnd { usleep(2_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: paused), "the writer reached its pause")
        writer.send(SIGKILL)
        XCTAssertEqual(writer.wait().signal, SIGKILL)
        XCTAssertEqual(count(home.path), 1, "the killed write left nothing behind")
        let next = HavenProcess.run(["log", "water", "+2", "--json"], environment: ["HAVEN_HOME": home.path])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.contains("\"value\": 2"))
        XCTAssertEqual(count(home.path), 2)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db",
                                  "PRAGMA integrity_check; SELECT count(*) FROM entry WHERE note IS NOT NULL;"), "ok\n0")
    }
}

/// Collects strings from concurrent iterations.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
