import Foundation
import TestSupport
import XCTest

/// `haven add` without a preset lists the presets, a line each; `haven
/// show core/` lists what a pack holds: presets, level sets, reward rules.
final class PackContentsTests: XCTestCase {
    private let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])

    private func haven(_ arguments: [String]) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-03-10 21:00").run(arguments)
    }

    private let presets = """
        core/doomscrolling           Doomscrolling                saboteur · check
        core/feelings                Feelings                     good · check
        core/gratitude               Gratitude                    good · check
        core/journaling              Journaling                   good · check
        core/meditation              Meditation                   good · amount
        core/mood                    Mood                         good · levels
        core/nail-biting             Nail biting                  saboteur · check
        core/noalc                   NoAlc                        saboteur · levels
        core/phone-in-conversation   Phone During Conversations   saboteur · check
        core/procrastination         Procrastination              saboteur · check
        core/reading                 Reading                      good · check
        core/rumination              Rumination                   saboteur · check
        core/snacking                Snacking                     saboteur · check
        core/stretching              Stretching                   good · check
        core/walking                 Walking                      good · check
        core/water                   Drink Water                  good · count
        core/workout                 Workout                      good · amount
        """

    func testAddWithoutAPresetListsThem() throws {
        let listed = haven(["add"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, presets + "\nStart one with: haven add core/water\n")
        let json = try JSONSerialization.jsonObject(with: Data(haven(["add", "--json"]).stdout.utf8)) as? [[String: String]]
        XCTAssertEqual(json?.count, 17)
        XCTAssertEqual(json?.last, ["preset": "core/workout", "name": "Workout", "icon": "💪", "type": "good",
                                    "input": "amount"])
    }

    func testShowPackListsWhatItHolds() {
        XCTAssertEqual(haven(["show", "core/"]).stdout, """
            core 0.1.0: Presets for common habits and autopilot behaviours.
            presets (17):
            \(presets.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            level sets (3):
              core/energy   low, medium, high
              core/mood     awful, bad, okay, good, great
              core/noalc    steady, easy, wild
            reward rules (1):
              core/joker   a joker every 7 days, at most 3, heals a missed day

            """)
        let unknown = haven(["show", "focus/"])
        XCTAssertEqual(unknown.status, 66)
        XCTAssertEqual(unknown.stderr, "haven: error: no pack 'focus'; the packs here are core/, local/\n")
    }
}
