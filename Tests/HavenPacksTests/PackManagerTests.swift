import Foundation
import HavenConfig
import HavenCore
import HavenPacks
import TestSupport
import XCTest

/// The pack manager in process: a home in a temporary folder and a catalog
/// source that loads what the home holds, without the runtime.
final class PackManagerTests: XCTestCase {
    /// What the runtime answers for a real home, answered from the folders alone.
    private struct FolderSource: PackCatalogSource {
        let home: PackHome
        let core: String
        let havenVersion = "1.0.0"

        var catalog: Catalog { CatalogLoader.load(locations(currentDirectory: "/"), havenVersion: havenVersion) }
        func locations(currentDirectory: String) -> [PackLocation] {
            home.locations(core: PackLocation(id: "core", root: core, display: "core", kind: .builtin))
        }
        func everything(currentDirectory: String) -> Catalog { catalog }
        func problems(in catalog: Catalog, packs: Set<String>) -> [Diagnostic] { catalog.diagnostics }
        func hookPoints(in reference: HookReference) -> [String] { ["on_log"] }
    }

    private var root: TemporaryDirectory!
    private var sources: TemporaryDirectory!
    private var manager: PackManager!
    private var home: PackHome!

    override func setUp() {
        root = TemporaryDirectory()
        sources = TemporaryDirectory().write([
            "calm/pack.yaml": "name: Calm\nid: calm\nversion: \"1.2.0\"\n",
            "calm/trackers/tea.yaml": "name: Tea\n",
            "calm/trackers/breath.yaml": "name: Breath\nhooks: hooks/breath.lua\n",
            "calm/hooks/breath.lua": "function on_log(entry) end\n",
            "core/pack.yaml": "name: Core\n",
        ])
        home = PackHome(root: root.path, display: "~/haven", packs: root.path + "/packs")
        manager = PackManager(home: home, source: FolderSource(home: home, core: sources.path + "/core"))
    }

    func testAFolderIsStagedTrustedInstalledListedAndRemoved() throws {
        let staged = try manager.stage("calm", as: nil, currentDirectory: sources.path)
        XCTAssertEqual(staged.summary.id, "calm")
        XCTAssertEqual(staged.summary.version, "1.2.0")
        XCTAssertEqual(staged.summary.trackers, ["breath", "tea"])
        XCTAssertEqual(staged.summary.hooks.map { "\($0.file): \($0.points)" }, ["hooks/breath.lua: [\"on_log\"]"])
        // Staging changes nothing in the home but its staging folder.
        XCTAssertEqual(try manager.installed().map(\.id), [])

        try manager.install(staged)
        let installed = try manager.installed()
        XCTAssertEqual(installed.map(\.id), ["calm"])
        XCTAssertEqual(installed.map(\.locked), [true])
        XCTAssertEqual(installed.map(\.sourceKind), [.folder])
        XCTAssertEqual(try manager.lockedIds(), ["calm"])
        XCTAssertEqual(try String(contentsOfFile: root.path + "/packs/calm/trackers/tea.yaml", encoding: .utf8), "name: Tea\n")
        // Trusted at install: the pack loads with its hooks.
        XCTAssertEqual(FolderSource(home: home, core: sources.path + "/core").catalog.tracker("breath")?.hooks?.display,
                       "~/haven/packs/calm/hooks/breath.lua")

        // The same pack again is refused, naming the home.
        XCTAssertThrowsError(try manager.stage("calm", as: nil, currentDirectory: sources.path)) { error in
            XCTAssertEqual(error as? PackError, .alreadyInstalled(id: "calm", home: "~/haven"))
        }

        let removal = try manager.planRemoval(of: "calm")
        XCTAssertEqual(removal.trackers, ["breath", "tea"])
        try manager.remove(removal)
        XCTAssertEqual(try manager.installed().map(\.id), [])
        XCTAssertEqual(try manager.lockedIds(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + "/packs/calm"))
    }

    func testRefusalsAreTypedFacts() {
        XCTAssertThrowsError(try manager.stage("nowhere", as: nil, currentDirectory: sources.path)) { error in
            XCTAssertEqual(error as? PackError, .sourceNotFound("nowhere"))
        }
        XCTAssertThrowsError(try manager.planRemoval(of: "calm")) { error in
            XCTAssertEqual(error as? PackError, .notInstalled("calm"))
        }
        XCTAssertThrowsError(try manager.stage("calm.tar.gz", as: nil, link: true, currentDirectory: sources.path)) { error in
            XCTAssertEqual(error as? PackError, .linkNeedsFolder(source: "calm.tar.gz", isArchive: true))
        }
        root.write(["packs.lock": "{not json"])
        XCTAssertThrowsError(try manager.installed()) { error in
            guard case .lockUnreadable(let lock, .unreadable)? = error as? PackError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(lock, "~/haven/packs.lock")
        }
    }
}
