import HavenCore
import HavenInsights
import XCTest

/// The weekday × hour grid of SPEC §16, over entries of known shape.
final class HourGridTests: XCTestCase {
    /// An entry at `local` ("YYYY-MM-DD HH:MM", at `offset` seconds east of UTC) counted for `day`.
    private func entry(_ local: String, day: String? = nil, offset: Int = 0, number: Double = 1) -> Entry {
        let date = Day(String(local.prefix(10)))!
        let hour = Int(local.dropFirst(11).prefix(2))!, minute = Int(local.suffix(2))!
        let seconds = Int64(date.number) * 86_400 + Int64(hour * 3600 + minute * 60) - Int64(offset)
        return Entry(tracker: "t", instant: seconds * 1000, zone: "UTC", offset: offset, day: Day(day ?? String(local.prefix(10)))!,
                     value: .number(number), writtenAt: seconds * 1000)
    }

    func testThirtyTuesdayAfternoonsAndTenFridayNights() {
        // 2026-03-03 is a Tuesday, 2026-03-06 a Friday.
        var entries: [Entry] = []
        for week in 0..<10 {
            let tuesday = Day("2026-03-03")!.adding(days: 7 * week), friday = tuesday.adding(days: 3)
            for minute in [10, 25, 45] { entries.append(entry("\(tuesday) 16:\(minute)")) }
            entries.append(entry("\(friday) 22:10"))
        }
        let grid = HourGrid(entries, amounts: false)
        XCTAssertEqual(grid[.tue, 16], 30)
        XCTAssertEqual(grid[.fri, 22], 10)
        XCTAssertEqual(grid.total, 40)
        XCTAssertEqual(grid.busiest(3).map { "\($0.weekday) \($0.hour) \($0.value)" }, ["tue 16 30.0", "fri 22 10.0"])
        var spread = grid
        spread.add(day: Day("2026-03-02")!.number, minute: 9 * 60, value: 1)
        XCTAssertEqual(spread.busiest(3).count, 2, "a cell with one entry is no pattern")
        XCTAssertEqual(grid.blocks[1][4], 30, "Tuesday 16–20 h")
        XCTAssertEqual(grid.blocks[4][5], 10, "Friday 20–24 h")
    }

    func testAnEntryAfterMidnightCountsOnTheEveningsWeekdayAtItsOwnHour() {
        // 01:00 on Wednesday 2026-03-04, on an 18:00-boundary tracker: Tuesday's day.
        let grid = HourGrid([entry("2026-03-04 01:00", day: "2026-03-03")], amounts: false)
        XCTAssertEqual(grid[.tue, 1], 1)
        XCTAssertEqual(grid.total, 1)
    }

    func testAClockChangeDayHasNoHourMissingOrDoubled() {
        // Europe/Berlin, 2026-03-29: 01:30 at +01:00, 03:30 at +02:00 (02:xx does not exist).
        let spring = [entry("2026-03-29 01:30", offset: 3600), entry("2026-03-29 03:30", offset: 7200)]
        let grid = HourGrid(spring, amounts: false)
        XCTAssertEqual(grid[.sun, 1], 1)
        XCTAssertEqual(grid[.sun, 2], 0)
        XCTAssertEqual(grid[.sun, 3], 1)
        // 2026-10-25: 02:30 happens twice, at +02:00 and at +01:00; both are hour 2.
        let autumn = [entry("2026-10-25 02:30", offset: 7200), entry("2026-10-25 02:30", offset: 3600)]
        XCTAssertEqual(HourGrid(autumn, amounts: false)[.sun, 2], 2)
    }

    func testACountTrackerAddsItsAmounts() {
        let grid = HourGrid([entry("2026-03-03 09:00", number: 3), entry("2026-03-03 09:40", number: 2)], amounts: true)
        XCTAssertEqual(grid[.tue, 9], 5)
    }
}
