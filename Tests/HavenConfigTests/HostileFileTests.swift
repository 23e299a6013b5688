import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// Hostile files are refused with a clear error, and never
/// take the other trackers down.
final class HostileFileTests: XCTestCase {
    private func assertFile(_ bytes: [UInt8], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let home = TemporaryDirectory()
        home.write("trackers/t.yaml", bytes: bytes)
        home.write(["trackers/water.yaml": "extends: core/water\n"])
        let catalog = Load.home(home.path)
        XCTAssertEqual(catalog.diagnostics.map(\.rendered), expected, file: file, line: line)
        XCTAssertEqual(catalog.trackers.map(\.id), ["water"], "the other tracker still loads", file: file, line: line)
        XCTAssertEqual(catalog.skipped, ["trackers/t.yaml"], file: file, line: line)
    }

    func testAliasBomb() {
        var text = "name: X\na0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        assertFile(Array(text.utf8), [#"""
trackers/t.yaml:7:10: error: the document expands to more than 100000 nodes (an alias bomb?); use fewer aliases
    a5: &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]
             ^
"""#])
    }

    func testTenThousandDeepNesting() {
        let text = "name: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        assertFile(Array(text.utf8), [#"""
trackers/t.yaml:1:70: error: nesting is deeper than 64 levels; Haven files need only a few
    …\#(String(repeating: "[", count: 100))…
                                      ^
"""#])
    }

    func testFiveMebibyteFile() {
        let text = "name: X\n" + String(repeating: "# padding padding padding padding padding padding padding\n",
                                        count: 92_000)
        assertFile(Array(text.utf8), [
            "trackers/t.yaml: error: file is 5.1 MiB; a Haven YAML file may be at most 1.0 MiB",
        ])
    }

    func testInvalidUTF8() {
        assertFile(Array("name: Gr".utf8) + [0xFC] + Array("beln\n".utf8), [#"""
trackers/t.yaml:1:9: error: file is not valid UTF-8 (byte 0xFC); save it as UTF-8 text
    name: Gr\#u{FFFD}beln
            ^
"""#])
    }

    func testNulByteIsShownAsItsPicture() {
        assertFile(Array("name: X\nicon: a".utf8) + [0] + Array("b\n".utf8), [#"""
trackers/t.yaml:2:8: error: file contains a NUL byte; Haven YAML files must be UTF-8 text
    icon: a␀b
           ^
"""#])
    }

    func testSyntaxErrorSkipsOnlyThatFile() {
        assertFile(Array("name: [\n".utf8), [
            "trackers/t.yaml:2:1: error: did not find expected node content (while parsing a flow node at line 2)\n"
                + "    \n    ^",
        ])
    }

    func testOnAClashTheHomesOwnTrackerWinsAndThePacksIsSkippedNamingBoth() throws {
        let packs = TemporaryDirectory().write([
            "calm/pack.yaml": "name: Calm\n",
            "calm/trackers/water.yaml": "extends: core/water\nname: Calm water\n",
            "calm/trackers/tea.yaml": "extends: core/water\nname: Tea\n",
            "later/pack.yaml": "name: Later\n",
            "later/trackers/tea.yaml": "name: Other tea\n",
        ])
        let home = TemporaryDirectory().write(["trackers/water.yaml": "name: My water\ninput: count\n"])
        let catalog = Load.home(home.path, extra: [
            PackLocation(id: "calm", root: packs.path + "/calm", display: "packs/calm", kind: .installed),
            PackLocation(id: "later", root: packs.path + "/later", display: "packs/later", kind: .installed),
        ])
        XCTAssertEqual(catalog.diagnostics.map(\.rendered), [#"""
packs/calm/trackers/water.yaml:1:1: error: tracker id 'water' is already used by trackers/water.yaml in your home, which wins; this pack's tracker is skipped and nothing of yours changes
    extends: core/water
    ^
"""#, #"""
packs/later/trackers/tea.yaml:1:1: error: tracker id 'tea' is already used by packs/calm/trackers/tea.yaml; rename this file or set another 'id:'
    name: Other tea
    ^
"""#])
        XCTAssertEqual(catalog.trackers.map(\.origin.file), ["packs/calm/trackers/tea.yaml", "trackers/water.yaml"])
        XCTAssertEqual(catalog.tracker("water")?.name.resolve("en"), "My water")
    }

    func testIDClashWithExplicitIDPointsAtIt() {
        assertDiagnostics([
            "trackers/a.yaml": "name: A\n",
            "trackers/b.yaml": "id: a\nname: B\n",
        ], [#"""
trackers/b.yaml:1:5: error: tracker id 'a' is already used by trackers/a.yaml; rename this file or set another 'id:'
    id: a
        ^
"""#])
    }

    /// Many files are parsed on every core, each into its own slot: loading
    /// 1,500 files again and again never crashes and never loses one (a
    /// buffer written through an Array from several threads once corrupted
    /// the heap about one load in ten).
    func testThousandsOfFilesParseInParallelWithoutARace() {
        var files: [String: String] = [:]
        for index in 0 ..< 1500 { files["trackers/t\(index).yaml"] = "name: Tracker \(index)\ninput: count\n" }
        let home = TemporaryDirectory().write(files)
        for _ in 0 ..< 15 {
            let catalog = Load.home(home.path)
            XCTAssertEqual(catalog.trackers.count, 1500)
            XCTAssertEqual(catalog.diagnostics.count, 0)
        }
    }
}
