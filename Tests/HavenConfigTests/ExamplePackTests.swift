import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// Every pack the repository ships loads with no diagnostics.
final class ExamplePackTests: XCTestCase {
    func testThereIsAtLeastOneExamplePack() {
        XCTAssertFalse(Repository.examplePacks.isEmpty)
    }

    func testEveryExamplePackLoadsCleanly() {
        for pack in Repository.examplePacks {
            let id = (pack as NSString).lastPathComponent
            let catalog = CatalogLoader.load([
                PackLocation(id: "core", root: Repository.corePack, display: "trackers", kind: .builtin),
                PackLocation(id: id, root: pack, display: "examples/\(id)", kind: .installed),
            ], havenVersion: "0.1.0")
            XCTAssertEqual(catalog.diagnostics.map(\.rendered), [], id)
            XCTAssertFalse(catalog.trackers.isEmpty && catalog.practices.isEmpty, "\(id) has no live trackers or practices")
        }
    }

    func testExamplePacksLoadTogetherWithoutClashes() {
        let locations = [PackLocation(id: "core", root: Repository.corePack, display: "trackers", kind: .builtin)]
            + Repository.examplePacks.map { pack in
                let id = (pack as NSString).lastPathComponent
                return PackLocation(id: id, root: pack, display: "examples/\(id)", kind: .installed)
            }
        XCTAssertEqual(CatalogLoader.load(locations, havenVersion: "0.1.0").diagnostics.map(\.rendered), [])
    }
}
