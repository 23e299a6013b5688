import HavenCore
@testable import HavenInsights
import XCTest

/// The days between relapses and when they cluster, for each kind of tracker that has them (SPEC §4.2, §16).
final class RelapseInsightsTests: XCTestCase {
    private let first = Day("2026-09-04")!

    func testAvoidanceCheckEveryEntryIsARelapse() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("smoking", type: .saboteur, mode: .avoidance), start: "2026-01-01")
        // Relapse days 0, 3, 4, 14, 34 of the range (a Friday first); two on day 4.
        for (offset, time) in [(0, "21:00"), (3, "22:30"), (4, "20:15"), (4, "23:50"), (14, "09:00"), (34, "21:10")] {
            host.log("smoking", first.adding(days: offset), time)
        }
        let r = try XCTUnwrap(try Insights(host: host).tracker("smoking", from: nil, to: nil, language: "en").relapses)
        XCTAssertEqual(r.moments, 6)
        XCTAssertEqual(r.days.map(\.number), [0, 3, 4, 14, 34].map { first.number + $0 })
        XCTAssertEqual(r.gaps.gaps, [3, 1, 10, 20])
        XCTAssertEqual(r.gaps.median, 6.5)
        XCTAssertEqual(r.gaps.longest, 20)
        // Day 0 and 14 are Fridays, 3 a Monday, 4 a Tuesday, 34 a Thursday.
        XCTAssertEqual(r.byWeekday, [1, 2, 0, 1, 2, 0, 0])
        XCTAssertEqual(r.byBlock, [0, 0, 1, 0, 0, 5])
    }

    func testAvoidanceLevelsCountTheLevelsThatAreNotASuccess() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("sugar", type: .saboteur, mode: .avoidance, input: .levels,
                       levels: [("none", .success), ("little", .grace), ("lots", .break)]), start: "2026-01-01")
        host.log("sugar", first, "10:00", level: "none")
        host.log("sugar", first.adding(days: 2), "10:00", level: "little")
        host.log("sugar", first.adding(days: 9), "15:00", level: "lots")
        let r = try XCTUnwrap(try Insights(host: host).tracker("sugar", from: nil, to: nil, language: "en").relapses)
        XCTAssertEqual(r.days.map(\.number), [first.number + 2, first.number + 9])
        XCTAssertEqual(r.gaps.gaps, [7])
    }

    func testAnAtMostTrackerRelapsesWithTheEntryThatGoesBeyondTheLimit() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("snacks", input: .count, goal: .atMost(2)), start: "2026-01-01")
        // Day 0: 1 + 1 stays within 2; day 1: 2 then 1 at 19:30 goes beyond (a relapse at 19:30), then 1 more (no second one).
        host.log("snacks", first, "10:00", number: 1)
        host.log("snacks", first, "15:00", number: 1)
        host.log("snacks", first.adding(days: 1), "12:00", number: 2)
        host.log("snacks", first.adding(days: 1), "19:30", number: 1)
        host.log("snacks", first.adding(days: 1), "21:00", number: 1)
        host.log("snacks", first.adding(days: 5), "08:00", number: 3)
        let r = try XCTUnwrap(try Insights(host: host).tracker("snacks", from: nil, to: nil, language: "en").relapses)
        XCTAssertEqual(r.moments, 2)
        XCTAssertEqual(r.days.map(\.number), [first.number + 1, first.number + 5])
        XCTAssertEqual(r.byBlock, [0, 0, 1, 0, 1, 0])
    }

    func testAWeeksLimitCountsTheWholeWeekEvenFromBeforeTheRange() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("takeaway", input: .count, goal: .atMost(2), period: .week), start: "2026-01-01")
        // The range starts on Friday 2026-09-04; its week began on Monday 2026-08-31 with 2 already.
        host.log("takeaway", Day("2026-08-31")!, "19:00", number: 2)
        host.log("takeaway", first, "19:00", number: 1)
        host.log("takeaway", first.adding(days: 3), "19:00", number: 2)
        let r = try XCTUnwrap(try Insights(host: host).tracker("takeaway", from: nil, to: nil, language: "en").relapses)
        XCTAssertEqual(r.days, [first], "the third of the week goes beyond; the next week's 2 stay within")
    }

    func testAGoodTrackerHasNoRelapses() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("water", input: .count, goal: .atLeast(8)), start: "2026-01-01")
        XCTAssertNil(try Insights(host: host).tracker("water", from: nil, to: nil, language: "en").relapses)
    }
}
