import Foundation
import TestSupport
import XCTest

/// Milestones by default (#27, item 4): every core preset celebrates 7,
/// 30, 100 and 365 periods unless the tracker sets `milestones:`; the
/// celebration is in the reply to the log that reached it and in `status`
/// that day, in English and German.
final class MilestoneDefaultTests: XCTestCase {
    private let home = TemporaryDirectory().write([
        "trackers/stretching.yaml": "extends: core/stretching\n",
        "trackers/water.yaml": "extends: core/water\n",
        "trackers/reading.yaml": "extends: core/reading\nstreak: { milestones: [3] }\n",
    ])

    private func haven(_ now: String, _ arguments: String...) -> String {
        let run = HavenRun(home: home.path, now: "2026-03-" + now).run(arguments.filter { !$0.isEmpty })
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    override func setUp() {
        for day in 1...6 {
            for (tracker, value) in [("stretching", ""), ("water", "8"), ("reading", "")] {
                _ = haven(String(format: "%02d 09:00", day), "log", tracker, value)
            }
        }
    }

    func testTheLogThatReachesSevenCelebratesAndStatusShowsItThatDay() {
        XCTAssertEqual(haven("07 09:00", "log", "stretching"), """
            Stretching: done today · streak 7
            Milestone: 7 days in a row.

            """)
        XCTAssertEqual(haven("07 09:05", "log", "water", "8", "--lang", "de"), """
            Wasser trinken: heute 8/8 Gläser · Serie 7
            Meilenstein: 7 Tage am Stück.

            """)
        XCTAssertEqual(haven("07 09:10", "log", "reading"), "Reading: done today · streak 7\n",
                       "its own milestones replace the preset's")
        XCTAssertEqual(haven("07 20:00", "status"), """
            Reading       done today          streak 7
            Stretching    done today          streak 7
            Drink Water   8/8 glasses today   streak 7
            Stretching: Milestone: 7 days in a row.
            Drink Water: Milestone: 7 days in a row.

            """)
        XCTAssertEqual(haven("07 20:00", "status", "--lang", "de"), """
            Lesen            heute erledigt     Serie 7
            Dehnen           heute erledigt     Serie 7
            Wasser trinken   heute 8/8 Gläser   Serie 7
            Dehnen: Meilenstein: 7 Tage am Stück.
            Wasser trinken: Meilenstein: 7 Tage am Stück.

            """)
        XCTAssertEqual(haven("08 08:00", "status"), """
            Reading       open today          streak 7 · at risk
            Stretching    open today          streak 7 · at risk
            Drink Water   0/8 glasses today   streak 7 · at risk

            """, "the next day it is said no more")
        XCTAssertEqual(haven("08 08:05", "log", "stretching"), "Stretching: done today · streak 8\n", "celebrated once")
    }
}
