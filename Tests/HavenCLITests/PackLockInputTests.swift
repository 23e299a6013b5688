import Foundation
import TestSupport
import XCTest

/// A shared packs.lock is input (#28, item 11): every id, source, ref and
/// hash is checked like a name typed on the command line before anything
/// is written; a lock naming `../x`, a source that is a git option or a
/// line break is refused whole, and nothing lands inside or outside the home.
final class PackLockInputTests: PackTestCase {
    private func lock(_ id: String, _ source: String, extra: String = "") -> String {
        "{\"lockVersion\":1,\"packs\":{\n\(id):{\"hash\":\"h1:x\",\"source\":\(source)\(extra)}\n}}\n"
    }

    func testAHostileLockIsRefusedWholeBeforeAnythingIsWritten() {
        let outside = sources.path + "/outside"
        let cases: [(String, String)] = [
            (lock("\"../../outside\"", #"{"kind":"folder","path":"\#(outside)"}"#),
             "'../../outside' is not a pack id (lower-case letters, digits and '-', not core or local)"),
            (lock("\"core\"", #"{"kind":"folder","path":"calm"}"#),
             "'core' is not a pack id (lower-case letters, digits and '-', not core or local)"),
            (lock("\"calm\"", #"{"kind":"git","url":"--upload-pack=touch /tmp/pwned"}"#),
             "the source.url of pack 'calm' is not one Haven writes: '--upload-pack=touch /tmp/pwned'"),
            (lock("\"calm\"", #"{"kind":"link","path":"calm\nx"}"#),
             "the source.path of pack 'calm' is not one Haven writes: 'calm␊x'"),
            (lock("\"calm\"", #"{"kind":"git","url":"https://example.org/calm.git","ref":"-c"}"#),
             "the source.ref of pack 'calm' is not one Haven writes: '-c'"),
            (lock("\"calm\"", #"{"kind":"archive","url":"https://example.org/calm.zip","sha256":"xyz"}"#),
             "the source.sha256 of pack 'calm' is not one Haven writes: 'xyz'"),
        ]
        for (text, problem) in cases {
            home.write(["packs.lock": text])
            assertRefused(["pack", "install", "--yes"],
                          stderr: "haven: error: \(home.path)/packs.lock cannot be read (\(problem)); fix or remove it first\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/pwned"))
    }
}
