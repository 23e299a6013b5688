import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// The `live` scope parses the live trackers and only what they refer to.
final class LiveScopeTests: XCTestCase {
    private func load(_ home: TemporaryDirectory, scope: CatalogLoader.Scope) -> Catalog {
        CatalogLoader.load([
            PackLocation(id: "core", root: Repository.corePack, display: "core", kind: .builtin),
            PackLocation(id: "local", root: home.path, display: "", kind: .local),
        ], havenVersion: "0.1.0", scope: scope)
    }

    func testOnlyReferencedFilesAreParsed() {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let live = load(home, scope: .live)
        XCTAssertEqual(live.trackers.map(\.id), ["noalc"])
        XCTAssertEqual(live.trackers.first?.levels?.levels.map(\.key), ["steady", "easy", "wild"])
        // core/pack.yaml, trackers/noalc.yaml, presets/noalc.yaml, levels/noalc.yaml, rewards/joker.yaml
        XCTAssertEqual(live.filesRead, 5)
        XCTAssertEqual(live.presetNames.count, 17)
        XCTAssertEqual(Array(live.levelSets.keys), ["core/noalc"])
        XCTAssertEqual(load(home, scope: .everything).filesRead, 23)
    }

    func testABrokenUnusedPresetDoesNotSlowOrStopTheLiveTrackers() {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "presets/broken.yaml": "name: [\n",
        ])
        XCTAssertEqual(load(home, scope: .live).diagnostics, [])
        XCTAssertEqual(load(home, scope: .everything).diagnostics.map(\.file), ["presets/broken.yaml"])
    }

    func testABrokenExtendedPresetIsReportedInTheLiveScopeToo() {
        let home = TemporaryDirectory().write([
            "trackers/mine.yaml": "extends: broken\n",
            "presets/broken.yaml": "name: X\ninput: countr\n",
        ])
        let live = load(home, scope: .live)
        XCTAssertEqual(live.diagnostics.map(\.message), ["unknown input 'countr' (did you mean 'count'?)"])
        XCTAssertEqual(live.skipped, ["presets/broken.yaml", "trackers/mine.yaml"])
    }
}
