import Foundation
import TestSupport
import XCTest

/// `--out` of `report` and `export json`, and `export loop FILE` (#28, item
/// 17): a new path or (for the report) a regular file to replace; a
/// device, a folder, a symbolic link or a FIFO is refused with what it is,
/// and nothing is written anywhere.
final class OutputPathTests: XCTestCase {
    private let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])

    private func haven(_ arguments: [String], language: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-10 20:00", environment: language.map { ["LANG": $0] } ?? [:],
                 directory: home.path).run(arguments)
    }

    func testADeviceAFolderALinkAndAFIFOAreRefusedForEveryOutput() throws {
        XCTAssertEqual(haven(["log", "water", "3"]).status, 0)
        try FileManager.default.createDirectory(atPath: home.path + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.path + "/link", withDestinationPath: "/etc/hostname")
        XCTAssertEqual(mkfifo(home.path + "/fifo", 0o600), 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
        let outputs: [(String, String)] = [("/dev/null", "device"), ("folder", "folder"), ("link", "symbolic link"),
                                           ("fifo", "FIFO")]
        for (path, kind) in outputs {
            for command in [["report", "--out", path], ["export", "json", "--out", path], ["export", "loop", path]] {
                let result = haven(command)
                XCTAssertEqual(result.status, 73, command.joined(separator: " "))
                XCTAssertEqual(result.stderr, "haven: error: \(path) is not a regular file but a \(kind); give a new path, "
                    + "or a file to replace\n", command.joined(separator: " "))
            }
        }
        let german = haven(["report", "--out", "/dev/null"], language: "de_DE.UTF-8")
        XCTAssertEqual(german.stderr, "haven: Fehler: /dev/null ist keine gewöhnliche Datei, sondern: Gerät; gib einen "
            + "neuen Pfad an, oder eine Datei, die ersetzt wird\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted(), before)
        XCTAssertEqual(try String(contentsOfFile: "/etc/hostname", encoding: .utf8).isEmpty, false)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType,
                       .typeCharacterSpecial, "/dev/null is still the device")

        // A regular file is replaced by the report; the exports make new files only.
        try "old".write(toFile: home.path + "/page.html", atomically: true, encoding: .utf8)
        XCTAssertEqual(haven(["report", "--out", "page.html"]).status, 0)
        let exists = haven(["export", "json", "--out", "page.html"])
        XCTAssertEqual(exists.status, 73)
        XCTAssertEqual(exists.stderr, "haven: error: page.html already exists; give another name, or move it away\n")
    }
}
