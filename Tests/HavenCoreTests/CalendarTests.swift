import Foundation
import HavenCore
import XCTest

/// Day numbers, periods and day assignment (SPEC §3): calendar arithmetic,
/// never 86,400-second steps.
final class CalendarTests: XCTestCase {
    func testDayNumbersRoundTripAcrossCenturiesAndLeapDays() {
        XCTAssertEqual(Day("1970-01-01")!.number, 0)
        XCTAssertEqual(Day("2000-03-01")!.number - Day("2000-02-28")!.number, 2)
        XCTAssertEqual(Day("1900-03-01")!.number - Day("1900-02-28")!.number, 1)
        for n in stride(from: Day("1900-01-01")!.number, through: Day("2100-12-31")!.number, by: 17) {
            XCTAssertEqual(Day(number: n).number, n)
        }
        XCTAssertEqual(Day(number: Day("2026-02-28")!.number + 1).description, "2026-03-01")
        XCTAssertEqual(Day("2026-06-01")!.weekday, .mon)
        XCTAssertEqual(Day("2026-11-22")!.weekday, .sun)
    }

    func testPeriodStarts() {
        let monday = EngineRules(measure: .presence, period: .week)
        let sunday = EngineRules(measure: .presence, period: .week, weekStart: .sunday)
        let month = EngineRules(measure: .presence, period: .month)
        let rows: [(String, EngineRules, String, String)] = [
            ("Wednesday, Monday weeks", monday, "2026-06-03", "2026-06-01"),
            ("Sunday, Monday weeks", monday, "2026-06-07", "2026-06-01"),
            ("Sunday, Sunday weeks", sunday, "2026-06-07", "2026-06-07"),
            ("Saturday, Sunday weeks", sunday, "2026-06-06", "2026-05-31"),
            ("month", month, "2026-02-28", "2026-02-01"),
        ]
        for (name, rules, day, start) in rows {
            XCTAssertEqual(Day(number: rules.periodStart(Day(day)!.number)).description, start, name)
        }
        XCTAssertEqual(Day(number: month.nextPeriod(Day("2026-02-01")!.number)).description, "2026-03-01")
        XCTAssertEqual(Day(number: month.nextPeriod(Day("2024-02-01")!.number)).description, "2024-03-01")
        XCTAssertEqual(Day(number: monday.nextPeriod(Day("2026-12-28")!.number)).description, "2027-01-04")
        XCTAssertEqual(Day(number: month.periodStart(Day("2026-03-31")!.number, back: 14)).description, "2025-01-01")
    }

    /// A period `back` periods before, in one step, is where stepping back period by period lands.
    func testPeriodsBackAreStepsBack() {
        let all = [EngineRules(measure: .presence), EngineRules(measure: .presence, period: .week),
                   EngineRules(measure: .presence, period: .week, weekStart: .sunday),
                   EngineRules(measure: .presence, period: .month)]
        for rules in all {
            for n in stride(from: Day("2023-12-25")!.number, through: Day("2024-03-05")!.number, by: 3) {
                var stepped = rules.periodStart(n)
                for back in 0...40 {
                    XCTAssertEqual(rules.periodStart(n, back: back), stepped, "\(rules.period) \(Day(number: n)) back \(back)")
                    stepped = rules.periodStart(stepped - 1)
                }
            }
        }
    }

    private func day(_ local: String, _ zone: String, boundary: String = "00:00") -> String {
        let tz = TimeZone(identifier: zone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let parts = local.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2],
                                                      hour: parts[3], minute: parts[4]))!
        let ms = Int64(date.timeIntervalSince1970 * 1000)
        return DayAssignment.day(instant: ms, offset: tz.secondsFromGMT(for: date),
                                 boundary: TimeOfDay(boundary)!).description
    }

    func testDayBoundaryTable() {
        let rows: [(String, String, String)] = [
            ("2026-03-10 00:00", "18:00", "2026-03-09"),
            ("2026-03-10 09:00", "18:00", "2026-03-09"),
            ("2026-03-10 17:59", "18:00", "2026-03-09"),
            ("2026-03-10 18:00", "18:00", "2026-03-10"),
            ("2026-03-10 23:00", "18:00", "2026-03-10"),
            ("2026-03-10 02:30", "04:00", "2026-03-09"),
            ("2026-03-10 00:00", "00:00", "2026-03-10"),
        ]
        for (local, boundary, expected) in rows {
            XCTAssertEqual(day(local, "UTC", boundary: boundary), expected, "\(local) with \(boundary)")
        }
    }

    func testDaylightSavingDaysAreOrdinaryDays() {
        // Berlin springs forward on 2026-03-29 (02:00 → 03:00) and falls back on 2026-10-25.
        XCTAssertEqual(day("2026-03-29 01:30", "Europe/Berlin"), "2026-03-29")
        XCTAssertEqual(day("2026-03-29 03:30", "Europe/Berlin"), "2026-03-29")
        XCTAssertEqual(day("2026-03-29 23:59", "Europe/Berlin"), "2026-03-29")
        XCTAssertEqual(day("2026-03-30 00:00", "Europe/Berlin"), "2026-03-30")
        XCTAssertEqual(day("2026-10-25 02:30", "Europe/Berlin"), "2026-10-25")
        XCTAssertEqual(day("2026-03-29 17:59", "Europe/Berlin", boundary: "18:00"), "2026-03-28")
        // New York springs forward on 2026-03-08 and falls back on 2026-11-01 (01:00–02:00 twice).
        XCTAssertEqual(day("2026-03-08 03:00", "America/New_York"), "2026-03-08")
        XCTAssertEqual(day("2026-11-01 01:30", "America/New_York"), "2026-11-01")
        XCTAssertEqual(day("2026-11-01 23:30", "America/New_York"), "2026-11-01")
        XCTAssertEqual(day("2026-11-02 00:30", "America/New_York", boundary: "01:00"), "2026-11-01")
    }

    func testAnEntryKeepsTheDayOfItsOwnZone() {
        // 08:00 in Tokyo on March 1st is 18:00 on February 28th in New York.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tokyo
        let date = calendar.date(from: DateComponents(year: 2026, month: 3, day: 1, hour: 8))!
        let ms = Int64(date.timeIntervalSince1970 * 1000)
        XCTAssertEqual(DayAssignment.day(instant: ms, offset: tokyo.secondsFromGMT(for: date), boundary: .midnight),
                       Day("2026-03-01"))
        let newYork = TimeZone(identifier: "America/New_York")!
        XCTAssertEqual(DayAssignment.day(instant: ms, offset: newYork.secondsFromGMT(for: date), boundary: .midnight),
                       Day("2026-02-28"))
    }

    func testAStreakWalksThroughDaylightSavingChanges() {
        // Daily entries across both Berlin transitions: no day is lost or doubled.
        let rules = EngineRules(measure: .presence)
        let first = Day("2026-03-20")!.number, last = Day("2026-11-05")!.number
        var table = DayTable(first: first - 62, count: last - first + 63)
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        for n in first...last {
            let d = Day(number: n)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = berlin
            let date = calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day, hour: 21))!
            let assigned = DayAssignment.day(instant: Int64(date.timeIntervalSince1970 * 1000),
                                             offset: berlin.secondsFromGMT(for: date), boundary: .midnight)
            table.add(day: assigned.number)
        }
        let result = StreakEngine(rules: rules).walk(table, start: first, today: last)
        XCTAssertEqual(result.state.streak, last - first + 1)
    }
}
