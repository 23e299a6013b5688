import Foundation
@testable import HavenRuntime
import XCTest

/// Local times typed with `--at` or `HAVEN_NOW` resolve by the zone's
/// offsets alone, to the instant Foundation's Calendar gives: a time in a
/// spring-forward gap moves on by the gap, a repeated time is its first
/// occurrence (SPEC §3).
final class TimeInputTests: XCTestCase {
    func testEveryQuarterHourAroundEveryChangeMatchesCalendar() throws {
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata",
                     "Pacific/Apia", "America/St_Johns", "UTC"]
        var checked = 0
        for name in zones {
            let zone = try XCTUnwrap(TimeZone(identifier: name))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            // Each change of offset from 2009 to 2027, and the two days around it.
            var instant = Date(timeIntervalSince1970: 1_230_768_000)
            let end = Date(timeIntervalSince1970: 1_830_000_000)
            var days: [Date] = [instant]
            while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < end {
                days.append(next)
                instant = next
            }
            for change in days {
                for quarter in -8 * 4...8 * 4 {
                    // The local wall-clock time, as UTC fields read in the zone.
                    let shown = change.addingTimeInterval(Double(quarter * 900))
                    let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: shown)
                    for minute in [fields.minute!, (fields.minute! + 7) % 60] {
                        var typed = fields
                        typed.minute = minute
                        typed.second = 0
                        let expected = try XCTUnwrap(calendar.date(from: typed))
                        let local = Int64(try XCTUnwrap(utc.date(from: typed)).timeIntervalSince1970)
                        XCTAssertEqual(TimeInput.instant(local: local, zone: zone), Int64(expected.timeIntervalSince1970),
                                       "\(name) \(typed)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    func testTheTextReadsAsBefore() throws {
        let berlin = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        func iso(_ text: String) -> String? {
            TimeInput.parse(text, zone: berlin).map { ISO8601DateFormatter().string(from: $0) }
        }
        XCTAssertEqual(iso(" 2026-03-29 02:30\t"), "2026-03-29T01:30:00Z", "in the gap: moved on by an hour")
        XCTAssertEqual(iso("2026-10-25 02:30"), "2026-10-25T00:30:00Z", "repeated: the first one")
        XCTAssertEqual(iso("2026-03-01T21:30:15+01:00"), "2026-03-01T20:30:15Z")
        XCTAssertEqual(iso("2026-03-01 21:30Z"), "2026-03-01T21:30:00Z")
        XCTAssertNil(iso("2026-03-01 24:00"))
        XCTAssertNil(iso("2026-03-01"))
        XCTAssertNil(iso("2026-03-01 21:30 x"))
    }
}
