import HavenCore
import HavenQuick
import HavenReminders
import XCTest

/// Quick capture in process, over a host made of plain values: the order
/// of the menu's lines, what counts as answered, the bar's state, and when
/// the bar next changes by the clock alone.
final class QuickTests: XCTestCase {
    final class Host: QuickHost {
        struct Failure: Error {}

        var trackers: [TrackerDefinition] = []
        var now = (day: Day("2026-03-10")!, second: 16 * 3600 + 20 * 60, milliseconds: Int64(1_773_159_600_000))
        var atRiskAt: TimeOfDay?
        var shapes: [String: (inout TrackerStatus) -> Void] = [:]
        var dueIDs: [String: DueReminder.Reason] = [:]
        var usages: [Usage] = []
        var asked: [(hour: Int, since: Int64)] = []

        func statuses() throws(Failure) -> [TrackerStatus] {
            trackers.map { tracker in
                var status = TrackerStatus(tracker: tracker, today: now.day, archived: [])
                shapes[tracker.id]?(&status)
                return status
            }
        }

        func due() throws(Failure) -> [DueReminder] {
            try statuses().compactMap { status in
                dueIDs[status.tracker.id].map { DueReminder(status: status, at: TimeOfDay(hour: 9, minute: 0)!, message: nil,
                                                            reason: $0) }
            }
        }

        func usage(hour: Int, since: Int64) throws(Failure) -> [Usage] {
            asked.append((hour, since))
            return usages
        }

        func recentTriggers(of tracker: String, limit: Int) throws(Failure) -> [String] { [] }
    }

    private func tracker(_ id: String, input: InputKind = .check, mode: TrackerMode? = nil, pinned: Bool = false,
                         levels: [String] = [], goal: Double? = nil, boundary: String = "00:00",
                         reminders: [String] = []) -> TrackerDefinition {
        let set = levels.isEmpty ? nil : LevelSet(reference: nil, levels: levels.map {
            Level(key: $0, label: LocalizedText($0.capitalized), effect: .success)
        })
        var definition = TrackerDefinition(id: id, name: LocalizedText(id.capitalized), icon: "", type: mode == nil ? .good : .saboteur,
                                           mode: mode, input: input, goal: goal.map { .atLeast($0) }, levels: set,
                                           dayBoundary: TimeOfDay(boundary)!,
                                           reminders: reminders.compactMap(TimeOfDay.init).map { Reminder(at: $0) },
                                           pinned: pinned, origin: .init(pack: "local", file: "trackers/\(id).yaml"))
        if mode == .avoidance || mode == .awareness { definition.type = .saboteur }
        return definition
    }

    private func ids(_ host: Host) throws -> [String] {
        try Quick(host: host).actions(language: "en").map(\.id)
    }

    func testLinesArePinnedThenDueThenUsualAtThisHourThenTheRestWithAnsweredChecksLast() throws {
        let host = Host()
        host.trackers = [
            tracker("noalc", input: .levels, mode: .avoidance, pinned: true, levels: ["steady", "easy", "wild"]),
            tracker("stretch"), tracker("water", input: .count, goal: 8), tracker("walk"),
            tracker("scroll", mode: .awareness), tracker("mood", input: .levels, levels: ["good", "okay", "low"]),
        ]
        host.dueIDs = ["walk": .reminder]
        host.usages = [Usage(tracker: "scroll", level: nil, count: 3), Usage(tracker: "mood", level: "okay", count: 5),
                       Usage(tracker: "noalc", level: "easy", count: 2)]
        host.shapes["stretch"] = { $0.entriesToday = 1; $0.outcome = .success }
        XCTAssertEqual(try ids(host), [
            "noalc:level:easy", "noalc:level:steady", "noalc:level:wild",  // pinned, the usual level first
            "walk:done",                                                    // due
            "mood:level:okay", "scroll:noticed",                            // usual at 16 h, most used first
            "water:add:1", "mood:level:good", "mood:level:low",             // the rest, in tracker order
            "stretch:done",                                                 // answered today
        ])
        XCTAssertEqual(host.asked.map(\.hour), [16])
        XCTAssertEqual(host.asked.map(\.since), [host.now.milliseconds - 8 * 7 * 86_400_000])
    }

    func testAnsweredMeansACheckDoneOrALevelChosenNeverACountOrASaboteursMoment() {
        func status(_ t: TrackerDefinition, _ shape: (inout TrackerStatus) -> Void) -> TrackerStatus {
            var s = TrackerStatus(tracker: t, today: Day("2026-03-10")!, archived: [])
            shape(&s)
            return s
        }
        XCTAssertTrue(Quick<Host>.answered(status(tracker("stretch")) { $0.entriesToday = 1 }))
        XCTAssertFalse(Quick<Host>.answered(status(tracker("stretch")) { _ in }))
        XCTAssertTrue(Quick<Host>.answered(status(tracker("mood", input: .levels, levels: ["good"])) { $0.levelToday = "good" }))
        XCTAssertFalse(Quick<Host>.answered(status(tracker("water", input: .count, goal: 8)) { $0.entriesToday = 9 }))
        XCTAssertFalse(Quick<Host>.answered(status(tracker("scroll", mode: .awareness)) { $0.entriesToday = 4 }))
        XCTAssertFalse(Quick<Host>.answered(status(tracker("snack", mode: .avoidance)) { $0.entriesToday = 1 }))
    }

    func testOnlyKeepsTheTrackersNamedInTheirOrder() throws {
        let host = Host()
        host.trackers = [tracker("stretch"), tracker("water", input: .count, goal: 8), tracker("walk")]
        XCTAssertEqual(try Quick(host: host).actions(language: "en", only: ["walk", "stretch"]).map(\.id),
                       ["stretch:done", "walk:done"])
    }

    func testTheBarStateIsAtRiskThenDueThenAllDoneThenOpenThenNothingLogged() throws {
        let host = Host()
        host.trackers = [tracker("stretch"), tracker("water", input: .count, goal: 8), tracker("scroll", mode: .awareness)]
        XCTAssertEqual(try Quick(host: host).glance().state, .nothingLogged)
        host.shapes["water"] = { $0.entriesToday = 3; $0.sumToday = 3 }
        XCTAssertEqual(try Quick(host: host).glance().state, .open)
        host.dueIDs = ["stretch": .reminder]
        XCTAssertEqual(try Quick(host: host).glance().state, .due)
        host.dueIDs = ["stretch": .reminder, "water": .atRisk]
        XCTAssertEqual(try Quick(host: host).glance().state, .atRisk)
        XCTAssertEqual(try Quick(host: host).glance(only: ["stretch"]).state, .due)
        host.dueIDs = [:]
        host.shapes["stretch"] = { $0.entriesToday = 1; $0.outcome = .success }
        host.shapes["water"] = { $0.entriesToday = 8; $0.sumToday = 8; $0.outcome = .success }
        // A saboteur watched by check asks nothing: the day is done without it.
        let glance = try Quick(host: host).glance()
        XCTAssertEqual(glance.state, .allDone)
        XCTAssertEqual(glance.percentDone, 100)
        host.shapes["water"] = { $0.entriesToday = 3; $0.sumToday = 3 }
        XCTAssertEqual(try Quick(host: host).glance().percentDone, 66)
    }

    func testTheNextChangeIsTheNearestBoundaryReminderOrAtRiskTimeAtMostTheLimit() {
        let host = Host()
        host.trackers = [tracker("noalc", boundary: "18:00"), tracker("walk", reminders: ["16:30", "21:00"])]
        host.now.second = 16 * 3600 + 20 * 60  // 16:20:00
        XCTAssertEqual(Quick(host: host).secondsToNextChange(limit: 3600), 600)
        host.now.second = 17 * 3600 + 59 * 60 + 58
        XCTAssertEqual(Quick(host: host).secondsToNextChange(limit: 3600), 2)
        host.atRiskAt = TimeOfDay(hour: 18, minute: 0)
        host.now.second = 18 * 3600  // exactly at a time: the next one is tomorrow's, or a later one today
        XCTAssertEqual(Quick(host: host).secondsToNextChange(limit: 86_400), 3 * 3600)
        host.now.second = 22 * 3600
        XCTAssertEqual(Quick(host: host).secondsToNextChange(limit: 86_400), 2 * 3600)  // midnight: walk's day boundary
        XCTAssertEqual(Quick(host: host).secondsToNextChange(), 900)
    }

    func testEachMenuFitsItsContextAndGetsItsOwnArguments() {
        let terminal = MenuProgram.Context(terminal: true, wayland: false, x11: false)
        let wayland = MenuProgram.Context(terminal: false, wayland: true, x11: false)
        let x11 = MenuProgram.Context(terminal: false, wayland: false, x11: true)
        XCTAssertEqual(MenuProgram.allCases.filter { $0.fits(terminal) }, [.fzf])
        XCTAssertEqual(MenuProgram.allCases.filter { $0.fits(wayland) }, [.rofi, .wofi, .fuzzel])
        XCTAssertEqual(MenuProgram.allCases.filter { $0.fits(x11) }, [.rofi, .dmenu])
        XCTAssertEqual(MenuProgram.fzf.arguments(prompt: "Log", freeText: true),
                       ["--prompt=Log › ", "--no-sort", "--no-multi", "--layout=reverse", "--height=50%", "--print-query"])
        XCTAssertEqual(MenuProgram.rofi.arguments(prompt: "Log", freeText: false), ["-dmenu", "-i", "-p", "Log", "-no-custom"])
        XCTAssertEqual(MenuProgram.rofi.arguments(prompt: "Trigger", freeText: true), ["-dmenu", "-i", "-p", "Trigger"])
        XCTAssertEqual(MenuProgram.dmenu.package, "suckless-tools")
    }

    func testNoMenuProgramOnThePathIsAnErrorThatKnowsTheContext() {
        let context = MenuProgram.Context(terminal: true, wayland: false, x11: true)
        XCTAssertThrowsError(try MenuProgram.find(named: nil, context: context, environment: ["PATH": "/nonexistent"])) {
            XCTAssertEqual($0 as? QuickError, .noMenu(context))
        }
        XCTAssertThrowsError(try MenuProgram.find(named: "bemenu", context: context, environment: ["PATH": "/nonexistent"])) {
            XCTAssertEqual($0 as? QuickError, .unknownMenu("bemenu"))
        }
        XCTAssertThrowsError(try MenuProgram.find(named: "rofi", context: context, environment: ["PATH": "/nonexistent"])) {
            XCTAssertEqual($0 as? QuickError, .menuMissing(.rofi))
        }
    }
}
