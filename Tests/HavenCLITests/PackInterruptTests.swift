import Foundation
import TestSupport
import XCTest

/// Ctrl-C during `haven pack install`: the home stays as it was, or holds
/// the whole pack, whatever the moment.
final class PackInterruptTests: PackTestCase {
    /// Starts `pack install big --yes` on a fresh home, lets `interrupt`
    /// send Ctrl-C, and checks that the home is as it was or holds the
    /// whole pack. Returns the exit status and what the command said.
    private func installInterrupted(_ label: String, interrupt: (Spawn.Child) -> Void) throws -> Spawn.Result {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        haven(["status"])
        let before = snapshot()
        let child = try Spawn.Child.start(HavenProcess.binary, ["pack", "install", "big", "--yes"], environment: [
            "HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-05 21:00", "TZ": "UTC", "PATH": "/usr/bin:/bin",
            "HOME": NSTemporaryDirectory()], directory: sources.path).get()
        interrupt(child)
        let result = child.wait(timeout: 120)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], label)
        if result.status == 0 && result.signal == nil {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/packs/big/trackers").count,
                           1500, "installed whole")
            XCTAssertTrue(try String(contentsOfFile: lock, encoding: .utf8).contains("\"big\":"))
        } else {
            let after = snapshot()
            XCTAssertTrue(after == before, "\(label): the home is byte-identical; it differs in "
                + Set(after.keys).symmetricDifference(before.keys).sorted().prefix(5).joined(separator: ", "))
        }
        return result
    }

    /// Ctrl-C once the staging folder exists (the install is under way)
    /// ends it with nothing installed.
    func testCtrlCDuringAnInstallLeavesTheHomeAsItWas() throws {
        bigPack("big", trackers: 1500)
        let result = try installInterrupted("during staging") { child in
            let staging = home.path + "/.pack-big.new-\(child.pid)"
            let guardEnd = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: staging) && Date() < guardEnd { usleep(1_000) }
            child.send(SIGINT)
        }
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertNil(result.signal, "Haven handled the Ctrl-C")
        XCTAssertEqual(result.stderr, "haven: error: interrupted; nothing was installed\n")
    }

    /// Ctrl-C at moments spread over an install: before Haven handles it,
    /// during staging, while renaming, after the end. Every outcome leaves
    /// the home as it was or the pack whole (split in two so that a
    /// parallel run spreads them).
    func testCtrlCAtEarlyMomentsLeavesTheHomeAsItWasOrThePackWhole() throws {
        try ctrlC(after: [0.0, 0.02, 0.05, 0.1])
    }

    func testCtrlCAtLateMomentsLeavesTheHomeAsItWasOrThePackWhole() throws {
        try ctrlC(after: [0.2, 0.35, 0.5, 0.8])
    }

    private func ctrlC(after delays: [Double]) throws {
        bigPack("big", trackers: 1500)
        for delay in delays {
            let result = try installInterrupted("after \(delay) s") { child in
                usleep(useconds_t(delay * 1_000_000))
                child.send(SIGINT)
            }
            if result.signal == nil && result.status == 130 {
                XCTAssertEqual(result.stderr, "haven: error: interrupted; nothing was installed\n")
            }
        }
    }
}
