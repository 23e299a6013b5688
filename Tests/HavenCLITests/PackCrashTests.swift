import Foundation
import TestSupport
import XCTest

/// A pack command killed at any step leaves the lock and the pack's files
/// agreeing (#28, item 18): the next Haven that opens the home finishes
/// the change or undoes it (`PackJournal`). `HAVEN_TEST_PACK_CRASH_AT=N`
/// kills Haven with SIGKILL right after the Nth step of a change (each
/// rename, then its count, then the lock: 2 × renames + 1 steps), so that
/// every step is tried, not the few a kill from outside happens to hit.
final class PackCrashTests: PackTestCase {
    override func setUp() {
        super.setUp()
        sources.write(Self.calm)
    }

    private func crash(_ arguments: [String], at step: Int) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-05 21:00", environment: ["HAVEN_TEST_PACK_CRASH_AT": "\(step)"],
                 directory: sources.path).run(arguments, timeout: 120)
    }

    /// What `pack list` says of calm once the home is opened again, and
    /// that nothing of the change is left lying about.
    private func settled(file: StaticString = #filePath, line: UInt = #line) -> String {
        let list = haven(["pack", "list"]).stdout
        let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []).filter { $0.hasPrefix(".") }
        XCTAssertEqual(hidden, [], "no journal or staging is left", file: file, line: line)
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: home.path + "/packs/.previous")) ?? []
        XCTAssertEqual(kept.filter { $0.contains(".new-") }, [], "nothing half-kept", file: file, line: line)
        return list
    }

    private func release(_ version: String) {
        sources.write(["calm/pack.yaml": "name: Calm\nid: calm\nversion: \"\(version)\"\nhaven: \"^0.1\"\n"])
    }

    func testAKilledRollbackOrUpdateIsFinishedOrUndoneWhole() {
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        release("1.1.0")
        XCTAssertEqual(haven(["pack", "update", "calm", "--yes"]).status, 0)
        let source = sourcesPath + "/calm"
        let shown = { (version: String) in "calm  \(version)  folder \(source)  ok  2 trackers\n" }
        var version = "1.1.0"
        // Killed after each step of a rollback (five renames, then the
        // lock): before the lock, nothing happened; after it, all of it.
        for step in 1 ... 11 {
            let killed = crash(["pack", "rollback", "calm"], at: step)
            XCTAssertNotEqual(killed.status, 0, "step \(step)")
            if step == 11 { version = version == "1.1.0" ? "1.0.0" : "1.1.0" }
            XCTAssertEqual(settled(), shown(version), "rollback killed after step \(step)")
            // Whatever happened, rollback still goes to the other version.
            XCTAssertEqual(haven(["pack", "rollback", "calm"]).status, 0, "step \(step)")
            version = version == "1.1.0" ? "1.0.0" : "1.1.0"
            XCTAssertEqual(settled(), shown(version), "step \(step), then a rollback")
        }
        // An update killed after each of its steps (six renames with a
        // version kept before, then the lock).
        for step in 1 ... 13 {
            let next = "1.2.\(step)"
            release(next)
            let killed = crash(["pack", "update", "calm", "--yes"], at: step)
            XCTAssertNotEqual(killed.status, 0, "step \(step)")
            if step == 13 { version = next }
            XCTAssertEqual(settled(), shown(version), "update killed after step \(step)")
        }
    }

    func testAKilledInstallOrRemoveIsFinishedOrUndoneWhole() {
        let none = "No packs installed. Install one with: haven pack install FOLDER\n"
        let calm = "calm  1.0.0  folder \(sourcesPath)/calm  ok  2 trackers\n"
        for step in 1 ... 3 {
            XCTAssertNotEqual(crash(["pack", "install", "calm", "--yes"], at: step).status, 0)
            XCTAssertEqual(settled(), step < 3 ? none : calm, "install killed after step \(step)")
        }
        for step in 1 ... 3 {
            XCTAssertNotEqual(crash(["pack", "remove", "calm", "--yes"], at: step).status, 0)
            XCTAssertEqual(settled(), step < 3 ? calm : none, "remove killed after step \(step)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs/calm"))
    }
}
