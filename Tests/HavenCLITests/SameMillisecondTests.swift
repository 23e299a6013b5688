import Foundation
import TestSupport
import XCTest

/// Two devices never mint the same entry UUID (#28, item 0): homes that
/// share the same newest entries and then write in the same millisecond
/// (a fixed clock, as `--now` and every test give) make different UUIDs,
/// so merging their histories keeps every entry.
final class SameMillisecondTests: XCTestCase {
    func testTwoHomesWritingInTheSameMillisecondAfterTheSameHistoryKeepEveryEntryOnMerge() throws {
        let trackers = ["trackers/mood.yaml": "extends: core/mood\n", "trackers/noalc.yaml": "extends: core/noalc\n",
                        "trackers/water.yaml": "extends: core/water\n", "trackers/stretching.yaml": "extends: core/stretching\n"]
        let a = TemporaryDirectory().write(trackers), b = TemporaryDirectory().write(trackers)
        let now = "2026-08-11 21:00"
        func haven(_ home: TemporaryDirectory, _ arguments: [String]) -> String {
            let run = HavenRun(home: home.path, now: now).run(arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stdout
        }
        // The same two entries of one millisecond on both homes.
        _ = haven(a, ["log", "mood", "good"])
        _ = haven(a, ["log", "noalc", "steady"])
        try haven(a, ["export", "json"]).write(toFile: a.path + "/shared.jsonl", atomically: true, encoding: .utf8)
        _ = haven(b, ["import", "haven", a.path + "/shared.jsonl"])
        // Then each writes in that millisecond again, and again.
        for _ in 0..<3 {
            _ = haven(a, ["log", "water", "1"])
            _ = haven(b, ["log", "stretching"])
        }
        func uuids(_ home: TemporaryDirectory) -> [String] {
            SQLite.run(home.path + "/haven.db", "SELECT uuid FROM entry ORDER BY uuid").split(separator: "\n").map(String.init)
        }
        let (ofA, ofB) = (uuids(a), uuids(b))
        XCTAssertEqual([ofA.count, ofB.count], [5, 5])
        XCTAssertEqual(Array(ofA.prefix(2)), Array(ofB.prefix(2)), "the shared history")
        XCTAssertTrue(Set(ofA.dropFirst(2)).isDisjoint(with: ofB.dropFirst(2)), "\(ofA) \(ofB)")
        XCTAssertEqual(ofA, ofA.sorted(), "each home's own order is kept")
        XCTAssertTrue(ofA.dropFirst(2).allSatisfy { $0.hasPrefix(String(ofA[0].prefix(13))) }, "one millisecond")

        // Merged both ways, every entry is there.
        try haven(b, ["export", "json"]).write(toFile: b.path + "/b.jsonl", atomically: true, encoding: .utf8)
        _ = haven(a, ["import", "haven", b.path + "/b.jsonl"])
        XCTAssertEqual(SQLite.run(a.path + "/haven.db", "SELECT tracker, COUNT(*) FROM entry GROUP BY tracker ORDER BY tracker"),
                       "mood|1\nnoalc|1\nstretching|3\nwater|3")
    }
}
