import Foundation
import TestSupport
import XCTest

/// Awareness to avoidance (SPEC §4.4): the old streak is archived, a new one
/// starts on the day of the switch, and the file changes by one line.
final class ModeTests: XCTestCase {
    private let original = "# Snacking, noticed\nextends: core/snacking\nname: Snacks   # my name\nmode: awareness  # for now\nicon: \"🍫\"\n"

    @discardableResult
    private func haven(_ arguments: [String], _ home: String, now: String) -> HavenProcess.Result {
        HavenRun(home: home, now: now).run(arguments)
    }

    func testSwitchArchivesTheStreakAndChangesOneLine() throws {
        let home = TemporaryDirectory().write(["trackers/snacks.yaml": original])
        for day in 1...5 { XCTAssertEqual(haven(["log", "snacks", "--at", "2026-03-0\(day) 15:00"], home.path, now: "2026-03-05 16:00").status, 0) }
        let refused = haven(["mode", "snacks", "avoidance"], home.path, now: "2026-03-06 10:00")
        XCTAssertEqual(refused.status, 77)
        XCTAssertEqual(refused.stderr, "haven: error: Your awareness streak will be archived: 5 days now, 5 days at its "
            + "longest (2026-03-01 to 2026-03-05); the avoidance streak starts today. Add --yes to go ahead: haven mode "
            + "snacks avoidance --yes\n")
        let switched = haven(["mode", "snacks", "avoidance", "--yes"], home.path, now: "2026-03-06 10:00")
        XCTAssertEqual(switched.status, 0, switched.stderr)
        XCTAssertEqual(switched.stdout, "Your awareness streak will be archived: 5 days now, 5 days at its longest "
            + "(2026-03-01 to 2026-03-05); the avoidance streak starts today.\nSnacks is now in avoidance mode · streak 1.\n")
        let text = try String(contentsOfFile: home.path + "/trackers/snacks.yaml", encoding: .utf8)
        XCTAssertEqual(text, original.replacingOccurrences(of: "mode: awareness  # for now", with: "mode: avoidance  # for now"))
        let before = original.components(separatedBy: "\n"), after = text.components(separatedBy: "\n")
        XCTAssertEqual(zip(before, after).filter { $0 != $1 }.count, 1, "exactly one line changed")

        // A relapse on the 7th; the streak counts the clean days since.
        XCTAssertEqual(haven(["log", "snacks", "--at", "2026-03-07 12:00"], home.path, now: "2026-03-07 13:00").status, 0)
        let streak = haven(["streak", "snacks", "--json"], home.path, now: "2026-03-09 10:00")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(streak.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["current"] as? Int, 2)
        XCTAssertEqual(json["longest"] as? Int, 2)
        let archived = try XCTUnwrap(json["archived"] as? [[String: Any]])
        XCTAssertEqual(archived.count, 1)
        XCTAssertEqual(archived[0]["mode"] as? String, "awareness")
        XCTAssertEqual(archived[0]["current"] as? Int, 5)
        XCTAssertEqual(archived[0]["longest"] as? Int, 5)
        XCTAssertEqual(archived[0]["from"] as? String, "2026-03-01")
        XCTAssertEqual(archived[0]["to"] as? String, "2026-03-05")
        XCTAssertTrue(haven(["streak", "snacks"], home.path, now: "2026-03-09 10:00").stdout
            .contains("archived (awareness, 2026-03-01 to 2026-03-05): streak 5, longest 5"))
    }

    func testTheArchiveHoldsExactlyWhatTheConfirmationSaid() throws {
        // Five noticed days, then a day with nothing: the streak was already
        // over when the switch came, and both numbers say so. Then back.
        let home = TemporaryDirectory().write(["trackers/snacks.yaml": original])
        for day in 1...5 { haven(["log", "snacks", "--at", "2026-03-0\(day) 15:00"], home.path, now: "2026-03-05 16:00") }
        let switched = haven(["mode", "snacks", "avoidance", "--yes"], home.path, now: "2026-03-07 10:00")
        XCTAssertEqual(switched.stdout, "Your awareness streak will be archived: 0 days now, 5 days at its longest "
            + "(2026-03-01 to 2026-03-06); the avoidance streak starts today.\nSnacks is now in avoidance mode · streak 1.\n")
        let back = haven(["mode", "snacks", "awareness", "--yes"], home.path, now: "2026-03-09 10:00")
        XCTAssertEqual(back.stdout, "Your avoidance streak will be archived: 3 days now, 3 days at its longest "
            + "(2026-03-07 to 2026-03-09); the awareness streak starts today.\nSnacks is now in awareness mode · streak 0.\n")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(haven(["streak", "snacks", "--json"], home.path,
                                                                               now: "2026-03-09 10:00").stdout.utf8)) as? [String: Any])
        let archived = try XCTUnwrap(json["archived"] as? [[String: Any]])
        XCTAssertEqual(archived.map { $0["current"] as? Int }, [0, 3])
        XCTAssertEqual(archived.map { $0["longest"] as? Int }, [5, 3])
        XCTAssertEqual(archived.map { $0["from"] as? String }, ["2026-03-01", "2026-03-07"])
        XCTAssertEqual(archived.map { $0["to"] as? String }, ["2026-03-06", "2026-03-09"])
    }

    /// Something noticed earlier on the day of the switch stays awareness's:
    /// the avoidance streak starts the next day, and the confirmation says so.
    func testAnEntryEarlierOnTheDayOfTheSwitchDoesNotBreakTheNewStreak() throws {
        let home = TemporaryDirectory().write(["trackers/snacks.yaml": original])
        for day in 1...4 { haven(["log", "snacks", "--at", "2026-03-0\(day) 10:00"], home.path, now: "2026-03-04 11:00") }
        let switched = haven(["mode", "snacks", "avoidance", "--yes"], home.path, now: "2026-03-04 20:00")
        XCTAssertEqual(switched.stdout, "Your awareness streak will be archived: 4 days now, 4 days at its longest "
            + "(2026-03-01 to 2026-03-04); the avoidance streak starts tomorrow, since today already holds what you "
            + "logged in awareness mode.\nSnacks is now in avoidance mode · streak 0.\n")
        XCTAssertEqual(haven(["history", "snacks", "--from", "2026-03-04"], home.path, now: "2026-03-06 20:00").stdout, """
            2026-03-05   success   streak 1   jokers 0
            2026-03-06   success   streak 2   jokers 0

            """)
        XCTAssertTrue(haven(["streak", "snacks"], home.path, now: "2026-03-06 20:00").stdout
            .hasSuffix("archived (awareness, 2026-03-01 to 2026-03-04): streak 4, longest 4\n"))
    }

    func testEditingTheModeLineByHandArchivesToo() throws {
        let home = TemporaryDirectory().write(["trackers/snacks.yaml": original])
        XCTAssertEqual(haven(["log", "snacks", "--at", "2026-03-01 15:00"], home.path, now: "2026-03-01 16:00").status, 0)
        home.write(["trackers/snacks.yaml": original.replacingOccurrences(of: "awareness", with: "avoidance")])
        let streak = haven(["streak", "snacks", "--json"], home.path, now: "2026-03-03 10:00")
        XCTAssertTrue(streak.stdout.contains("\"mode\": \"awareness\""), streak.stdout)
    }

    func testAnInheritedModeGetsOneLineAppended() throws {
        let home = TemporaryDirectory().write(["trackers/scroll.yaml": "extends: core/doomscrolling"])
        XCTAssertEqual(haven(["mode", "scroll", "avoidance", "--yes"], home.path, now: "2026-03-01 10:00").status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/scroll.yaml", encoding: .utf8),
                       "extends: core/doomscrolling\nmode: avoidance\n")
    }

    func testGoodHabitsHaveNoMode() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let result = haven(["mode", "water", "avoidance", "--yes"], home.path, now: "2026-03-01 10:00")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: 'water' is a good habit; modes are for saboteurs (type: saboteur)\n")
    }

    /// The freeze balance belongs to the tracker, not the epoch (SPEC §4.4,
    /// #29 item 5): a switch neither grants nor takes freezes.
    func testASwitchKeepsTheFreezeBalance() throws {
        let home = TemporaryDirectory().write(["trackers/snacks.yaml": original + "since: 2026-04-01\n"
            + "freezes: { start: 3, per_month: 1, max: 6 }\n"])
        let now = "2026-06-10 10:00"
        XCTAssertEqual(haven(["skip", "snacks", "--from", "2026-05-04"], home.path, now: now).status, 0)
        func available() throws -> Int? {
            let status = haven(["streak", "snacks", "--json"], home.path, now: now)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            return (json["freezes"] as? [String: Any])?["available"] as? Int
        }
        // 3 to start with, one on each first of April (the start), May and June, one spent.
        XCTAssertEqual(try available(), 5)
        XCTAssertEqual(haven(["mode", "snacks", "avoidance", "--yes"], home.path, now: now).status, 0)
        XCTAssertEqual(try available(), 5, "the epoch that starts today grants nothing and forgets nothing")
        XCTAssertEqual(haven(["mode", "snacks", "awareness", "--yes"], home.path, now: "2026-06-12 10:00").status, 0)
        XCTAssertEqual(try available(), 5)
    }
}
