import Foundation
import TestSupport
import XCTest

/// Every fetch is bounded (#28, item 13): a git source gets an archive's
/// caps (entries, one file's size, the whole's size, no link), checked on
/// git's listing before a file is written, and its repository may not
/// outgrow them either; a web archive is counted while it downloads,
/// chunked or not; a server that says nothing is given up on. Each
/// refusal leaves the home as it was.
final class PackFetchLimitsTests: PackTestCase {
    private var server: Process?
    private var repository: String { sourcesPath + "/calm" }

    override func tearDown() {
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        super.tearDown()
    }

    /// A repository whose tag `name` holds pack.yaml and what `entries` adds
    /// (lines for `git mktree`, with $BLOB, $ZEROS16 and $ZEROS17 blobs).
    private func tag(_ name: String, _ entries: String) {
        let script = """
            set -e
            cd "$1"
            [ -d .git ] || git init -q --initial-branch=main
            PACK=$(printf 'name: Calm\\nid: calm\\nversion: "1.0.0"\\n' | git hash-object -w --stdin)
            BLOB=$(printf 'x\\n' | git hash-object -w --stdin)
            ZEROS15=$(head -c 15728640 /dev/zero | git hash-object -w --stdin)
            ZEROS17=$(head -c 17825792 /dev/zero | git hash-object -w --stdin)
            TREE=$( { printf '100644 blob %s\\tpack.yaml\\n' "$PACK"; \(entries) } | git mktree)
            COMMIT=$(git -c user.name=Haven -c user.email=haven@example.org commit-tree "$TREE" -m "$2")
            git tag "$2" "$COMMIT"
            """
        try? FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        let made = Shell.run("/bin/sh", ["-c", script, "sh", repository, name], environment: ["GIT_CONFIG_NOSYSTEM": "1"])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    func testAGitSourceHasAnArchivesCapsCheckedBeforeAnyFileIsWritten() {
        tag("many", "for i in $(seq 1 10001); do printf '100644 blob %s\\tf%05d.txt\\n' \"$BLOB\" \"$i\"; done;")
        tag("huge", "printf '100644 blob %s\\tbig.bin\\n' \"$ZEROS17\";")
        tag("total", "for i in 1 2 3 4 5; do printf '100644 blob %s\\tpart%s.bin\\n' \"$ZEROS15\" \"$i\"; done;")
        tag("link", "printf '120000 blob %s\\tpasswd\\n' \"$BLOB\";")
        let refused = "haven: error: cannot fetch \(repository): "
        let cases = [
            ("many", "it holds more than 10000 entries"),
            ("huge", "big.bin holds 17825792 bytes; a pack's file may hold 16 MiB"),
            ("total", "it unpacks to more than 64 MiB"),
            ("link", "passwd is a link"),
        ]
        for (name, problem) in cases {
            assertRefused(["pack", "install", repository, "--ref", name, "--yes"],
                          stderr: refused + problem + "; nothing was installed\n")
        }
    }

    func testARepositoryLargerThanAnArchiveMayBeIsStopped() {
        // 65 MiB that does not compress, fetched through git's transport (a copy, not a loan).
        tag("big", "printf '100644 blob %s\\trandom.bin\\n' $(head -c 68157440 /dev/urandom | git hash-object -w --stdin);")
        assertRefused(["pack", "install", "file://" + repository, "--ref", "big", "--yes"],
                      stderr: "haven: error: cannot fetch file://\(repository): the repository is larger than 64 MiB; git "
                        + "was stopped there; nothing was installed\n")
    }

    /// The fake server in `mode`: its address.
    private func start(_ mode: String) throws -> String {
        let (process, port) = try FixtureServer.start("hostile-fetch-server.py", mode: mode,
                                                      portFile: sources.path + "/" + mode + ".port")
        server = process
        return "http://127.0.0.1:" + port
    }

    func testAWebArchiveIsCountedWhileItComesAndASilentServerIsGivenUpOn() throws {
        let endless = try start("endless") + "/calm.tar.gz"
        let sha = String(repeating: "0", count: 64)
        assertRefused(["pack", "install", endless, "--sha256", sha, "--yes"], stderr: "haven: error: cannot download "
            + "\(endless): the archive is larger than 64 MiB; the download stopped there; nothing was installed\n")
        server?.terminate()
        server?.waitUntilExit()
        let silent = try start("silent")
        let archive = HavenRun(home: home.path, environment: ["HAVEN_FETCH_SECONDS": "2"])
            .run(["pack", "install", silent + "/calm.tar.gz", "--sha256", sha, "--yes"])
        XCTAssertEqual(archive.stderr, "haven: error: cannot download \(silent)/calm.tar.gz: it did not arrive within 2 s; "
            + "nothing was installed\n")
        let git = HavenRun(home: home.path, environment: ["HAVEN_FETCH_SECONDS": "2"])
            .run(["pack", "install", silent + "/calm.git", "--yes"])
        XCTAssertEqual(git.stderr, "haven: error: cannot fetch \(silent)/calm.git: git did not finish within 2 s; "
            + "nothing was installed\n")
        XCTAssertEqual(git.status, 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs"))
    }
}
