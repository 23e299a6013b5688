import Foundation
import TestSupport
import XCTest

/// A pack's trackers, adjusted by the person (#13, item 4): a home file
/// that extends one overrides it without a clash, `remove` switches one off
/// in the home's pack.yaml and `add PACK/ID` switches it back on, and
/// `mode` writes the adjusting file.
final class PackTrackerAdjustTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "packs/evenings/pack.yaml": "name: Evenings\n",
            "packs/evenings/trackers/read.yaml": "name: Read\n",
            "packs/evenings/trackers/walk.yaml": "name: Walk\n",
            "packs/evenings/trackers/snack.yaml": "name: Snack\ntype: saboteur\nmode: awareness\n",
        ])
    }

    @discardableResult
    private func haven(_ arguments: String...) -> HavenProcess.Result {
        let result = HavenRun(home: home.path, now: "2026-03-10 20:00").run(arguments)
        XCTAssertEqual(result.stderr, "", arguments.joined(separator: " "))
        return result
    }

    private func ids() -> [String] {
        haven("trackers").stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
    }

    func testAHomeFileThatExtendsAPackTrackerAdjustsItWithoutAClash() throws {
        home.write(["trackers/read.yaml": "extends: evenings/read\nname: Read at night\n"])
        XCTAssertEqual(haven("validate").stdout, "ok: 3 packs, 17 presets, 7 practices, 4 trackers, no problems\n")
        let show = try JSONSerialization.jsonObject(with: Data(haven("show", "read", "--json").stdout.utf8)) as! [String: Any]
        XCTAssertEqual(show["name"] as? String, "Read at night")
        XCTAssertEqual(haven("status").stderr, "")
    }

    func testRemoveSwitchesAPackTrackerOffAndAddBackOn() throws {
        XCTAssertEqual(haven("remove", "walk", "--yes").stdout, "Switched off walk; its 0 entries stay.\n")
        XCTAssertEqual(try String(contentsOfFile: home.path + "/pack.yaml", encoding: .utf8), "disabled: [walk]\n")
        XCTAssertFalse(ids().contains("walk"))
        XCTAssertEqual(haven("add", "evenings/walk").stdout,
                       "Switched back on Walk (walk): \(home.path.replacingOccurrences(of: "//", with: "/"))/packs/evenings/trackers/walk.yaml\n")
        XCTAssertTrue(ids().contains("walk"))
        XCTAssertEqual(try String(contentsOfFile: home.path + "/pack.yaml", encoding: .utf8), "")
    }

    func testModeOnAPackTrackerWritesTheAdjustingFile() throws {
        XCTAssertEqual(haven("mode", "snack", "avoidance", "--yes").stdout, """
            Your awareness mode has no streak to archive yet; the avoidance streak starts today.
            Snack is now in avoidance mode · streak 1.

            """)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/snack.yaml", encoding: .utf8),
                       "# Adjusts evenings's snack: keys written here override the pack's.\nextends: evenings/snack\n"
                        + "mode: avoidance\n")
        XCTAssertEqual(haven("validate").stdout, "ok: 3 packs, 17 presets, 7 practices, 4 trackers, no problems\n")
    }
}
