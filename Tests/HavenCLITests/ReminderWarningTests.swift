import Foundation
import TestSupport
import XCTest

/// A reminder a person adds rings (#30): `at:` in their own file turns on
/// a preset's reminder that was off, and `validate` warns where their file
/// touches a reminder that stays off, without failing.
final class ReminderWarningTests: XCTestCase {
    func testAtInYourOwnFileTurnsTheReminderOnAndAReminderLeftOffIsNamed() throws {
        let home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\nreminder: { at: \"20:00\" }\n",
            "trackers/evening.yaml": "extends: core/noalc\nname: Evening\nreminder: { message: \"How was it?\" }\n",
            "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"07:30\", enabled: false }\n",
        ])
        let run = HavenRun(home: home.path, now: "2026-03-10 21:00")
        XCTAssertEqual(run.run(["due"]).stdout, "NoAlc   20:00   NoAlc Check-In   streak 0 · 0 jokers\n")
        let validated = run.run(["validate"])
        XCTAssertEqual(validated.status, 0)
        XCTAssertEqual(validated.stdout, "ok: 2 packs, 17 presets, 7 practices, 3 trackers, no problems, 2 warnings\n")
        XCTAssertEqual(validated.stderr, """
            \(home.path)/trackers/evening.yaml:3:11: warning: the reminder at 09:00 stays off: its preset turns it off; \
            set at: here to have it ring
                reminder: { message: "How was it?" }
                          ^~~~~~~~~~~~~~~~~~~~~~~~~~
            \(home.path)/trackers/stretching.yaml:2:11: warning: the reminder at 07:30 stays off (enabled: false); \
            remove enabled: false to have it ring
                reminder: { at: "07:30", enabled: false }
                          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """)
        let json = try JSONSerialization.jsonObject(with: Data(run.run(["validate", "--json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["ok"] as? Bool, true)
        XCTAssertEqual((json?["warnings"] as? [[String: Any]])?.map { $0["line"] as? Int }, [3, 2])
    }
}
