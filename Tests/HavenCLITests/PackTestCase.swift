import Foundation
import TestSupport
import XCTest

/// What the `haven pack` tests share: a home holding NoAlc, a folder of
/// pack sources where haven runs, and the check that a refusal leaves the
/// home byte-identical with no staging folder behind.
class PackTestCase: XCTestCase {
    var home: TemporaryDirectory!
    var sources: TemporaryDirectory!
    var lock: String { home.path + "/packs.lock" }
    /// The sources folder as Haven prints it.
    var sourcesPath: String { sources.path.replacingOccurrences(of: "//", with: "/") }

    /// A small pack with a hooks file, a preset and a reminder, as a
    /// source folder's files.
    static let calm = [
        "calm/pack.yaml": "name: Calm\nid: calm\nversion: \"1.0.0\"\nhaven: \"^0.1\"\n",
        "calm/trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\nreminder: { at: \"20:00\" }\n",
        "calm/trackers/walk.yaml": "extends: calm/stroll\n",
        "calm/presets/stroll.yaml": "name: Stroll\n",
        "calm/hooks/tea.lua": "function on_log(entry, streak) return 'sip' end\n",
        "calm/.git/HEAD": "ref: refs/heads/main\n",
    ]

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        sources = TemporaryDirectory()
    }

    /// Runs haven in the sources folder on `other` or the home.
    @discardableResult
    func haven(_ arguments: [String], in other: TemporaryDirectory? = nil) -> HavenProcess.Result {
        HavenRun(home: (other ?? home).path, now: "2026-03-05 21:00", directory: sources.path).run(arguments, timeout: 120)
    }

    /// A pack folder of `count` trackers, each `padding` bytes of comment long.
    func bigPack(_ name: String, trackers count: Int, padding: Int = 0) {
        var files = ["\(name)/pack.yaml": "name: \(name)\nid: \(name)\nversion: \"1.0.0\"\n"]
        for index in 0 ..< count {
            files["\(name)/trackers/t\(index).yaml"] = "# " + String(repeating: "x", count: padding)
                + "\nname: Tracker \(index)\ninput: count\ngoal: { at_least: \(index % 9 + 1) }\n"
        }
        sources.write(files)
    }

    /// Every file and folder of the home with its bytes (the database's WAL aside).
    func snapshot() -> [String: Data] {
        PackTestFiles.contents(home.path).filter { !$0.key.hasSuffix("-wal") && !$0.key.hasSuffix("-shm") }
    }

    func assertRefused(_ arguments: [String], status: Int32 = 65, stderr: String, file: StaticString = #filePath,
                       line: UInt = #line) {
        haven(["status"])
        let before = snapshot()
        let result = haven(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, stderr, file: file, line: line)
        XCTAssertEqual(snapshot(), before, "the home is byte-identical", file: file, line: line)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: home.path))?.filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no staging or scratch folder is left", file: file, line: line)
    }

    /// Runs git in `folder` with a fixed author, as a person sets up a pack repository.
    func git(_ arguments: [String], in folder: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = HavenProcess.run(["-c", "user.name=Haven", "-c", "user.email=haven@example.org", "-C", folder]
                                      + arguments, environment: ["GIT_CONFIG_NOSYSTEM": "1"], executable: "/usr/bin/git")
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)", file: file, line: line)
    }
}

/// Pack files compared whole.
enum PackTestFiles {
    /// Every file under `folder` with its bytes; a folder as the word "folder".
    static func contents(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) else { continue }
            files[path] = isFolder.boolValue ? Data("folder".utf8) : FileManager.default.contents(atPath: folder + "/" + path)
        }
        return files
    }
}
