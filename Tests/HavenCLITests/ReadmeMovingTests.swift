import Foundation
import TestSupport
import XCTest

/// The README's "Moving to Haven" and "Leaving Haven" runs, as written:
/// each `<!-- run: HOME -->` console block runs command by command in a
/// machine of its own (blocks naming the same one share it), with the other
/// app's files in its home folder; every command must succeed and print
/// exactly what the README shows (`…` matches anything; a CSV's CR LF line
/// ends show as lines).
final class ReadmeMovingTests: XCTestCase {
    func testTheMovingAndLeavingRunsRunAsWritten() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let blocks = ReadmeTourTests.blocks(in: readme, marker: "run")
        XCTAssertEqual(blocks.map(\.person), ["health", "loop", "harsh", "loop"])

        let world = TemporaryDirectory()
        let binaries = (HavenProcess.binary as NSString).deletingLastPathComponent
        // Each machine: its clock, its zone, and the files it brings.
        let machines: [String: (now: String, zone: String)] = [
            "health": ("2026-11-01 10:00", "Africa/Lagos"), "loop": ("2026-03-05 21:00", "UTC"),
            "harsh": ("2026-03-06 21:00", "UTC"),
        ]
        for name in machines.keys {
            try FileManager.default.createDirectory(atPath: world.path + "/" + name, withIntermediateDirectories: true)
        }
        try AppleHealthFixture.zip(AppleHealthFixture.noAlcYears(), to: world.path + "/health/export.zip")
        ImportFixtures.loopBackup(world.path + "/loop/Loop Habits Backup.db")
        world.write(["harsh/harsh/habits": ImportFixtures.harshHabits, "harsh/harsh/log": ImportFixtures.harshLog])

        var directories: [String: String] = [:]
        for block in blocks {
            let home = world.path + "/" + block.person
            let machine = try XCTUnwrap(machines[block.person])
            var directory = directories[block.person] ?? home
            for step in block.steps {
                let state = world.path + "/cwd"
                let script = "cd \"$1\" || exit 1\n" + step.command + "\nstatus=$?\npwd > \"$2\"\nexit $status\n"
                let result = HavenProcess.run(["-c", script, "run", directory, state], environment: [
                    "HOME": home, "PATH": binaries + ":/usr/bin:/bin", "HAVEN_NOW": machine.now, "TZ": machine.zone,
                    "NO_COLOR": "1",
                ], executable: "/bin/bash")
                XCTAssertEqual(result.status, 0, "\(block.person): $ \(step.command)\n\(result.stderr)")
                directory = (try? String(contentsOfFile: state, encoding: .utf8))?
                    .trimmingCharacters(in: .newlines) ?? directory
                let shown = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: home, with: "~")
                let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                XCTAssertTrue(ReadmeTourTests.matches(lines, step.output),
                              "\(block.person): $ \(step.command)\nprinted:\n\(shown)\nthe README shows:\n"
                                + step.output.joined(separator: "\n"))
            }
            directories[block.person] = directory
        }
    }
}
