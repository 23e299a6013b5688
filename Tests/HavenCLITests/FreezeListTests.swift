import Foundation
import TestSupport
import XCTest

/// Freezes visible and reversible (#13, item 5): `freezes` lists them with
/// their notes, `unskip` takes them back (a period left unfrozen gives its
/// freeze back), and the notes show in `history` and `calendar ID`.
final class FreezeListTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "name: Stretching\nfreezes: { start: 3, max: 3 }\n",
            "trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 2 }\n",
        ])
        haven("log", "stretching", "--at", "2026-03-01 10:00")
        haven("log", "gym", "--at", "2026-03-01 10:00")
    }

    @discardableResult
    private func haven(_ arguments: String...) -> HavenProcess.Result {
        let result = HavenRun(home: home.path, now: "2026-03-10 20:00").run(arguments)
        XCTAssertEqual(result.stderr, "", arguments.joined(separator: " "))
        return result
    }

    func testFreezesAreListedTakenBackAndNoted() throws {
        XCTAssertEqual(haven("freezes").stdout, "No freezes.\n")
        haven("skip", "stretching", "2026-03-04..2026-03-05", "--note", "back pain")
        haven("skip", "stretching", "2026-03-07")
        haven("skip", "gym", "2026-03-04", "--note", "trip")
        XCTAssertEqual(haven("freezes").stdout, """
            gym          2026-03-04               1 day    trip
            stretching   2026-03-04..2026-03-05   2 days   back pain
            stretching   2026-03-07               1 day

            """)
        let json = try JSONSerialization.jsonObject(with: Data(haven("freezes", "gym", "--json").stdout.utf8))
        XCTAssertEqual(json as? NSArray, [["tracker": "gym", "from": "2026-03-04", "to": "2026-03-04", "days": 1,
                                           "note": "trip"]])
        XCTAssertEqual(haven("history", "stretching", "--from", "2026-03-03", "--to", "2026-03-07").stdout, """
            2026-03-03   broken   streak 0   jokers 0
            2026-03-04   frozen   streak 1   jokers 0   back pain
            2026-03-05   frozen   streak 2   jokers 0   back pain
            2026-03-06   broken   streak 0   jokers 0
            2026-03-07   frozen   streak 1   jokers 0

            """)
        XCTAssertEqual(haven("history", "gym", "--from", "2026-03-02", "--to", "2026-03-08").stdout,
                       "2026-03-02   frozen   streak 1   jokers 0   trip\n")
        let history = try JSONSerialization.jsonObject(with: Data(haven("history", "gym", "--from", "2026-03-02",
                                                                        "--to", "2026-03-08", "--json").stdout.utf8))
        XCTAssertEqual(history as? NSArray, [["day": "2026-03-02", "outcome": "frozen", "streak": 1, "jokers": 0,
                                              "note": "trip"]])
        XCTAssertTrue(haven("calendar", "stretching", "--months", "1").stdout.contains("""
             ✕  ✕  ❄  ❄  ✕  ❄  ✕

            """), "the freezes in the map")
        XCTAssertTrue(haven("calendar", "stretching", "--months", "1").stdout.contains("""

            frozen 2026-03-04..2026-03-05: back pain
            frozen 2026-03-07

            """))

        // Taking them back: each day's freeze given back, and the balance with it.
        XCTAssertEqual(haven("streak", "stretching").stdout.split(separator: "\n")[2], "freezes: 0 available")
        XCTAssertEqual(haven("unskip", "stretching", "2026-03-04..2026-03-07").stdout,
                       "Unfrozen for stretching: 2026-03-04..2026-03-07 (3 days). 3 freezes given back.\n")
        XCTAssertEqual(haven("streak", "stretching").stdout.split(separator: "\n")[2], "freezes: 3 available")
        XCTAssertEqual(haven("unskip", "stretching", "2026-03-04").stdout,
                       "No freeze on 2026-03-04 for stretching; nothing changed.\n")
        let unskip = try JSONSerialization.jsonObject(with: Data(haven("unskip", "gym", "2026-03-04", "--json").stdout.utf8))
        XCTAssertEqual(unskip as? NSDictionary, ["tracker": "gym", "thawed": ["2026-03-04"], "freezes_returned": 0])
        XCTAssertEqual(haven("freezes", "gym").stdout, "No freezes for gym.\n")
    }
}
