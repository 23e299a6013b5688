import Foundation
import TestSupport
import XCTest

/// Imports obey the limits of typed input (#28, item 15): an imported note
/// or trigger goes through the CLI's rules (another app's line breaks and
/// tabs become spaces first), and a Loop habit's uuid cannot write keys
/// into the tracker file made for it. A refusal names the place, exits 65
/// and writes nothing.
final class ImportLimitsTests: XCTestCase {
    private let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])

    private func haven(_ arguments: [String], language: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-10 20:00", environment: language.map { ["LANG": $0] } ?? [:],
                 directory: home.path).run(arguments)
    }

    private func nothingWritten(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers"), ["water.yaml"],
                       file: file, line: line)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM entry").trimmingCharacters(in: .newlines),
                       "0", file: file, line: line)
    }

    func testAHarshNotePastTheLimitIsRefusedWithItsPlaceInEnglishAndGerman() {
        _ = haven(["status"])
        let long = String(repeating: "x", count: 300_000)
        home.write(["harsh/habits": ImportFixtures.harshHabits, "harsh/log": "2026-03-01 : Gym : y : \(long)\n"])
        let result = haven(["import", "harsh", "harsh"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: harsh: the note of gym on 2026-03-01 has 300000 characters, more "
            + "than the 1000 Haven keeps; shorten it there and export again; nothing was imported\n")
        let german = haven(["import", "harsh", "harsh"], language: "de_DE.UTF-8")
        XCTAssertEqual(german.stderr, "haven: Fehler: harsh: die Notiz von gym am 2026-03-01 hat 300000 Zeichen, mehr als "
            + "die 1000, die Haven behält; kürze den Text dort und exportiere noch einmal; es wurde nichts importiert\n")
        nothingWritten()
    }

    func testALoopUUIDWithALineBreakIsRefusedAndANotesLineBreaksBecomeSpaces() throws {
        _ = haven(["status"])
        let backup = home.path + "/loop.db"
        ImportFixtures.loopBackup(backup)
        _ = SQLite.run(backup, "UPDATE Habits SET uuid = 'aaaa0001' || char(10) || 'streak: false' WHERE id = 1")
        let refused = haven(["import", "loop", "loop.db"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, "haven: error: loop.db: a habit's uuid 'aaaa0001␊streak: false' is not one line of "
            + "at most 200 characters; nothing was imported\n")
        nothingWritten()

        _ = SQLite.run(backup, "UPDATE Habits SET uuid = 'aaaa0001' WHERE id = 1; "
            + "UPDATE Repetitions SET notes = 'two' || char(10) || 'lines' || char(9) || 'and a tab' WHERE notes = 'calm'")
        XCTAssertEqual(haven(["import", "loop", "loop.db"]).status, 0)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT note FROM entry WHERE note LIKE 'two%'"),
                       "two lines and a tab")
        XCTAssertFalse(try String(contentsOfFile: home.path + "/trackers/meditate.yaml", encoding: .utf8).contains("streak: false"))
    }
}
