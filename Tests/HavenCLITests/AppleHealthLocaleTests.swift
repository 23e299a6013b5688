import Foundation
import HavenCore
import TestSupport
import XCTest

/// An Apple Health export as people's phones write it (#29 item 7): a
/// localised one names its XML in the phone's language, and a drink count
/// may be fractional; both import.
final class AppleHealthLocaleTests: XCTestCase {
    private let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"

    func testALocalisedExportIsFoundByItsContentAndHalfADrinkIsKept() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let body = [("2026-10-01", "3.5"), ("2026-10-02", "2"), ("2026-10-03", "5.5")].map { day, value in
            AppleHealthFixture.record(drinks, source: "iPhone", start: "\(day) 00:00:00 +0200", value: value, unit: "count")
        }.joined()
        // The same records under three names: the first import takes them, the others find them there.
        for (index, name) in ["apple_health_export/exportar.xml", "apple_health_export/Export.xml",
                              "apple_health_export/eksport.xml"].enumerated() {
            let zip = home.path + "/export-\(index).zip"
            try AppleHealthFixture.zip(AppleHealthFixture.document(body), to: zip, as: name)
            let run = HavenRun(home: home.path, now: "2026-10-04 10:00", zone: "Europe/Madrid").run(["import", "apple-health", zip])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            let source = " from 3 records of \(drinks)\n"
            XCTAssertEqual(run.stdout, index == 0 ? "Imported 3 entries on 3 days from \(zip).\n  noalc: 3 entries" + source
                           : "Imported 0 entries on 0 days from \(zip); 3 entries were already here.\n  noalc: 0 entries"
                             + source, name)
        }
        let history = SQLite.run(home.path + "/haven.db", "SELECT day || ' ' || level FROM entry ORDER BY day")
        XCTAssertEqual(history, "2026-10-01 easy\n2026-10-02 steady\n2026-10-03 wild",
                       "3.5 drinks is past steady's 0–3: the next level up")
    }
}
