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

    /// The man page comes from the command definitions and the shell
    /// completions ask the installed haven: `man -l` reads the page, and
    /// bash completes with the script.
    func testTheManPageAndCompletionsAreInstalled() throws {
        let prefix = TemporaryDirectory()
        let install = HavenProcess.run([HavenProcess.binary, prefix.path],
                                       executable: Repository.root + "/scripts/install.sh")
        XCTAssertEqual(install.status, 0, install.stderr)
        let share = prefix.path + "/share"
        for file in ["zsh/site-functions/_haven", "fish/vendor_completions.d/haven.fish", "haven/hooks/haven.lua"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share + "/" + file), file)
        }
        // `haven pick` from a desktop's launcher, naming the installed binary.
        let launcher = try String(contentsOfFile: share + "/applications/haven-pick.desktop", encoding: .utf8)
        XCTAssertTrue(launcher.hasPrefix("[Desktop Entry]\nType=Application\n"), launcher)
        XCTAssertTrue(launcher.contains("\nExec=\"\(prefix.path)/bin/haven\" pick\nTerminal=false\n"), launcher)
        let man = HavenProcess.run(["-l", share + "/man/man1/haven.1"], environment: ["MANWIDTH": "100", "PAGER": "cat"],
                                   executable: "/usr/bin/man")
        XCTAssertEqual(man.status, 0, man.stderr)
        let page = man.stdout.replacingOccurrences(of: "\u{2010}\n", with: "").replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        for text in ["A config-driven habit and awareness tracker.", "unskip ID [DAY]",
                     "stats ID [--by week|month|weekday]", "import apple-health FILE", "EXIT STATUS"] {
            XCTAssertTrue(page.contains(text), text)
        }
        func complete(_ line: [String]) -> String {
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            let script = "source '\(share)/bash-completion/completions/haven'; COMP_WORDS=(\(words)); "
                + "COMP_CWORD=\(line.count - 1); COMP_LINE='\(line.joined(separator: " "))'; COMP_POINT=${#COMP_LINE}; "
                + "_haven haven '\(line.last!)' '\(line[line.count - 2])'; echo \"${COMPREPLY[*]}\""
            // The script asks the installed haven, found on PATH as a shell finds it.
            return HavenProcess.run(["-c", script], environment: ["PATH": prefix.path + "/bin:/usr/bin:/bin",
                                                                  "HAVEN_HOME": prefix.path + "/home"],
                                    executable: "/bin/bash")
                .stdout.trimmingCharacters(in: .newlines)
        }
        XCTAssertEqual(complete(["haven", "sta"]), "stats status")
        XCTAssertEqual(complete(["haven", "log", "--n"]), "--no-color --note --now")
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
