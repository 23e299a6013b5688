import Foundation
import TestSupport
import XCTest

/// `haven backup [FILE]` (#30): a consistent copy of the database, taken
/// while another haven holds a write open, that a home reads as its own.
final class BackupTests: XCTestCase {
    func testABackupTakenDuringAWriteHoldsWhatWasCommittedAndOpensAsAHome() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 21:00"]
        for amount in ["+1", "+2"] {
            XCTAssertEqual(HavenProcess.run(["log", "water", amount], environment: environment).status, 0)
        }
        // A writer holds its transaction open (the entry inserted, not committed) while the backup runs.
        let writer = try Spawn.Child.start(HavenProcess.binary, ["log", "water", "+7"],
                                           environment: environment.merging(["HAVEN_TEST_WRITE_DELAY_MS": "60000",
                                                                             "PATH": "/usr/bin:/bin"]) { $1 }).get()
        let paused = home.path + "/haven.db.paused", guardEnd = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: paused) && Date() < guardEnd { usleep(2_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: paused), "the writer reached its pause")
        let folder = TemporaryDirectory()
        let backup = HavenProcess.run(["backup"], environment: environment, directory: folder.path)
        writer.send(SIGKILL)
        _ = writer.wait()
        XCTAssertEqual(backup.status, 0, backup.stderr)
        XCTAssertEqual(backup.stdout, "Backed up your history to haven-backup-2026-03-10.db (120 KB); 'haven --home DIR' "
            + "reads a home that holds it as haven.db.\n")
        let copy = folder.path + "/haven-backup-2026-03-10.db"
        XCTAssertEqual(SQLite.run(copy, "PRAGMA integrity_check; SELECT group_concat(number, ' ') FROM entry"), "ok\n1.0 2.0")

        // The copy is a home's database; a second backup to the same file replaces it.
        let restored = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        try FileManager.default.copyItem(atPath: copy, toPath: restored.path + "/haven.db")
        XCTAssertEqual(HavenProcess.run(["status"], environment: ["HAVEN_HOME": restored.path,
                                                                 "HAVEN_NOW": "2026-03-10 21:00"]).stdout,
                       "Drink Water   3/8 glasses today   streak 0\n")
        XCTAssertEqual(HavenProcess.run(["backup", copy, "--json"], environment: environment).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["haven-backup-2026-03-10.db"])
    }
}
