import Foundation
import TestSupport
import XCTest

/// `checkin` with piped input lists what is still open and what to type.
final class CheckinTests: XCTestCase {
    func testPipedCheckinListsTheOpenTrackers() {
        let home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n", "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "trackers/sugar.yaml": "name: No sugar\ntype: saboteur\nmode: avoidance\n",
        ])
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-02 21:00", "TZ": "UTC", "NO_COLOR": "1"]
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: env).status, 0)
        let result = HavenProcess.run(["checkin"], environment: env)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            Still open today:
              NoAlc           not logged yet today        haven log noalc steady|easy|wild
              Doomscrolling   nothing noticed yet today   haven log doomscrolling
              No sugar        clear so far today          haven log sugar   (a relapse)
              Drink Water     0/8 glasses today           haven log water +1

            """)
        for command in [["log", "noalc", "steady"], ["log", "water", "8"], ["log", "doomscrolling"], ["log", "sugar"]] {
            XCTAssertEqual(HavenProcess.run(command, environment: env).status, 0)
        }
        XCTAssertEqual(HavenProcess.run(["checkin"], environment: env).stdout, "Nothing open today. Good night.\n")
    }
}
