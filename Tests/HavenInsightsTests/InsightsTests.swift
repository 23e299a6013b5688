import HavenCore
@testable import HavenInsights
import XCTest

/// `haven insights ID` over histories of known shape (SPEC §16).
final class InsightsTests: XCTestCase {
    /// 2026-11-26 is a Thursday: the default 12 weeks are 2026-09-04 … 2026-11-26.
    private func host() -> FakeInsightsHost {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("doomscrolling", type: .saboteur, mode: .awareness), start: "2026-01-01")
        return host
    }

    func testThirtyTuesdayAfternoonsTenFridayNightsAndTheirTriggers() throws {
        var host = host()
        for week in 0..<10 {
            let tuesday = Day("2026-09-15")!.adding(days: 7 * week), friday = tuesday.adding(days: 3)
            host.log("doomscrolling", tuesday, "16:10", note: "Phone in bed, again", trigger: "boredom")
            host.log("doomscrolling", tuesday, "16:25", trigger: "Boredom ")
            host.log("doomscrolling", tuesday, "16:45", note: "the phone", trigger: "Stress")
            host.log("doomscrolling", friday, "22:10", trigger: "tired")
        }
        // The 12 weeks before: 2026-06-12 … 2026-09-03.
        for day in 0..<4 { host.log("doomscrolling", Day("2026-07-01")!.adding(days: day), "09:00", trigger: "stress") }
        host.log("doomscrolling", Day("2026-08-01")!, "09:00", note: "phone", trigger: "boredom")
        let found = try Insights(host: host).tracker("doomscrolling", from: nil, to: nil, language: "en")

        XCTAssertEqual(found.range, InsightsRange(from: Day("2026-09-04")!, to: Day("2026-11-26")!))
        XCTAssertEqual(found.moments, 40)
        XCTAssertEqual(found.grid[.tue, 16], 30)
        XCTAssertEqual(found.grid[.fri, 22], 10)
        XCTAssertEqual(found.grid.total, 40)
        XCTAssertEqual(found.triggers, [Tally(text: "boredom", count: 20, previous: 1), Tally(text: "stress", count: 10, previous: 4),
                                        Tally(text: "tired", count: 10, previous: 0)])
        XCTAssertEqual(found.triggers.map(\.change), [19, 6, 10])
        XCTAssertEqual(found.words, [Tally(text: "phone", count: 20, previous: 1), Tally(text: "bed", count: 10, previous: 0)])
        XCTAssertEqual(found.weekdays.map { "\($0.weekday) \($0.withEntry)/\($0.days)" },
                       ["mon 0/12", "tue 10/12", "wed 0/12", "thu 0/12", "fri 10/12", "sat 0/12", "sun 0/12"])
        XCTAssertNil(found.relapses, "an awareness tracker has no relapses")
    }

    func testNoticingEarlierInTheDayAlongAnEveningBoundary() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("snacking", type: .saboteur, boundary: TimeOfDay(hour: 18, minute: 0)!), start: "2026-01-01")
        // Before: 23:00, 01:00 and 02:00 (the day runs from 18:00): median 01:00.
        for (i, time) in ["23:00", "01:00", "02:00"].enumerated() { host.log("snacking", Day("2026-07-01")!.adding(days: i), time) }
        // Now: 19:00 and 21:00: median 20:00, five hours earlier in the day (not nineteen hours later).
        for (i, time) in ["19:00", "21:00"].enumerated() { host.log("snacking", Day("2026-10-01")!.adding(days: i), time) }
        let found = try Insights(host: host).tracker("snacking", from: nil, to: nil, language: "en")
        XCTAssertEqual(found.noticing, TrackerInsights.Noticing(median: 20 * 60, previousMedian: 60, shift: -300))
    }

    func testTheRangeAndItsRefusals() throws {
        let insights = Insights(host: host())
        let range = try insights.tracker("doomscrolling", from: Day("2026-11-01"), to: nil, language: "en").range
        XCTAssertEqual(range, InsightsRange(from: Day("2026-11-01")!, to: Day("2026-11-26")!))
        XCTAssertEqual(range.previous, InsightsRange(from: Day("2026-10-06")!, to: Day("2026-10-31")!))
        XCTAssertEqual(try insights.tracker("doomscrolling", from: nil, to: Day("2027-01-01"), language: "en").range.to,
                       Day("2026-11-26")!, "a --to after today stops at today")
        XCTAssertThrowsError(try insights.tracker("doomscrolling", from: Day("2026-11-10"), to: Day("2026-11-01"), language: "en")) {
            XCTAssertEqual($0 as? InsightsError, .reversedRange(from: Day("2026-11-10")!, to: Day("2026-11-01")!))
        }
        XCTAssertThrowsError(try insights.tracker("doomscrolling", from: Day("2026-12-01"), to: nil, language: "en")) {
            XCTAssertEqual($0 as? InsightsError,
                           .startsAfterToday(from: Day("2026-12-01")!, today: Day("2026-11-26")!, tracker: "doomscrolling"))
        }
    }

    func testNoteWordsAreFoldedWithoutStopWordsOrNumbers() {
        let english = NoteWords.stopWords(language: "en")
        XCTAssertEqual(NoteWords.words("Didn't sleep, the PHONE again — 3 times! Don't", stop: english),
                       ["sleep", "phone", "times"])
        XCTAssertEqual(NoteWords.words("Ärger mit dem Chef, wieder Ärger", stop: NoteWords.stopWords(language: "de")),
                       ["ärger", "chef"])
        XCTAssertEqual(NoteWords.words("it's 'quoted' café’s", stop: []), ["it's", "quoted", "café’s"])
        XCTAssertEqual(NoteWords.fold("  Straße \t"), "straße")
    }
}
