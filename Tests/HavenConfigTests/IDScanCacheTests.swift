import Foundation
import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// The cache that spares a one-tracker command from reading every tracker
/// file (#31 item 1): each change to a file that feeds it (touch, edit,
/// add, remove, a pack installed) is seen at once, the definition is never
/// stale, and a file changed within two seconds of being read is read again.
final class IDScanCacheTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var packs: TemporaryDirectory!
    private var cachePath: String { home.path + "/tracker-ids.cache" }
    /// Ten seconds after now: every file is settled (a test need not wait).
    private let later = Int64(Date().timeIntervalSince1970 * 1e9) + 10_000_000_000

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/walk.yaml": "name: Walk\n",
            "trackers/read.yaml": "name: Read   # valid: not an id\n",
        ])
        packs = TemporaryDirectory()
    }

    private func load(_ id: String, now: Int64? = nil, withPack: Bool = false) -> (Catalog, IDScanCache) {
        let cache = IDScanCache(path: cachePath, now: now ?? later)
        var locations = [PackLocation(id: "core", root: Repository.corePack, display: "core", kind: .builtin)]
        if withPack { locations.append(PackLocation(id: "calm", root: packs.path + "/calm", display: "calm", kind: .installed)) }
        locations.append(PackLocation(id: "local", root: home.path, display: "", kind: .local))
        let catalog = CatalogLoader.load(locations, havenVersion: "0.1.0", scope: .tracker(id), idCache: cache)
        cache.save()
        return (catalog, cache)
    }

    /// The files the cache remembers, each with whether it may declare an id.
    private func remembered() throws -> [String: String] {
        let text = try String(contentsOfFile: cachePath, encoding: .utf8)
        var files: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t")
            files[(String(fields[6]) as NSString).lastPathComponent] = String(fields[5])
        }
        return files
    }

    func testEachChangeIsSeenAndNoDefinitionIsStale() throws {
        // core/pack.yaml, water.yaml, presets/water.yaml, and read.yaml ("valid:" might be "id:").
        XCTAssertEqual(load("water").0.filesRead, 4)
        XCTAssertEqual(try remembered(), ["walk.yaml": "0", "read.yaml": "1"])
        // Remembered: walk.yaml is not read again; read.yaml, which may declare an id, is.
        XCTAssertEqual(load("water").0.filesRead, 4)

        // An edit: walk.yaml now declares the id, and the two clash.
        home.write(["trackers/walk.yaml": "id: water\nname: Walk\n"])
        let clash = load("water").0
        XCTAssertEqual(clash.diagnostics.map(\.message).first?.hasPrefix("tracker id 'water' is already used by"), true)
        XCTAssertEqual(try remembered()["walk.yaml"], "1")

        // A removal: water.yaml goes, and walk.yaml's definition is the one served.
        try FileManager.default.removeItem(atPath: home.path + "/trackers/water.yaml")
        XCTAssertEqual(load("water").0.tracker("water")?.name.resolve("en"), "Walk")

        // A touch with the same bytes: read again, still the same answer.
        home.write(["trackers/walk.yaml": "name: Walk\n"])
        XCTAssertNil(load("water").0.tracker("water"))
        let before = try remembered()
        XCTAssertEqual(utimensat(AT_FDCWD, home.path + "/trackers/walk.yaml", nil, 0), 0)
        XCTAssertNil(load("water").0.tracker("water"))
        XCTAssertEqual(try remembered(), before)

        // An addition: a new file declares the id.
        home.write(["trackers/hydrate.yaml": "id: water\nname: Hydrate\n"])
        XCTAssertEqual(load("water").0.tracker("water")?.name.resolve("en"), "Hydrate")
        XCTAssertEqual(try remembered()["hydrate.yaml"], "1")

        // A file replaced by another with the same size and times (a new inode) is read again.
        let path = home.path + "/trackers/hydrate.yaml"
        home.write(["hydrate.new": "id: other\nname: Hydrate\n"])
        XCTAssertEqual(rename(home.path + "/hydrate.new", path), 0)
        XCTAssertNil(load("water").0.tracker("water"))

        // Removed files are forgotten.
        try FileManager.default.removeItem(atPath: path)
        _ = load("water")
        XCTAssertNil(try remembered()["hydrate.yaml"])
    }

    func testAPackInstalledBringsItsTrackersIn() throws {
        _ = load("tea")
        packs.write(["calm/pack.yaml": "name: Calm\nid: calm\nversion: \"1.0.0\"\n",
                     "calm/trackers/evening-tea.yaml": "id: tea\nname: Tea\n"])
        XCTAssertEqual(load("tea", withPack: true).0.tracker("tea")?.origin.pack, "calm")
        XCTAssertEqual(try remembered()["evening-tea.yaml"], "1")
    }

    func testAFileChangedWithinTwoSecondsOfItsReadIsNotRemembered() throws {
        // Now is the moment the files were written: a coarse clock could not tell a later edit apart.
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        _ = load("water", now: now)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cachePath), "nothing settled, nothing written")
        _ = load("water")
        XCTAssertEqual(try remembered(), ["walk.yaml": "0", "read.yaml": "1"])
        // A cache that cannot be read costs only the reads it saves.
        try Data("not a cache".utf8).write(to: URL(fileURLWithPath: cachePath))
        XCTAssertEqual(load("water").0.tracker("water")?.id, "water")
        XCTAssertEqual(try remembered(), ["walk.yaml": "0", "read.yaml": "1"])
    }

    /// A line that does not read (a field past 19 digits, a sign, a flag
    /// other than 0 or 1, too few fields) is its file scanned again and the
    /// line written anew, never a wrong answer; the lines beside it count.
    func testALineThatDoesNotReadIsItsFileScannedAgain() throws {
        _ = load("water")
        let text = try String(contentsOfFile: cachePath, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        guard let walk = lines.firstIndex(where: { $0.hasSuffix("/walk.yaml") }) else { return XCTFail(text) }
        let fields = lines[walk].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        var broken: [String] = []
        for (index, value) in [(2, "12345678901234567890"), (1, "-1"), (3, ""), (5, "2"), (4, "x7")] {
            var changed = fields
            changed[index] = value
            broken.append(changed.joined(separator: "\t"))
        }
        broken.append(fields.prefix(6).joined(separator: "\t"))
        for line in broken {
            var changed = lines
            changed[walk] = line
            try Data((changed.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: cachePath))
            XCTAssertEqual(load("water").0.tracker("water")?.id, "water")
            XCTAssertEqual(try String(contentsOfFile: cachePath, encoding: .utf8), text, "after \(line)")
        }
    }
}
