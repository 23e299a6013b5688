import HavenCore
import XCTest

/// `YYYY-MM-DD` and `HH:MM` exactly, as files and the store write them.
final class DayTextTests: XCTestCase {
    func testDaysReadAndWriteTheirOwnText() {
        for text in ["2026-01-31", "1900-01-01", "9999-12-31", "2024-02-29"] {
            XCTAssertEqual(Day(text)?.description, text)
        }
        XCTAssertEqual(Day(year: 2026, month: 3, day: 7)?.description, "2026-03-07")
    }

    func testAnythingElseIsNotADay() {
        for text in ["", "2026-1-31", "2026-01-1", "2026/01/31", "2026-01-31 ", " 2026-01-31", "2026-13-01",
                     "2025-02-29", "1899-12-31", "2026-0a-01", "２０２６-01-31", "2026-01-3١", "+026-01-31"] {
            XCTAssertNil(Day(text), text)
        }
    }

    func testTimesOfDay() {
        XCTAssertEqual(TimeOfDay("04:00")?.minutes, 240)
        XCTAssertEqual(TimeOfDay("23:59")?.description, "23:59")
        XCTAssertEqual(TimeOfDay(hour: 7, minute: 5)?.description, "07:05")
        for text in ["24:00", "4:00", "04:0", "04-00", "04:60", "", "0400", "٠٤:00"] {
            XCTAssertNil(TimeOfDay(text), text)
        }
    }
}
