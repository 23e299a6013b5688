import HavenCore
import HavenInsights
import XCTest

/// Days between relapses on a constructed avoidance history (SPEC §16).
final class RelapseGapsTests: XCTestCase {
    private func days(_ texts: [String]) -> [Day] { texts.map { Day($0)! } }

    func testGapsMedianAndLongestAreExact() {
        let gaps = RelapseGaps(days: days(["2026-03-01", "2026-03-04", "2026-03-04", "2026-03-14", "2026-03-16",
                                           "2026-04-15"]))
        XCTAssertEqual(gaps.gaps, [3, 10, 2, 30])
        XCTAssertEqual(gaps.median, 6.5)
        XCTAssertEqual(gaps.longest, 30)
        XCTAssertEqual(RelapseGaps(days: days(["2026-03-09", "2026-03-01", "2026-03-02"])).gaps, [1, 7], "any order")
        XCTAssertEqual(RelapseGaps(days: days(["2026-03-01", "2026-03-02", "2026-03-05"])).median, 2)
    }

    func testOneRelapseOrNoneHasNoGap() {
        XCTAssertEqual(RelapseGaps(days: days(["2026-03-01"])).gaps, [])
        XCTAssertNil(RelapseGaps(days: []).median)
        XCTAssertNil(RelapseGaps(days: []).longest)
    }
}
