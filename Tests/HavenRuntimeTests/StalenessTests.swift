import Foundation
import HavenCore
import HavenRuntime
import TestSupport
import XCTest

/// A REPL keeps its catalog until a file it came from changes.
final class StalenessTests: XCTestCase {
    func testWritingEntriesLeavesTheCatalogFresh() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        var session: Session? = try Sessions.open(home.path, now: "2026-03-01 09:00")
        let runtime = try XCTUnwrap(session?.runtime)
        _ = try session?.log("water", value: "+1", at: nil, note: nil, trigger: nil)
        session = nil  // closes the database: SQLite checkpoints and removes the WAL beside the trackers
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/haven.db-wal"))
        XCTAssertFalse(runtime.isStale)
    }

    func testEditedAddedAndNewFolderFilesMakeItStale() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        for change in ["trackers/water.yaml", "trackers/tea.yaml", "presets/tea.yaml", "pack.yaml"] {
            let runtime = try Sessions.open(home.path, now: "2026-03-01 09:00").runtime
            XCTAssertFalse(runtime.isStale, change)
            _ = home.write([change: "name: Changed \(change)\n"])
            XCTAssertTrue(runtime.isStale, change)
        }
    }

    /// The watch (inotify) notices a removed file, an edited hooks file and a
    /// file only touched, and not the database's own files beside them.
    func testRemovedTouchedAndHookFilesMakeItStaleAndTheDatabaseDoesNot() throws {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n",
            "hooks/tea.lua": "function day_outcome(day) return nil end\n",
        ])
        let changes: [(String, (String) throws -> Void)] = [
            ("removed", { try FileManager.default.removeItem(atPath: $0 + "/trackers/tea.yaml") }),
            ("hooks edited", { try "function day_outcome(day) return 'success' end\n".write(
                toFile: $0 + "/hooks/tea.lua", atomically: false, encoding: .utf8) }),
            ("touched", { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)],
                                                              ofItemAtPath: $0 + "/trackers/water.yaml") }),
        ]
        for (what, change) in changes {
            let session = try Sessions.open(home.path, now: "2026-03-01 09:00")
            for _ in 0..<3 { _ = try session.log("water", value: "+1", at: nil, note: nil, trigger: nil) }
            XCTAssertFalse(session.runtime.isStale, what)
            try change(home.path)
            XCTAssertTrue(session.runtime.isStale, what)
            XCTAssertTrue(session.runtime.isStale, "stays stale: \(what)")
            if what == "removed" { _ = home.write(["trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n"]) }
        }
    }
}
