import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// The `live` scope parses the live trackers and only what they refer to;
/// the `tracker` scope one tracker, with the same result for it.
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
        // Every file: the 23 of packs and trackers and the core's 7 practices.
        XCTAssertEqual(load(home, scope: .everything).filesRead, 30)
        // `practice`'s scope: the live files and the practices.
        let practices = load(home, scope: .practices)
        XCTAssertEqual(practices.filesRead, 12)
        XCTAssertEqual(practices.practices.count, 7)
        XCTAssertEqual(practices.trackers.map(\.id), ["noalc"])
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

    func testTheTrackerScopeParsesOnlyFilesThatCanHoldTheID() {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "name: Stretch\n",
            "trackers/broken.yaml": "name: [\n",
            "trackers/avoid.yaml": "name: Avoid sugar   # valid: no id key here\nmode: avoidance\ntype: saboteur\n",
        ])
        let one = load(home, scope: .tracker("water"))
        XCTAssertEqual(one.trackers.map(\.id), ["water"])
        XCTAssertEqual(one.trackers, load(home, scope: .live).trackers.filter { $0.id == "water" })
        // core/pack.yaml, trackers/water.yaml, trackers/avoid.yaml ("valid:" might be "id:"), presets/water.yaml
        XCTAssertEqual(one.filesRead, 4)
        // A broken file that cannot be the tracker is not this command's concern.
        XCTAssertEqual(one.diagnostics, [])
        XCTAssertEqual(one.skipped, [])
        XCTAssertEqual(load(home, scope: .tracker("stretching")).trackers.map { $0.name.resolve("en") }, ["Stretch"])
        XCTAssertEqual(load(home, scope: .tracker("nothing")).trackers, [])
    }

    func testTheTrackerScopeFindsAnIDSetInsideAnotherFileAndKeepsTheFirstOwner() {
        let home = TemporaryDirectory().write([
            "trackers/a-drink.yaml": "\"id\" : water\nname: First\n",
            "trackers/water.yaml": "name: Second\n",
            "trackers/b-tea.yaml": "{ \"i\\x64\": tea, name: Tea }\n",
        ])
        let one = load(home, scope: .tracker("water"))
        XCTAssertEqual(one.trackers.map { $0.name.resolve("en") }, ["First"])
        XCTAssertEqual(one.trackers, load(home, scope: .live).trackers.filter { $0.id == "water" })
        XCTAssertEqual(one.diagnostics.map(\.message),
                       ["tracker id 'water' is already used by trackers/a-drink.yaml; rename this file or set another 'id:'"])
        XCTAssertEqual(one.skipped, ["trackers/water.yaml"])
        XCTAssertEqual(load(home, scope: .tracker("tea")).trackers.map { $0.name.resolve("en") }, ["Tea"])
    }

    func testScopesCoverNarrowerOnes() {
        XCTAssertTrue(CatalogLoader.Scope.everything.covers(.live))
        XCTAssertTrue(CatalogLoader.Scope.live.covers(.tracker("water")))
        XCTAssertTrue(CatalogLoader.Scope.tracker("water").covers(.tracker("water")))
        XCTAssertFalse(CatalogLoader.Scope.tracker("water").covers(.tracker("tea")))
        XCTAssertFalse(CatalogLoader.Scope.tracker("water").covers(.live))
        XCTAssertFalse(CatalogLoader.Scope.live.covers(.everything))
    }
}
