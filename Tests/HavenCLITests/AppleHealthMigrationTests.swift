import Foundation
import HavenCore
import TestSupport
import XCTest

/// Moving from the origin app (SPEC §9): it writes each evening's NoAlc
/// count to Apple Health as a dated value, at 00:00 of that evening's own
/// date. Those evenings keep their dates, so the streak goes on across the
/// seam; a timed sample still follows the 18:00 day boundary.
final class AppleHealthMigrationTests: XCTestCase {
    private let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
    private var home: TemporaryDirectory!
    private var folder: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        folder = TemporaryDirectory()
    }

    /// The binary on `home` (Lagos keeps +01:00 all year, as the samples do).
    private func haven(_ home: TemporaryDirectory, now: String) -> HavenRun {
        HavenRun(home: home.path, now: now, zone: "Africa/Lagos", directory: folder.path)
    }

    /// The drinks of the thirty evenings of October 2026 before the move:
    /// a wild evening on the 3rd before any joker was earned (the streak
    /// breaks), an easy one on the 20th (a joker heals it), none else.
    private func drinks(on day: Int) -> Int { day == 3 ? 6 : day == 20 ? 4 : 0 }

    private func level(_ drinks: Int) -> String { drinks >= 6 ? "wild" : drinks >= 4 ? "easy" : "steady" }

    func testTheLastMigratedEveningAndTheFirstInHavenMakeOneStreak() throws {
        var body = ""
        for day in 1...30 {
            let date = String(format: "2026-10-%02d 00:00:00 +0100", day)
            body += AppleHealthFixture.record(drinks, source: "NoAlc", start: date, value: "\(drinks(on: day))",
                                              unit: "count", metadata: ["HKWasUserEntered": "1"])
        }
        try AppleHealthFixture.document(body).write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        // The first evening in Haven, the 31st, before anything is logged on it.
        let evening = haven(home, now: "2026-10-31 20:00")
        evening.expect(["import", "apple-health", "export.xml"], stdout: """
            Imported 30 entries on 30 days from export.xml.
              noalc: 30 entries from 30 records of \(drinks)

            """)

        // Each evening on its own date, with the origin app's outcomes,
        // streak and jokers: one earned every 7 days of streak, at most 3,
        // each healing an easy or wild evening.
        let history = try JSONSerialization.jsonObject(with: Data(evening.run(["history", "noalc", "--from", "2026-10-01",
                                                                               "--json"]).stdout.utf8)) as! [[String: Any]]
        let entries = try JSONSerialization.jsonObject(with: Data(evening.run(["entries", "noalc", "--days", "40",
                                                                               "--json"]).stdout.utf8)) as! [[String: Any]]
        let levels = Dictionary(uniqueKeysWithValues: entries.map { ($0["day"] as! String, $0["value"] as! String) })
        let rows = history.map { "\($0["day"]!) \(levels[$0["day"] as! String] ?? "-") \($0["outcome"]!) \($0["streak"]!) "
            + "\($0["jokers"]!)" }
        var expected: [String] = []
        var streak = 0, jokers = 0
        for day in 1...30 {
            let drank = drinks(on: day)
            let outcome: String
            if drank < 4 {
                streak += 1
                outcome = "success"
            } else if jokers > 0 {
                jokers -= 1
                streak += 1
                outcome = "healed"
            } else {
                streak = 0
                outcome = "broken"
            }
            if outcome != "broken", streak % 7 == 0 { jokers = min(jokers + 1, 3) }
            expected.append(String(format: "2026-10-%02d", day) + " \(level(drank)) \(outcome) \(streak) \(jokers)")
        }
        XCTAssertEqual(Array(rows.prefix(30)), expected)
        XCTAssertEqual(expected.last, "2026-10-30 steady success 27 2")
        evening.expect(["status"], stdout: "NoAlc   not logged yet today   streak 27 · 2 jokers · at risk\n")

        // The first Haven log goes on where the origin app stopped: the
        // 28th day of streak earns the third joker.
        evening.expect(["log", "noalc", "steady", "--at", "2026-10-31 19:30"], stdout: nil)
        let after = haven(home, now: "2026-10-31 21:00")
        let state = try JSONSerialization.jsonObject(with: Data(after.run(["streak", "noalc", "--json"]).stdout.utf8))
            as! [String: Any]
        XCTAssertEqual(state["current"] as? Int, 28)
        XCTAssertEqual(state["today"] as? String, "success")
        XCTAssertEqual((state["jokers"] as? [String: Int])?["available"], 3)

        // The same evenings logged by hand give the same history.
        let byHand = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let script = (1...30).map { String(format: "log noalc %@ --at \"2026-10-%02d 21:00\"\n", level(drinks(on: $0)), $0) }
            .joined() + "log noalc steady --at \"2026-10-31 19:30\"\n"
        haven(byHand, now: "2026-10-31 21:00").expect([], stdout: nil, input: script)
        XCTAssertEqual(haven(byHand, now: "2026-10-31 21:00").run(["history", "noalc", "--from", "2026-10-01", "--json"]).stdout,
                       after.run(["history", "noalc", "--from", "2026-10-01", "--json"]).stdout)
    }

    func testATimedSampleFollowsTheDayBoundaryAndADatedOneKeepsItsDate() throws {
        let body = AppleHealthFixture.record(drinks, source: "NoAlc", start: "2026-11-01 00:00:00 +0100", value: "3")
            + AppleHealthFixture.record(drinks, source: "Drinks", start: "2026-11-02 09:15:00 +0100", value: "1")
            + AppleHealthFixture.record(drinks, source: "Drinks", start: "2026-11-02 22:40:00 +0100", value: "6")
            // From midnight to 00:30 is no dated value: its start is timed like any other (the evening before).
            + AppleHealthFixture.record(drinks, source: "Drinks", start: "2026-11-04 00:00:00 +0100",
                                        end: "2026-11-04 00:30:00 +0100", value: "1")
        try AppleHealthFixture.document(body).write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        let run = haven(home, now: "2026-11-04 10:00")
        run.expect(["import", "apple-health", "export.xml"], stdout: nil)
        // The 1st: its dated 3 and the 09:15 drink of the next morning (before
        // 18:00, so the evening before): 4, easy. The 2nd: the 22:40 drink.
        // The 3rd: the drink just after midnight.
        run.expect(["entries", "noalc", "--days", "5"], stdout: """
            #1   2026-11-02 09:15   day 2026-11-01   easy
            #2   2026-11-02 22:40   day 2026-11-02   wild
            #3   2026-11-04 00:00   day 2026-11-03   steady

            """)
    }
}
