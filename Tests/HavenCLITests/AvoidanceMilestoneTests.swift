import Foundation
import TestSupport
import XCTest

/// Milestones of an avoidance streak (#13, item 6): the streak grows with
/// nothing logged, so whichever command first sees it reach one celebrates
/// it, once (and `status` shows it that day); a new streak after a relapse
/// celebrates anew.
final class AvoidanceMilestoneTests: XCTestCase {
    func testTheFirstCommandToSeeAMilestoneCelebratesItOnce() throws {
        let home = TemporaryDirectory().write(["trackers/doomscrolling.yaml":
            "extends: core/doomscrolling\nmode: avoidance\nsince: 2026-03-01\nstreak: { milestones: [3, 7] }\n"])
        func haven(_ arguments: String..., now: String) -> String {
            HavenRun(home: home.path, now: now).run(arguments).stdout
        }
        XCTAssertEqual(haven("status", now: "2026-03-02 20:00"), "Doomscrolling   clear so far today   streak 2\n")
        XCTAssertEqual(haven("status", now: "2026-03-03 20:00"), """
            Doomscrolling   clear so far today   streak 3
            Doomscrolling: Milestone: 3 days in a row.

            """)
        // `status` shows it all that day, and no more the next.
        XCTAssertEqual(haven("status", now: "2026-03-03 21:00"), """
            Doomscrolling   clear so far today   streak 3
            Doomscrolling: Milestone: 3 days in a row.

            """)
        XCTAssertEqual(haven("status", now: "2026-03-04 09:00"), "Doomscrolling   clear so far today   streak 4\n")
        // Four days unseen: `streak` sees 8 first, and celebrates 7.
        XCTAssertTrue(haven("streak", "doomscrolling", now: "2026-03-08 20:00")
            .hasSuffix("Doomscrolling: Milestone: 7 days in a row.\n"))
        let json = try JSONSerialization.jsonObject(with: Data(haven("streak", "doomscrolling", "--json",
                                                                     now: "2026-03-09 20:00").utf8)) as! [String: Any]
        XCTAssertNil(json["milestone"], "seen already")
        _ = haven("log", "doomscrolling", now: "2026-03-10 10:00")
        let again = try JSONSerialization.jsonObject(with: Data(haven("status", "--json", now: "2026-03-13 20:00").utf8))
            as! [[String: Any]]
        XCTAssertEqual(again.first?["milestone"] as? Int, 3, "a new streak")
    }
}
