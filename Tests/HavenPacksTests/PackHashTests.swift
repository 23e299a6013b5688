import Foundation
import HavenPacks
import TestSupport
import XCTest

/// The `h1:` hash and `packs.lock` (SPEC §8).
final class PackHashTests: XCTestCase {
    private let files = ["pack.yaml": "name: Calm\n", "trackers/tea.yaml": "name: Tea\n", "hooks/tea.lua": "function on_log() end\n"]

    func testTheHashIsGosDirectoryHash() throws {
        // Computed apart, with Python's hashlib, from the format Go's dirhash documents.
        let folder = TemporaryDirectory().write(files)
        XCTAssertEqual(try PackHash.h1(folder.path), "h1:njPxodF9tpC1jmbTqvI9KQQtYtjc/07gG6XX+qICpDA=")
    }

    func testTheHashIsStableAcrossFileOrderAndTimesAndLeavesOutGit() throws {
        let first = TemporaryDirectory().write(files)
        // The same files written in the other order, with other times and a .git folder.
        let second = TemporaryDirectory()
        for (path, text) in files.sorted(by: { $0.key > $1.key }) { second.write([path: text]) }
        second.write([".git/HEAD": "ref: refs/heads/main\n"])
        for path in files.keys {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                                  ofItemAtPath: second.path + "/" + path)
        }
        XCTAssertEqual(try PackHash.h1(first.path), try PackHash.h1(second.path))
        // One changed byte, or one renamed file, changes it.
        second.write(["trackers/tea.yaml": "name: Teas\n"])
        XCTAssertNotEqual(try PackHash.h1(first.path), try PackHash.h1(second.path))
        second.write(["trackers/tea.yaml": "name: Tea\n"])
        try FileManager.default.moveItem(atPath: second.path + "/hooks/tea.lua", toPath: second.path + "/hooks/teas.lua")
        XCTAssertNotEqual(try PackHash.h1(first.path), try PackHash.h1(second.path))
    }

    func testALinkInsideAPackIsNeverHashedThrough() throws {
        let folder = TemporaryDirectory().write(files)
        XCTAssertEqual(symlink("/etc/passwd", folder.path + "/trackers/secret.yaml"), 0)
        XCTAssertThrowsError(try PackHash.h1(folder.path)) { error in
            XCTAssertEqual(error as? PackHash.Problem, .notPlain(path: "trackers/secret.yaml", problem:
                "is a symbolic link; Haven never follows links inside a pack: put the file itself here"))
        }
    }

    func testTheLockFileHasSortedKeysAndOnePackPerLine() throws {
        var lock = PackLock()
        lock.packs["mindful"] = .init(source: .init(kind: .git, url: "https://example.org/mindful.git", ref: "^1.0"),
                                      resolved: "0123abcd", version: "1.0.3", hash: "h1:abc=", trusted: "h1:def=")
        lock.packs["calm"] = .init(source: .init(kind: .folder, path: "/home/me/calm"), version: "0.1.0", hash: "h1:xyz=")
        XCTAssertEqual(lock.text, """
            {"lockVersion":1,"packs":{
            "calm":{"hash":"h1:xyz=","source":{"kind":"folder","path":"/home/me/calm"},"version":"0.1.0"},
            "mindful":{"hash":"h1:abc=","resolved":"0123abcd","source":{"kind":"git","ref":"^1.0","url":"https://example.org/mindful.git"},"trusted":"h1:def=","version":"1.0.3"}
            }}

            """)
        XCTAssertEqual(try PackLock(text: lock.text), lock)
        XCTAssertEqual(PackLock().text, "{\"lockVersion\":1,\"packs\":{}}\n")
        XCTAssertThrowsError(try PackLock(text: "{\"lockVersion\":2,\"packs\":{}}")) {
            XCTAssertEqual($0 as? PackLock.Problem, .newerVersion(2))
        }
    }
}
