import Foundation
import TestSupport
import XCTest

/// harsh's files as harsh itself writes and reads them (SPEC §9 `import
/// harsh`): the commented habits file it makes on first run, headings,
/// `1w`, long intervals, a colon inside a name, an end date, trailing
/// blanks; a log as `harsh log` appends it (`DATE : habit : y : comment :
/// amount`, empty fields kept), blank lines, a day answered twice.
final class HarshFormatTests: TransferTestCase {
    private let habits = """
        # This is your habits file.
        # It tells harsh what to track and how frequently.
        # 1 means daily, 7 (or 1w) means weekly, 14 every two weeks.

        ! Body
        Stretched: 3/7
        Ran: 2/7  \("")
        Time:boxed: 1
        ! Home
        Called Mom: 1w
        Tracked Finances: 15
        Old habit: 1: 2026-02-20
        Too much coffee: 0

        """

    private let log = """
        2026-03-01 : Stretched : y :  : \("")
        2026-03-01 : Ran : y : park loop : 5.5
        2026-03-01 : Time:boxed : y : deep work : \("")
        2026-03-01 : Too much coffee : y :  : 3

        2026-03-02 : Stretched : n : too tired : \("")
        2026-03-02 : Called Mom : y
        2026-03-02 : Old habit : y
        2026-03-03 : Stretched : s : travelling : \("")
        2026-03-03 : Ran : y :  : 4
        2026-03-04 : Stretched : y : : \("")
        2026-03-04 : Stretched : n
        2026-03-04 : Tracked Finances : y : budget : 0

        """

    func testFilesAsHarshWritesThemImportWhole() throws {
        folder.write(["harsh/habits": habits, "harsh/log": log])
        let now = "2026-03-04 21:00"
        let result = haven(["import", "harsh", "harsh"], now: now)
        XCTAssertEqual(result.stdout, "Imported 8 entries on 4 days and 1 freeze from harsh; made 7 trackers (stretched, "
            + "ran, time-boxed, called-mom, tracked-finances, old-habit, too-much-coffee).\n", result.stderr)
        let file = { (id: String) in try String(contentsOfFile: self.home.path + "/trackers/\(id).yaml", encoding: .utf8) }
        XCTAssertEqual(try file("ran"), "# Imported from harsh: Ran\nname: Ran\ninput: amount\nunit: units\n"
            + "streak: { period: { rolling: 7 }, times: 2 }\n")
        XCTAssertEqual(try file("time-boxed"), "# Imported from harsh: Time:boxed\nname: \"Time:boxed\"\ninput: check\n")
        XCTAssertEqual(try file("called-mom"), "# Imported from harsh: Called Mom\nname: Called Mom\ninput: check\n"
            + "streak: { period: { rolling: 7 }, times: 1 }\n")
        XCTAssertEqual(try file("tracked-finances"), "# Imported from harsh: Tracked Finances\nname: Tracked Finances\n"
            + "input: check\nstreak: { period: { rolling: 15 }, times: 1 }\n")
        XCTAssertEqual(try file("too-much-coffee"), "# Imported from harsh: Too much coffee\nname: Too much coffee\n"
            + "input: amount\nunit: units\nstreak: false\n")
        let rows = SQLite.run(home.path + "/haven.db",
                              "SELECT tracker, day, ifnull(number, '-'), ifnull(note, '-') FROM entry ORDER BY tracker, day")
        XCTAssertEqual(rows, """
            called-mom|2026-03-02|-|-
            old-habit|2026-03-02|-|-
            ran|2026-03-01|5.5|park loop
            ran|2026-03-03|4.0|-
            stretched|2026-03-01|-|-
            time-boxed|2026-03-01|-|deep work
            too-much-coffee|2026-03-01|3.0|-
            tracked-finances|2026-03-04|-|budget
            """)
        // The last line of a day wins: 03-04's `y` was taken back; a `y` with amount 0 is a done day.
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT tracker || ' ' || day || ' ' || note FROM freeze"),
                       "stretched 2026-03-03 travelling")
        XCTAssertEqual(haven(["import", "harsh", "harsh"], now: now).stdout, "Imported 0 entries on 0 days from harsh "
            + "into its trackers; 8 entries were already here.\n")
    }

    func testAnEndDateHarshCannotReadIsRefused() {
        folder.write(["harsh/habits": "Gym: 3/7: someday\n", "harsh/log": ""])
        let result = haven(["import", "harsh", "harsh"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: harsh/habits:1: 'someday' is not the day a habit ended; write it "
            + "YYYY-MM-DD, like 'Gym: 3/7: 2026-06-30'; nothing was imported\n")
    }
}
