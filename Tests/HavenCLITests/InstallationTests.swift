import Foundation
import TestSupport
import XCTest

/// Haven finds its core pack without flags, built in the repository or
/// installed, and finds the home per SPEC §2.1.
final class InstallationTests: XCTestCase {
    func testBuiltBinaryFindsTheRepositoryCorePackFromAnyDirectory() {
        let home = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        let result = HavenProcess.run(["show", "core/water", "--json", "--home", home.path],
                                      directory: elsewhere.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"id\": \"water\""))
    }

    func testInstalledBinaryFindsTheInstalledCorePack() throws {
        let prefix = TemporaryDirectory()
        let install = Process()
        install.executableURL = URL(fileURLWithPath: Repository.root + "/scripts/install.sh")
        install.arguments = [HavenProcess.binary, prefix.path]
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        XCTAssertEqual(install.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.path + "/share/haven/core/pack.yaml"))

        // Prove it reads the installed copy: change it and see the change.
        let water = prefix.path + "/share/haven/core/presets/water.yaml"
        let text = try String(contentsOfFile: water, encoding: .utf8)
        try text.replacingOccurrences(of: "at_least: 8", with: "at_least: 9")
            .write(toFile: water, atomically: true, encoding: .utf8)
        let home = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        let result = HavenProcess.run(["show", "core/water", "--json", "--home", home.path],
                                      directory: elsewhere.path, executable: prefix.path + "/bin/haven")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"at_least\": 9"), result.stdout)
    }

    func testHomeFlagWinsOverHavenHome() {
        let flag = TemporaryDirectory(), variable = TemporaryDirectory()
        _ = HavenProcess.run(["trackers", "--home", flag.path], environment: ["HAVEN_HOME": variable.path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: flag.path + "/trackers/noalc.yaml"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: variable.path + "/trackers"))
    }

    func testXDGFoldersAreUsedWithoutAHome() {
        let user = TemporaryDirectory()
        let result = HavenProcess.run(["trackers"], environment: ["HOME": user.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: user.path + "/.config/haven/trackers/mood.yaml"))
        let config = TemporaryDirectory()
        _ = HavenProcess.run(["trackers"], environment: ["HOME": user.path, "XDG_CONFIG_HOME": config.path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: config.path + "/haven/trackers/noalc.yaml"))
    }

    func testInstalledPacksAreLoaded() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        try? FileManager.default.copyItem(atPath: Repository.root + "/examples/digital-wellbeing",
                                          toPath: home.path + "/packs/digital-wellbeing")
        let result = HavenProcess.run(["trackers", "--home", home.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("screen-time"), result.stdout)
        XCTAssertTrue(result.stdout.contains("digital-wellbeing"), result.stdout)
    }
}
