import Foundation
import TestSupport
import XCTest

/// `haven skip --all` (#27, item 8): every tracker frozen over one range in
/// one transaction, each charged as for itself, a line per tracker saying
/// what it did or why not; `--dry-run` shows it first.
final class SkipAllTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var haven: HavenRun!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n", "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\nfreezes: { per_month: 1 }\n",
        ])
        haven = HavenRun(home: home.path, now: "2026-03-10 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"])
        haven.run(["log", "water", "+1", "--at", "2026-03-01 10:00"])
        haven.run(["log", "stretching", "--at", "2026-03-01 10:00"])
        haven.run(["log", "noalc", "steady", "--at", "2026-03-01 21:00"])
    }

    func testAHolidayFreezesEveryTrackerThatCanBeAndSaysWhyNotForTheRest() {
        let refusal = "stretching: not frozen: 'stretching' has 1 freeze left and this needs 3; 'haven freeze grant "
            + "stretching N' adds more\n"
        haven.expect(["skip", "--all", "--from", "2026-03-05", "--to", "2026-03-07", "--dry-run"], stdout: """
            noalc: would freeze 2026-03-05..2026-03-07 (3 days).
            \(refusal)water: would freeze 2026-03-05..2026-03-07 (3 days).

            """, stderr: "haven: error: some trackers could not be frozen; nothing was written\n", status: 65)
        haven.expect(["freezes"], stdout: "No freezes.\n")

        haven.expect(["skip", "--all", "2026-03-05..2026-03-07", "--note", "holiday"], stdout: """
            noalc: frozen 2026-03-05..2026-03-07 (3 days).
            \(refusal)water: frozen 2026-03-05..2026-03-07 (3 days).

            """, stderr: "haven: error: some trackers could not be frozen; the others were\n", status: 65)
        haven.expect(["skip", "--all", "2026-03-05..2026-03-07"], stdout: """
            noalc: already frozen; nothing changed.
            \(refusal)water: already frozen; nothing changed.

            """, stderr: "haven: error: some trackers could not be frozen; the others were\n", status: 65)
        // One day fits every balance: all frozen, the limited one charged.
        haven.expect(["skip", "--all", "2026-03-08"], stdout: """
            noalc: frozen 2026-03-08.
            stretching: frozen 2026-03-08; 1 freeze spent.
            water: frozen 2026-03-08.

            """)
        haven.expect(["freezes"], stdout: """
            noalc        2026-03-05..2026-03-07   3 days   holiday
            noalc        2026-03-08               1 day
            stretching   2026-03-08               1 day
            water        2026-03-05..2026-03-07   3 days   holiday
            water        2026-03-08               1 day

            """)
    }

    func testItSpeaksGermanAndJSONAndRefusesAnIDBesideAll() throws {
        haven.expect(["--lang", "de", "skip", "--all", "2026-03-05..2026-03-07", "--dry-run"], stdout: """
            noalc: würde 2026-03-05..2026-03-07 (3 Tage) einfrieren.
            stretching: nicht eingefroren: 'stretching' hat noch 1 Freeze und braucht hierfür 3; 'haven freeze grant \
            stretching N' gibt mehr
            water: würde 2026-03-05..2026-03-07 (3 Tage) einfrieren.

            """, stderr: "haven: Fehler: einige Tracker ließen sich nicht einfrieren; es wurde nichts geschrieben\n",
                     status: 65)
        let json = haven.expect(["skip", "--all", "2026-03-09", "--json"], stdout: nil)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["dry_run"] as? Bool, false)
        let trackers = try XCTUnwrap(object["trackers"] as? [[String: Any]])
        XCTAssertEqual(trackers.map { "\($0["tracker"] as! String) \(($0["frozen"] as! [String]).joined()) \($0["freezes_spent"] as! Int)" },
                       ["noalc 2026-03-09 1", "stretching 2026-03-09 1", "water 2026-03-09 1"])
        haven.expect(["skip", "--all", "water"], stdout: "", stderr: "haven: error: --all freezes every tracker; give no "
            + "ID with it, like: haven skip --all 2026-08-01..2026-08-14\n", status: 64)
        haven.expect(["skip"], stdout: "", stderr: "haven: error: say which tracker to skip, like: haven skip water, or "
            + "--all for every tracker\n", status: 64)
        haven.expect(["skip", "water", "--dry-run"], stdout: "", stderr: "haven: error: --dry-run goes with --all; a "
            + "single skip shows what it did\n", status: 64)
    }
}
