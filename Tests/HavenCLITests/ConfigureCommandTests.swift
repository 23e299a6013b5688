import Foundation
import TestSupport
import XCTest

/// `haven configure ID` (#13, item 10): the tracker's file in the editor,
/// saved atomically once it validates; on errors, edit again or discard.
final class ConfigureCommandTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var tools: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        tools = TemporaryDirectory()
    }

    /// An "editor": a shell script run with the file as `$1`.
    private func editor(_ name: String, _ script: String) -> String {
        tools.write([name: "#!/bin/sh\n" + script])
        chmod(tools.path + "/" + name, 0o755)
        return tools.path + "/" + name
    }

    private func configure(editor: String, input: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home.path, environment: ["EDITOR": editor]).run(["configure", "water"], input: input)
    }

    private var file: String { (try? String(contentsOfFile: home.path + "/trackers/water.yaml", encoding: .utf8)) ?? "" }

    func testAValidEditIsSavedAndAnUnchangedFileSaysSo() {
        XCTAssertEqual(configure(editor: "true").stdout, "No change to \(home.path)/trackers/water.yaml.\n")
        let result = configure(editor: editor("goal", "echo 'goal: { at_least: 6 }' >> \"$1\"\n"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Saved \(home.path)/trackers/water.yaml.\n")
        XCTAssertEqual(file, "extends: core/water\ngoal: { at_least: 6 }\n")
        XCTAssertTrue(HavenProcess.run(["show", "water", "--json"], environment: ["HAVEN_HOME": home.path]).stdout
            .contains("\"at_least\": 6"))
    }

    func testABrokenEditIsShownAndDiscardedOrEditedAgain() {
        let broken = editor("broken", "echo 'goal: lots' >> \"$1\"\n")
        let discarded = configure(editor: broken, input: "d\n")
        XCTAssertEqual(discarded.status, 65)
        XCTAssertTrue(discarded.stderr.contains("water.yaml:2:7: error:"), discarded.stderr)
        XCTAssertTrue(discarded.stderr.hasSuffix("haven: error: discarded; \(home.path)/trackers/water.yaml is as it "
            + "was\n"), discarded.stderr)
        XCTAssertEqual(discarded.stdout, "Edit again (e) or discard (d)? ")
        XCTAssertEqual(file, "extends: core/water\n")
        // Broken the first time, mended the second: saved.
        let mending = editor("mending", """
            if [ -f "$0.done" ]; then sed -i 's/goal: lots/goal: { at_least: 9 }/' "$1"; \
            else echo 'goal: lots' >> "$1"; touch "$0.done"; fi

            """)
        let saved = configure(editor: mending, input: "e\n")
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(saved.stdout, "Edit again (e) or discard (d)? Saved \(home.path)/trackers/water.yaml.\n")
        XCTAssertEqual(file, "extends: core/water\ngoal: { at_least: 9 }\n")
    }

    func testAPackTrackerIsRefusedWithWhatToDo() {
        home.write(["packs/mine/pack.yaml": "name: Mine\n", "packs/mine/trackers/read.yaml": "name: Read\n"])
        let result = HavenProcess.run(["configure", "read"], environment: ["HAVEN_HOME": home.path, "EDITOR": "true"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: 'read' comes from the pack 'mine'; its file is the pack's. Copy it "
            + "into your trackers folder (haven show read prints it) to change it\n")
    }
}
