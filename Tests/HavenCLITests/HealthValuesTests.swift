import Foundation
import TestSupport
import XCTest

/// Health values people can use (#27, item 10): water in millilitres (its
/// `health: { unit: mL, per: 250 }`, the number the import uses too), and
/// Mood as Apple Health's State of Mind valence, -1 to 1.
final class HealthValuesTests: XCTestCase {
    private let water = "HKQuantityTypeIdentifierDietaryWater"

    func testWaterExportsMillilitresAndMoodItsValence() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/mood.yaml": "extends: core/mood\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00")
        haven.run(["log", "water", "+2", "--at", "2026-03-10 08:00"])
        haven.run(["log", "mood", "good", "--at", "2026-03-09 20:00"])
        haven.run(["log", "mood", "awful", "--at", "2026-03-10 20:00"])
        let rows = haven.run(["export", "health"]).stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows.map { $0.count > 36 && $0.dropFirst(36).hasPrefix(",") ? "UUID" + $0.dropFirst(36) : $0 }, [
            "uuid,tracker,day,time,type,unit,value",
            "UUID,mood,2026-03-09,2026-03-09T20:00:00Z,HKStateOfMind,valence,0.5",
            "UUID,mood,2026-03-10,2026-03-10T20:00:00Z,HKStateOfMind,valence,-1",
            "UUID,water,2026-03-10,2026-03-10T08:00:00Z,\(water),mL,500",
            "",
        ])
    }

    func testTheImportTakesTheWaterTrackersOwnGlass() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\nhealth: { per: 330 }\n"])
        let folder = TemporaryDirectory()
        try AppleHealthFixture.document(AppleHealthFixture.record(water, source: "WaterMinder",
                                                                  start: "2026-03-10 08:00:00 +0000", value: "660",
                                                                  unit: "mL"))
            .write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        let haven = HavenRun(home: home.path, now: "2026-03-10 21:00", directory: folder.path)
        haven.expect(["import", "apple-health", "export.xml", "--dry-run", "--json"], stdout: nil)
        haven.expect(["import", "apple-health", "export.xml"], stdout: nil)
        haven.expect(["entries", "water", "--days", "1"], stdout: "#1   2026-03-10 08:00   day 2026-03-10   2\n")
        // --ml-per-unit still wins.
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\nhealth: { per: 330 }\n"])
        let again = HavenRun(home: other.path, now: "2026-03-10 21:00", directory: folder.path)
        again.expect(["import", "apple-health", "export.xml", "--ml-per-unit", "220"], stdout: nil)
        again.expect(["entries", "water", "--days", "1"], stdout: "#1   2026-03-10 08:00   day 2026-03-10   3\n")
    }
}
