import HavenCore
@testable import HavenInsights
import XCTest

/// `--with OTHER [--lag N]`: what went together, with the days behind each figure (SPEC §16).
final class PairingTests: XCTestCase {
    private let first = Day("2026-09-04")!

    /// Mood and water from the range's first day through yesterday (83 closed days).
    private func host(start: String = "2026-09-04") -> FakeInsightsHost {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("mood", input: .levels, levels: ["awful", "bad", "okay", "good", "great"].map { ($0, .success) }),
                 start: start)
        host.add(.test("water", input: .count, goal: .atLeast(8)), start: start)
        host.add(.test("doomscrolling", type: .saboteur, mode: .awareness), start: start)
        return host
    }

    func testMoodGoodExactlyOnTheDaysWaterMeetsItsGoal() throws {
        var host = host()
        for offset in 0..<83 {
            let day = first.adding(days: offset), met = offset % 3 == 0
            host.log("water", day, "12:00", number: met ? 8 : 5)
            host.log("mood", day, "20:00", level: met ? "good" : "bad")
        }
        let p = try Insights(host: host).pairing("mood", with: "water", lag: 0, from: nil, to: nil)
        XCTAssertEqual(p.split, .atLeast(8))
        XCTAssertEqual(p.measure, .levels(["good", "great"]), "every mood is a success: the set's upper half")
        XCTAssertEqual(p.groups, [Pairing.Group(side: .matching, days: 28, hits: 28, sum: 0),
                                  Pairing.Group(side: .rest, days: 55, hits: 0, sum: 0)])
        XCTAssertEqual(p.groups.map { $0.rate(p.measure) }, [1, 0])
        XCTAssertEqual(p.days, 83)
    }

    func testIndependentRandomDaysComeOutWithinTenPoints() throws {
        var host = host(start: "2025-01-01")
        var random = SplitMix(seed: 42)
        let start = Day("2025-01-01")!
        for offset in 0..<(Day("2026-11-26")!.number - start.number) {
            let day = start.adding(days: offset)
            host.log("water", day, "12:00", number: random.next() % 2 == 0 ? 8 : 3)
            host.log("mood", day, "20:00", level: random.next() % 2 == 0 ? "great" : "okay")
        }
        let p = try Insights(host: host).pairing("mood", with: "water", lag: 0, from: start, to: nil)
        XCTAssertEqual(p.days, 694)
        let rates = p.groups.map { $0.rate(p.measure) }
        XCTAssertLessThan(abs(rates[0] - rates[1]), 0.10, "\(rates)")
    }

    func testLagPairsTheOtherDayWithTheNextOne() throws {
        var host = host()
        // Doomscrolling on days 0, 10, 20 …; mood great the day after each, okay otherwise.
        for offset in 0..<83 {
            let day = first.adding(days: offset)
            if offset % 10 == 0 { host.log("doomscrolling", day, "23:00") }
            host.log("mood", day, "20:00", level: offset % 10 == 1 ? "great" : "okay")
        }
        let insights = Insights(host: host)
        let same = try insights.pairing("mood", with: "doomscrolling", lag: 0, from: nil, to: nil)
        XCTAssertEqual(same.groups, [Pairing.Group(side: .matching, days: 9, hits: 0, sum: 0),
                                     Pairing.Group(side: .rest, days: 74, hits: 9, sum: 0)])
        let next = try insights.pairing("mood", with: "doomscrolling", lag: 1, from: nil, to: nil)
        // Day 0 of mood has no doomscrolling day before it in the tracker's life: 82 pairs.
        XCTAssertEqual(next.groups, [Pairing.Group(side: .matching, days: 9, hits: 9, sum: 0),
                                     Pairing.Group(side: .rest, days: 73, hits: 0, sum: 0)])
    }

    func testThirteenPairedDaysAreTooFew() throws {
        var host = FakeInsightsHost(today: "2026-11-26")
        host.add(.test("mood", input: .levels, levels: [("bad", .success), ("good", .success)]), start: "2026-11-01")
        host.add(.test("water", input: .count, goal: .atLeast(8)), start: "2026-11-01")
        // Mood on 13 of the 25 closed days: only those pair (a levels tracker's day without a level says nothing).
        for offset in 0..<13 { host.log("mood", Day("2026-11-01")!.adding(days: offset * 2), "20:00", level: "good") }
        XCTAssertThrowsError(try Insights(host: host).pairing("mood", with: "water", lag: 0, from: nil, to: nil)) {
            XCTAssertEqual($0 as? InsightsError, .tooFewDays(tracker: "mood", other: "water", days: 13, needed: 14))
        }
        host.log("mood", Day("2026-11-24")!, "20:00", level: "bad")
        XCTAssertEqual(try Insights(host: host).pairing("mood", with: "water", lag: 0, from: nil, to: nil).days, 14)
    }

    func testFrozenDaysOfEitherAreLeftOutAndLevelsSplitByLevel() throws {
        var host = host()
        host.add(.test("noalc", input: .levels, levels: [("steady", .success), ("easy", .grace), ("wild", .grace)]),
                 start: "2026-09-04")
        for offset in 0..<83 {
            let day = first.adding(days: offset)
            if offset % 4 != 3 { host.log("noalc", day, "21:00", level: ["steady", "easy", "wild"][offset % 4]) }
            host.log("water", day, "12:00", number: Double(offset % 4 * 2))
        }
        host.freezes["water"] = [first.number]
        host.freezes["noalc"] = [first.number + 1]
        let p = try Insights(host: host).pairing("water", with: "noalc", lag: 0, from: nil, to: nil)
        XCTAssertEqual(p.split, .levels)
        XCTAssertEqual(p.measure, .mean)
        XCTAssertEqual(p.groups, [Pairing.Group(side: .level("steady"), days: 20, hits: 0, sum: 0),
                                  Pairing.Group(side: .level("easy"), days: 20, hits: 0, sum: 40),
                                  Pairing.Group(side: .level("wild"), days: 21, hits: 0, sum: 84),
                                  Pairing.Group(side: .noLevel, days: 20, hits: 0, sum: 120)])
    }

    func testRefusals() {
        let insights = Insights(host: host())
        XCTAssertThrowsError(try insights.pairing("mood", with: "mood", lag: 0, from: nil, to: nil)) {
            XCTAssertEqual($0 as? InsightsError, .pairedWithItself("mood"))
        }
        XCTAssertThrowsError(try insights.pairing("water", with: "mood", lag: 0, levels: ["good"], from: nil, to: nil)) {
            XCTAssertEqual($0 as? InsightsError, .levelsWithoutLevels("water"))
        }
        XCTAssertThrowsError(try insights.pairing("mood", with: "water", lag: 0, levels: ["fine"], from: nil, to: nil)) {
            XCTAssertEqual($0 as? InsightsError, .unknownLevel("fine", tracker: "mood", known: ["awful", "bad", "okay", "good", "great"]))
        }
        XCTAssertThrowsError(try insights.pairing("mood", with: "water", lag: 0, levels: [], from: nil, to: nil)) {
            XCTAssertEqual($0 as? InsightsError, .unknownLevel("", tracker: "mood", known: ["awful", "bad", "okay", "good", "great"]))
        }
    }
}

/// A small seeded generator, the same on every machine.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
