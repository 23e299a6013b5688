import Foundation
@testable import HavenSystem
import XCTest

/// `LocalZone` finds the zone `TimeZone.current` finds, by name (D321).
final class LocalZoneTests: XCTestCase {
    func testTZNamingAZoneIsThatZone() {
        XCTAssertEqual(LocalZone.zone(tz: "Europe/Berlin", localtime: "/usr/share/zoneinfo/Etc/UTC")?.identifier,
                       "Europe/Berlin")
        XCTAssertEqual(LocalZone.zone(tz: "Etc/GMT+5", localtime: nil)?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)),
                       -18_000)
    }

    func testTZThatNamesNoZoneFallsToTheLocaltimeLink() {
        XCTAssertEqual(LocalZone.zone(tz: ":America/New_York", localtime: "/usr/share/zoneinfo/Etc/UTC")?.identifier, "Etc/UTC")
        XCTAssertEqual(LocalZone.zone(tz: "", localtime: "../usr/share/zoneinfo/Asia/Tokyo")?.identifier, "Asia/Tokyo")
        XCTAssertEqual(LocalZone.zone(tz: nil, localtime: "/usr/share/zoneinfo/America/New_York")?.identifier,
                       "America/New_York")
    }

    func testWhatNamesNoZoneIsLeftToFoundation() {
        XCTAssertNil(LocalZone.zone(tz: nil, localtime: nil))
        XCTAssertNil(LocalZone.zone(tz: "Nowhere/Land", localtime: "/etc/zone"))
        XCTAssertNil(LocalZone.zone(tz: "/usr/share/zoneinfo/Asia/Tokyo", localtime: "/usr/share/zoneinfo/Nowhere/Land"))
    }

    func testThisProcessGetsTheZoneFoundationGives() {
        XCTAssertEqual(LocalZone.current.identifier, TimeZone.current.identifier)
    }
}
