import Foundation
import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// The YAML examples in the README are real: each block that opens with a
/// `# folder/file.yaml` comment (and each Lua block that opens with
/// `-- hooks/file.lua`) is written to a home and must load cleanly.
final class ReadmeExampleTests: XCTestCase {
    func testEveryReadmeExampleLoadsWithoutDiagnostics() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
        var files: [String: String] = [:]
        for block in blocks {
            guard block.hasPrefix("# ") else { continue }
            let path = String(block.dropFirst(2).prefix { $0 != ":" && $0 != " " && $0 != "\n" })
            files[path] = block
        }
        for block in readme.components(separatedBy: "```lua\n").dropFirst()
            .compactMap({ $0.components(separatedBy: "```").first }) where block.hasPrefix("-- hooks/") {
            files[String(block.dropFirst(3).prefix { $0 != "\n" })] = block
        }
        XCTAssertEqual(files.keys.sorted(), ["hooks/noalc.lua", "levels/noalc.yaml", "pack.yaml", "practices/evening.yaml",
                                             "rewards/joker.yaml", "trackers/evening-wine.yaml", "trackers/gym.yaml", "trackers/noalc.yaml",
                                             "trackers/water.yaml"])
        let home = TemporaryDirectory().write(files)
        home.write(["hooks/wine.lua": "-- the evening-wine example names a hooks file\n",
                    "trackers/meditation.yaml": "extends: core/meditation\n"])
        let catalog = Load.home(home.path)
        XCTAssertEqual(catalog.diagnostics.map(\.rendered), [])
        XCTAssertEqual(catalog.trackers.map(\.id), ["evening-wine", "gym", "meditation", "noalc", "water"])
        // The practice file: a breathing pattern, a sitting, two rounds of stretches, a closing.
        XCTAssertEqual(catalog.practice("evening").map { PracticeTimeline($0.phases).total },
                       4 * 19_000 + 600_000 + 2 * 40_000 + 60_000)
        XCTAssertEqual(catalog.tracker("gym")?.streak?.rolling, 7)
        XCTAssertEqual(catalog.tracker("gym")?.streak?.times, 3)
        XCTAssertEqual(catalog.tracker("evening-wine")?.freezes, .init(start: 1, max: 3, perMonth: 1))
        XCTAssertEqual(catalog.packs.first { $0.location.kind == .local }?.manifest.checkinAt, TimeOfDay("21:00"))
    }
}
