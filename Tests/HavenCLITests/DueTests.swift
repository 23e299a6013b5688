import Foundation
import TestSupport
import XCTest

/// `due`: only reminders whose time has passed, on their days, for trackers
/// still open today.
final class DueTests: XCTestCase {
    private let home = TemporaryDirectory().write([
        "trackers/water.yaml": "extends: core/water\nreminder: { at: \"20:00\", message: { en: \"Glass of water?\", de: \"Ein Glas Wasser?\" } }\n",
        "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"08:00\", days: [mon, tue, wed, thu, fri] }\n",
        "trackers/noalc.yaml": "extends: core/noalc\n",
    ])

    private func due(_ now: String, _ extra: [String] = []) -> String {
        let result = HavenRun(home: home.path, now: now).run(["due"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testDueAtSeveralTimesOfDay() {
        // 2026-03-02 is a Monday. NoAlc's preset reminder is disabled.
        XCTAssertEqual(due("2026-03-02 07:59"), "Nothing due.\n")
        XCTAssertEqual(due("2026-03-02 08:00"), "Stretching   08:00   Time to check in   streak 0\n")
        XCTAssertEqual(due("2026-03-02 20:30"), """
            Stretching    08:00   Time to check in   streak 0
            Drink Water   20:00   Glass of water?    streak 0

            """)
        // Sunday: stretching's reminder is for weekdays only.
        XCTAssertEqual(due("2026-03-01 20:30"), "Drink Water   20:00   Glass of water?   streak 0\n")
        XCTAssertEqual(due("2026-03-01 09:00", ["--at", "21:00", "--lang", "de"]),
                       "Wasser trinken   20:00   Ein Glas Wasser?   Serie 0\n")
    }

    func testAnyEntryTodaySilencesAReminderUnlessItKeepsAskingUntilTheGoal() {
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-02 12:00", "TZ": "UTC"]
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["log", "water", "3"], environment: env).status, 0)
        XCTAssertEqual(due("2026-03-02 20:30"), "Nothing due.\n")
        home.write(["trackers/water.yaml": "extends: core/water\nreminder: { at: \"20:00\", until: goal }\n"])
        XCTAssertEqual(due("2026-03-02 20:30"), "Drink Water   20:00   Time to check in   streak 0\n")
        XCTAssertEqual(due("2026-03-02 20:30", ["--json"]), """
            [
              {
                "tracker": "water",
                "name": "Drink Water",
                "at": "20:00",
                "reason": "reminder",
                "message": "Time to check in",
                "streak": 0,
                "at_risk": false,
                "day": "2026-03-02",
                "outcome": "pending",
                "input": "count"
              }
            ]

            """)
        XCTAssertEqual(HavenProcess.run(["log", "water", "5"], environment: env).status, 0)
        XCTAssertEqual(due("2026-03-02 20:30", ["--json"]), "[]\n")
    }

    func testSeveralReminderTimesAndTheAtRiskTimeOfTheHome() {
        home.write(["trackers/stretching.yaml": "extends: core/stretching\n"
            + "reminder: [{ at: \"08:00\" }, { at: \"19:00\", message: Evening stretch? }]\n",
                    "pack.yaml": "at_risk: { at: \"20:00\" }\n"])
        let env = ["HAVEN_HOME": home.path, "TZ": "UTC"]
        for day in ["2026-02-27", "2026-02-28", "2026-03-01"] {
            XCTAssertEqual(HavenProcess.run(["log", "noalc", "steady", "--at", day + " 20:00"],
                                            environment: env.merging(["HAVEN_NOW": day + " 21:00"]) { $1 }).status, 0)
        }
        XCTAssertEqual(due("2026-03-02 12:00"), "Stretching   08:00   Time to check in   streak 0\n")
        XCTAssertEqual(due("2026-03-02 19:30"), "Stretching   19:00   Evening stretch?   streak 0\n")
        XCTAssertEqual(due("2026-03-02 20:00"), """
            NoAlc         20:00   Streak 3 still open   streak 3 · 0 jokers · at risk
            Stretching    19:00   Evening stretch?      streak 0
            Drink Water   20:00   Glass of water?       streak 0

            """)
        XCTAssertEqual(due("2026-03-02 20:00", ["--lang", "de"]), """
            NoAlc            20:00   Serie 3 noch offen   Serie 3 · 0 Joker · heute noch offen
            Dehnen           19:00   Evening stretch?     Serie 0
            Wasser trinken   20:00   Ein Glas Wasser?     Serie 0

            """)
    }

    func testSettingAtInYourOwnFileEnablesThePresetsReminderUnlessItSaysEnabledFalse() {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\nreminder: { at: \"21:00\" }\n"])
        XCTAssertEqual(due("2026-03-01 21:30", ["--at", "21:30"]).components(separatedBy: "\n").first,
                       "NoAlc         21:00   NoAlc Check-In    streak 0 · 0 jokers")
        home.write(["trackers/noalc.yaml": "extends: core/noalc\nreminder: { at: \"21:00\", enabled: false }\n"])
        XCTAssertFalse(due("2026-03-01 21:30").contains("NoAlc"))
    }

    func testAReminderThatCannotKeepAskingUntilAGoalIsRefused() {
        home.write(["trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"08:00\", until: goal }\n"])
        let result = HavenRun(home: home.path, now: "2026-03-02 12:00").run(["validate"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, """
            \(home.path)/trackers/stretching.yaml:2:1: error: until: goal keeps reminding until a goal of at least N is \
            met, and this tracker's input is 'check' (or remove 'until:', and any entry today silences the reminder)
                reminder: { at: "08:00", until: goal }
                ^~~~~~~~
            1 problem found

            """)
    }

    func testAWeekFrozenAheadIsNotDue() {
        home.write(["trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 2 }\n"
            + "reminder: { at: \"07:00\", message: \"Gym?\" }\n"])
        XCTAssertEqual(due("2026-03-03 09:00").components(separatedBy: "\n").first { $0.hasPrefix("Gym") },
                       "Gym          07:00   Gym?               streak 0 weeks")
        let skip = HavenProcess.run(["skip", "gym", "2026-03-06"], environment: ["HAVEN_HOME": home.path,
                                                                                "HAVEN_NOW": "2026-03-03 09:00", "TZ": "UTC"])
        XCTAssertEqual(skip.stdout, "Frozen for gym: 2026-03-06.\n")
        XCTAssertFalse(due("2026-03-03 09:00").contains("Gym"), "Friday's freeze excuses the week from Monday")
    }

    func testBadTimeExits65() {
        let result = HavenProcess.run(["due", "--at", "8pm"], environment: ["HAVEN_HOME": home.path])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: cannot read the time '8pm'; write it as HH:MM, for example --at 20:30\n")
    }
}
