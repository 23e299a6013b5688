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
}
