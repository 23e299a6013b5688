import HavenCore
import XCTest

/// Lengths as practice files and the practice commands take them.
final class DurationTextTests: XCTestCase {
    func testLengthsWithTheirUnits() {
        XCTAssertEqual(DurationText.milliseconds("30s"), 30_000)
        XCTAssertEqual(DurationText.milliseconds("10m"), 600_000)
        XCTAssertEqual(DurationText.milliseconds("1h"), 3_600_000)
        XCTAssertEqual(DurationText.milliseconds("1h30m"), 5_400_000)
        XCTAssertEqual(DurationText.milliseconds("1m30s"), 90_000)
        XCTAssertEqual(DurationText.milliseconds("2.5m"), 150_000)
        XCTAssertEqual(DurationText.milliseconds("5.5s"), 5_500)
    }

    func testWhatIsNoLength() {
        for text in ["", "10", "m", "10x", "30s1m", "1m1m", "1h30", "-5m", "1e3s", "1..5m", "12345678901h"] {
            XCTAssertNil(DurationText.milliseconds(text), text)
        }
    }
}
