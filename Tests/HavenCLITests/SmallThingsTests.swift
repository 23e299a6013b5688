import Foundation
import TestSupport
import XCTest

/// The small things of #13 (item 14, and the command line's did-you-mean
/// of item 8): plurals, one error prefix, ranges that cannot be, an unknown
/// `TZ`, a pinned tracker that cannot move.
final class SmallThingsTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/gym.yaml": "name: Gym\n",
            "trackers/noalc.yaml": "extends: core/noalc\n",
        ])
    }

    private func haven(_ arguments: String..., tz: String = "UTC", input: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-10 20:00", zone: tz).run(arguments, input: input)
    }

    func testOneOfAThingIsOne() {
        let pack = TemporaryDirectory().write(["trackers/x.yaml": "name: X\n"])
        XCTAssertEqual(haven("validate", pack.path).stdout, "ok: 1 pack, 0 presets, 1 tracker, no problems\n")
    }

    func testEveryErrorHasOnePrefix() {
        let unknown = haven("status", "--foo")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stderr, """
            haven: error: Unknown option '--foo'. Did you mean '--now'?
            Usage: haven status [--home <DIR>] [--now <TIME>] [--lang <LANG>] [--json] [--no-color]
              See 'haven status --help' for more information.

            """)
    }

    func testAMistypedCommandGetsADidYouMeanAndAnIdLogsAsAtThePrompt() {
        let typo = haven("logg", "gym")
        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.stderr, "haven: error: no command or tracker 'logg'; did you mean 'log'? ('help' lists the "
            + "commands)\n")
        XCTAssertEqual(haven("gy", "--note", "legs").stdout, "Gym: done today · streak 1\n")
        XCTAssertTrue(haven("entries", "gym", "--json").stdout.contains("\"source\": \"cli\""))
    }

    func testHistoryRangesThatCannotBeAreRefused() {
        let backwards = haven("history", "gym", "--from", "2026-03-10", "--to", "2026-03-01")
        XCTAssertEqual(backwards.status, 65)
        XCTAssertEqual(backwards.stderr, "haven: error: --from 2026-03-10 is after --to 2026-03-01; give the earlier day "
            + "first\n")
        let ahead = haven("history", "noalc", "--from", "2027-01-01")
        XCTAssertEqual(ahead.status, 65)
        XCTAssertEqual(ahead.stderr, "haven: error: --from 2027-01-01 is after today (2026-03-10 for noalc); history "
            + "reaches today at most\n")
    }

    func testAnUnknownTimeZoneWarnsOnce() {
        let result = haven("status", tz: "Mars/Olympus")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "haven: warning: TZ='Mars/Olympus' is not a time zone this system knows, so times "
            + "are UTC; set TZ to a zone such as Europe/Berlin, or unset it\n")
        let script = haven(tz: "Mars/Olympus", input: "status\nstatus\n")
        XCTAssertEqual(script.stderr.components(separatedBy: "warning").count, 2, "once per process")
        XCTAssertEqual(haven("status", tz: "Europe/Berlin").stderr, "")
        XCTAssertEqual(haven("status", tz: ":Europe/Berlin").stderr, "")
    }

    func testAPinnedTrackerThatCannotMoveSaysWhy() {
        XCTAssertEqual(haven("move", "noalc", "down").stdout, """
            Nothing moved: NoAlc is already at the bottom of the pinned trackers, and pinned trackers stay above the \
            others (its preset pins it: write 'pinned: false' in \(home.path)/trackers/noalc.yaml to move it among them).
            1. NoAlc (pinned)
            2. Gym

            """)
        XCTAssertEqual(haven("move", "gym", "top").stdout, """
            Nothing moved: Gym is already at the top of the unpinned trackers.
            1. NoAlc (pinned)
            2. Gym

            """)
    }

    func testHelpSaysWhatHavenDoesWithoutACommand() {
        let help = haven("--help").stdout.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(help.contains("Without a command: the REPL on a terminal; with piped input, one command per line. "
            + "'haven ID VALUE' logs, as 'haven log ID VALUE' does."), help)
        let empty = haven(input: "")
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout + empty.stderr, "")
    }
}
