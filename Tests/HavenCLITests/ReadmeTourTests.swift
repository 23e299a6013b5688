import Foundation
import TestSupport
import XCTest

/// The README's "Share your trackers" tour, run as written: each
/// `<!-- tour: PERSON -->` console block runs in that person's own HOME
/// (a machine of their own), command by command, with the working folder
/// carried from one command to the next as in a shell; every command must
/// succeed and print exactly what the README shows (`…` stands for a hash
/// or a commit). A bare repository on disk stands in for the git host.
final class ReadmeTourTests: XCTestCase {
    static let host = "https://git.example.org/me/evenings.git"

    struct Block {
        let person: String
        /// Each command with the output the README shows for it.
        let steps: [(command: String, output: [String])]
    }

    /// The console blocks after a `<!-- MARKER: PERSON -->` line.
    static func blocks(in readme: String, marker: String = "tour") -> [Block] {
        var blocks: [Block] = []
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let prefix = "<!-- \(marker): "
            guard lines[index].hasPrefix(prefix), index + 1 < lines.count, lines[index + 1] == "```console" else {
                continue
            }
            let person = String(lines[index].dropFirst(prefix.count).dropLast(" -->".count))
            var steps: [(command: String, output: [String])] = []
            index += 2
            while index < lines.count, lines[index] != "```" {
                if lines[index].hasPrefix("$ ") {
                    steps.append((String(lines[index].dropFirst(2)), []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].output.append(lines[index])
                }
                index += 1
            }
            blocks.append(Block(person: person, steps: steps))
        }
        return blocks
    }

    /// True when `actual` is `expected` line for line, `…` matching anything.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        guard actual.count == expected.count else { return false }
        return zip(actual, expected).allSatisfy { line, pattern in
            let parts = pattern.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:))
            return line.range(of: "^" + parts.joined(separator: ".+?") + "$", options: .regularExpression) != nil
        }
    }

    func testTheShareYourTrackersTourRunsAsWritten() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let blocks = ReadmeTourTests.blocks(in: readme)
        XCTAssertEqual(blocks.map(\.person), ["you", "you", "friend", "you", "friend", "laptop"])
        XCTAssertEqual(blocks.map(\.steps.count).reduce(0, +), 14)

        let world = TemporaryDirectory()
        let remote = world.path.replacingOccurrences(of: "//", with: "/") + "/remote/evenings.git"
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        XCTAssertEqual(HavenProcess.run(["init", "--quiet", "--bare", "--initial-branch=main", remote],
                                        executable: "/usr/bin/git").status, 0)
        let binaries = (HavenProcess.binary as NSString).deletingLastPathComponent
        for person in ["you", "friend", "laptop"] {
            try FileManager.default.createDirectory(atPath: world.path + "/" + person, withIntermediateDirectories: true)
        }
        // The friend's dotfiles repository, and the laptop with it checked out.
        try FileManager.default.createDirectory(atPath: world.path + "/friend/dotfiles/haven",
                                                withIntermediateDirectories: true)
        for block in blocks {
            let home = world.path + "/" + block.person
            if block.person == "laptop" {
                try FileManager.default.createDirectory(atPath: home + "/.config/haven", withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: world.path + "/friend/dotfiles/haven/packs.lock",
                                                 toPath: home + "/.config/haven/packs.lock")
            }
            var directory = home
            for step in block.steps {
                let state = world.path + "/cwd"
                let script = "cd \"$1\" || exit 1\n" + step.command.replacingOccurrences(of: ReadmeTourTests.host, with: remote)
                    + "\nstatus=$?\npwd > \"$2\"\nexit $status\n"
                let result = HavenProcess.run(["-c", script, "tour", directory, state], environment: [
                    "HOME": home, "PATH": binaries + ":/usr/bin:/bin", "HAVEN_NOW": "2026-11-23 20:00", "TZ": "UTC",
                    "NO_COLOR": "1", "GIT_AUTHOR_NAME": "Me", "GIT_AUTHOR_EMAIL": "me@example.org",
                    "GIT_COMMITTER_NAME": "Me", "GIT_COMMITTER_EMAIL": "me@example.org", "GIT_CONFIG_NOSYSTEM": "1",
                ], executable: "/bin/bash")
                XCTAssertEqual(result.status, 0, "\(block.person): $ \(step.command)\n\(result.stderr)")
                directory = (try? String(contentsOfFile: state, encoding: .utf8))?
                    .trimmingCharacters(in: .newlines) ?? directory
                let shown = result.stdout.replacingOccurrences(of: remote, with: ReadmeTourTests.host)
                    .replacingOccurrences(of: home, with: "~")
                let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                XCTAssertTrue(ReadmeTourTests.matches(lines, step.output),
                              "\(block.person): $ \(step.command)\nprinted:\n\(shown)\nthe README shows:\n"
                                + step.output.joined(separator: "\n"))
            }
        }
        // The laptop's pack is the friend's, byte for byte.
        XCTAssertEqual(PackTestFiles.contents(world.path + "/laptop/.config/haven/packs/evenings"),
                       PackTestFiles.contents(world.path + "/friend/.config/haven/packs/evenings"))
    }
}
