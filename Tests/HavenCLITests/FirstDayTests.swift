import Foundation
import TestSupport
import XCTest

/// The first day is not a failure (#13, item 3): a NoAlc tracker (its day
/// turns at 18:00) first seen on a morning starts with the evening to come,
/// not with the one that ended before it existed.
final class FirstDayTests: XCTestCase {
    private func haven(_ arguments: String..., home: TemporaryDirectory, now: String) -> HavenProcess.Result {
        HavenRun(home: home.path, now: now).run(arguments)
    }

    func testANoAlcTrackerFirstSeenOnAMorningStartsThatEvening() {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        XCTAssertEqual(haven("status", home: home, now: "2026-03-10 09:00").stdout,
                       "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        // That evening, and the next morning: the evening before the first run is not a day of it.
        XCTAssertEqual(haven("history", "noalc", "--from", "2026-03-08", home: home, now: "2026-03-10 19:00").stdout,
                       "2026-03-10   pending   streak 0   jokers 0\n")
        XCTAssertEqual(haven("history", "noalc", "--from", "2026-03-08", home: home, now: "2026-03-11 09:00").stdout,
                       "2026-03-10   pending   streak 0   jokers 0\n")
    }

    func testLastEveningLoggedOnTheFirstMorningCounts() {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        XCTAssertEqual(haven("log", "noalc", "steady", home: home, now: "2026-03-10 09:05").stdout,
                       "NoAlc: Steady today · streak 1 · 0 jokers\n")
        XCTAssertEqual(haven("history", "noalc", "--from", "2026-03-08", home: home, now: "2026-03-10 19:00").stdout, """
            2026-03-09   success   streak 1   jokers 0
            2026-03-10   pending   streak 1   jokers 0

            """)
    }
}
