import Foundation
import TestSupport
import XCTest

/// A clock that runs backwards is noticed (#27, item 9): a log whose clock
/// reads more than five minutes before the newest entry's writing says so,
/// once, and the entry is written all the same.
final class ClockBehindTests: XCTestCase {
    func testALogBehindTheNewestEntrySaysSoOnceAndIsWritten() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        func haven(_ now: String) -> HavenRun { HavenRun(home: home.path, now: now) }
        haven("2026-03-10 22:30").expect(["log", "water", "+1"], stdout: "Drink Water: 1/8 glasses today · streak 0\n")
        // Five minutes behind is a clock's ordinary drift.
        haven("2026-03-10 22:25").expect(["log", "water", "+1"], stdout: "Drink Water: 2/8 glasses today · streak 0\n")
        haven("2026-03-10 22:00").expect(["log", "water", "+1"], stdout: "Drink Water: 3/8 glasses today · streak 0\n",
                                         stderr: "haven: this computer's clock reads 2026-03-10T22:00:00Z, earlier than "
                                            + "2026-03-10T22:30:00Z, when an entry was last written; the entry is kept "
                                            + "with the time given. If the clock is wrong, set it right\n")
        // Said once: the next log behind it is quiet.
        haven("2026-03-10 22:01").expect(["log", "water", "+1"], stdout: "Drink Water: 4/8 glasses today · streak 0\n")
        XCTAssertEqual(haven("2026-03-10 22:02").run(["entries", "water", "--days", "1"]).stdout, """
            #3   2026-03-10 22:00   day 2026-03-10   1
            #4   2026-03-10 22:01   day 2026-03-10   1
            #2   2026-03-10 22:25   day 2026-03-10   1
            #1   2026-03-10 22:30   day 2026-03-10   1

            """)
    }

    func testItIsSaidInGermanAndInJSON() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        HavenRun(home: home.path, now: "2026-03-10 22:30").run(["log", "water", "+1"])
        HavenRun(home: home.path, now: "2026-03-10 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"])
            .expect(["--lang", "de", "log", "water", "+1"], stdout: "Wasser trinken: heute 2/8 Gläser · Serie 0\n",
                    stderr: "haven: die Uhr dieses Computers zeigt 2026-03-10T21:00:00Z, früher als "
                        + "2026-03-10T22:30:00Z, als zuletzt ein Eintrag geschrieben wurde; der Eintrag bleibt mit der "
                        + "angegebenen Zeit. Wenn die Uhr falsch geht, stelle sie richtig\n")
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        HavenRun(home: other.path, now: "2026-03-10 22:30").run(["log", "water", "+1"])
        let json = HavenRun(home: other.path, now: "2026-03-10 21:00").expect(["log", "water", "+1", "--json"], stdout: nil)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["clock_behind"] as? String, "2026-03-10T22:30:00Z")
    }
}
