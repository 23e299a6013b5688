import TestSupport
import XCTest

/// Values and cross-field rules of the tracker schema (SPEC §2.2–2.4).
final class SchemaDiagnosticTests: XCTestCase {
    func testUnknownInput() {
        assertDiagnostics([
            "trackers/t.yaml": "name: Water\ninput: counter\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
    input: counter
           ^~~~~~~
"""#,
        ])
    }

    func testUnknownType() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ntype: saboter\n",
        ], [
            #"""
trackers/t.yaml:2:7: error: unknown type 'saboter' (did you mean 'saboteur'?)
    type: saboter
          ^~~~~~~
"""#,
        ])
    }

    func testMissingName() {
        assertDiagnostics([
            "trackers/t.yaml": "icon: \"💧\"\ninput: check\n",
        ], [
            #"""
trackers/t.yaml:1:1: error: a tracker needs a 'name:' (or 'extends:' a preset that has one)
    icon: "💧"
    ^
"""#,
        ])
    }

    func testGoalCheck() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: check\ngoal: { at_least: 3 }\n",
        ], [
            #"""
trackers/t.yaml:3:1: error: goal is only for count and amount trackers, and this one's input is 'check'
    goal: { at_least: 3 }
    ^~~~
"""#,
        ])
    }

    func testLevelsCheck() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nlevels: core/noalc\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: levels are only for trackers with 'input: levels', and this one's input is 'check'
    levels: core/noalc
    ^~~~~~
"""#,
        ])
    }

    func testLevelsMissing() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: a levels tracker needs 'levels:', a level set such as core/noalc or a list of levels
    input: levels
           ^~~~~~
"""#,
        ])
    }

    func testModeGood() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nmode: avoidance\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: mode is only for saboteurs; add 'type: saboteur' or remove 'mode:'
    mode: avoidance
    ^~~~
"""#,
        ])
    }

    func testRelapseGood() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak: { relapse: grace }\n",
        ], [
            #"""
trackers/t.yaml:2:11: error: relapse is only for saboteurs; add 'type: saboteur' or remove 'relapse:'
    streak: { relapse: grace }
              ^~~~~~~
"""#,
        ])
    }

    func testBoundaryRange() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nday_boundary: \"25:00\"\n",
        ], [
            #"""
trackers/t.yaml:2:15: error: day_boundary must be a time written "HH:MM" (24-hour clock, e.g. "18:00"), not '25:00'
    day_boundary: "25:00"
                  ^~~~~~~
"""#,
        ])
    }

    func testBoundaryNumber() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nday_boundary: 1800\n",
        ], [
            #"""
trackers/t.yaml:2:15: error: day_boundary must be a time written "HH:MM" (24-hour clock, e.g. "18:00"), not '1800'
    day_boundary: 1800
                  ^~~~
"""#,
        ])
    }

    func testTimesWeek() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak:\n  period: week\n  times: 8\n",
        ], [
            #"""
trackers/t.yaml:4:10: error: times is 8, more than every week can hold; use 1 to 7
      times: 8
             ^
"""#,
        ])
    }

    func testRollingPeriods() {
        assertDiagnostics([
            "trackers/a.yaml": "name: A\nstreak: { period: { rolling: 400 } }\n",
            "trackers/b.yaml": "name: B\nstreak: { period: { window: 7 } }\n",
            "trackers/c.yaml": "name: C\nstreak: { period: { rolling: 7 }, times: 8 }\n",
            "trackers/d.yaml": "name: D\nstreak: { period: {} }\n",
            "trackers/ok.yaml": "name: OK\nstreak: { period: { rolling: 7 }, times: 3 }\n",
        ], [
            #"""
trackers/a.yaml:2:30: error: rolling must be from 1 to 365, not 400
    streak: { period: { rolling: 400 } }
                                 ^~~
"""#,
            #"""
trackers/b.yaml:2:21: error: unknown key 'window' in period; a rolling period is written { rolling: 7 } (the days of its window)
    streak: { period: { window: 7 } }
                        ^~~~~~
"""#,
            #"""
trackers/c.yaml:2:42: error: times is 8, more than the 7 days of the window can hold; use 1 to 7
    streak: { period: { rolling: 7 }, times: 8 }
                                             ^
"""#,
            #"""
trackers/d.yaml:2:19: error: a rolling period needs its days, like { rolling: 7 } with times: 3 for 3 times in any 7 days
    streak: { period: {} }
                      ^~
"""#,
        ])
    }

    func testTimesDay() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak: { times: 3 }\n",
        ], [
            #"""
trackers/t.yaml:2:18: error: times counts days in a week, a month or a rolling window; set 'period: week', 'period: month' or 'period: { rolling: 7 }', or remove it
    streak: { times: 3 }
                     ^
"""#,
        ])
    }

    func testEarnZero() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nrewards: { earn_every: 0, max: 3 }\n",
        ], [
            #"""
trackers/t.yaml:2:24: error: earn_every must be at least 1, not 0
    rewards: { earn_every: 0, max: 3 }
                           ^
"""#,
        ])
    }

    func testOneLevel() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\nlevels:\n  - { key: only }\n",
        ], [
            #"""
trackers/t.yaml:4:3: error: a level set has 2 to 7 levels, this one has 1
      - { key: only }
      ^
"""#,
        ])
    }

    func testDupLevel() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\nlevels:\n  - key: ok\n  - key: ok\n",
        ], [
            #"""
trackers/t.yaml:5:10: error: level key 'ok' is used twice (first at line 4); keys must be unique
      - key: ok
             ^~
"""#,
        ])
    }

    func testNoEn() {
        assertDiagnostics([
            "trackers/t.yaml": "name: { de: Wasser }\n",
        ], [
            #"""
trackers/t.yaml:1:7: error: name needs an 'en' text, the fallback for every other language
    name: { de: Wasser }
          ^~~~~~~~~~~~~~
"""#,
        ])
    }

    func testBadLang() {
        assertDiagnostics([
            "trackers/t.yaml": "name: { en: Water, German: Wasser }\n",
        ], [
            #"""
trackers/t.yaml:1:20: error: 'German' is not a language code; use codes like en, de, fr
    name: { en: Water, German: Wasser }
                       ^~~~~~
"""#,
        ])
    }

    func testSinceBad() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nsince: 2026-02-30\n",
        ], [
            #"""
trackers/t.yaml:2:8: error: since must be a date written YYYY-MM-DD (e.g. 2026-01-31), not '2026-02-30'
    since: 2026-02-30
           ^~~~~~~~~~
"""#,
        ])
    }

    func testReminderDay() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nreminder: { at: \"20:00\", days: [mon, tues] }\n",
        ], [
            #"""
trackers/t.yaml:2:38: error: unknown day 'tues' (did you mean 'tue'?)
    reminder: { at: "20:00", days: [mon, tues] }
                                         ^~~~
"""#,
        ])
    }

    func testQuotedNumber() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak: { period: week, times: \"3\" }\n",
        ], [
            #"""
trackers/t.yaml:2:32: error: times must be a number, not the text "3"; write it without quotes
    streak: { period: week, times: "3" }
                                   ^~~
"""#,
        ])
    }

    func testBoolYes() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\npinned: yes\n",
        ], [
            #"""
trackers/t.yaml:2:9: error: pinned must be true or false, not 'yes'
    pinned: yes
            ^~~
"""#,
        ])
    }

    func testGoalBoth() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: count\ngoal: { at_least: 3, at_most: 5 }\n",
        ], [
            #"""
trackers/t.yaml:3:22: error: a goal is either at_least or at_most, not both
    goal: { at_least: 3, at_most: 5 }
                         ^~~~~~~
"""#,
        ])
    }

    func testGoalZero() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: count\ngoal: { at_least: 0 }\n",
        ], [
            #"""
trackers/t.yaml:3:19: error: at_least must be greater than 0, not 0
    goal: { at_least: 0 }
                      ^
"""#,
        ])
    }

    func testMilestones() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak: { milestones: [7, 30, 14] }\n",
        ], [
            #"""
trackers/t.yaml:2:31: error: milestones must grow from left to right, and 14 comes after 30
    streak: { milestones: [7, 30, 14] }
                                  ^~
"""#,
        ])
    }

    func testFreezeStart() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nfreezes: { start: 5, max: 3 }\n",
        ], [
            #"""
trackers/t.yaml:2:19: error: start is 5, more than the max of 3 freezes
    freezes: { start: 5, max: 3 }
                      ^
"""#,
        ])
    }

    func testIconLong() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nicon: a very long icon\n",
        ], [
            #"""
trackers/t.yaml:2:7: error: icon must be one emoji or a short text of up to 8 characters
    icon: a very long icon
          ^~~~~~~~~~~~~~~~
"""#,
        ])
    }

    func testUnitCheck() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nunit: glasses\n",
        ], [
            #"""
trackers/t.yaml:2:1: error: unit is only for count and amount trackers, and this one's input is 'check'
    unit: glasses
    ^~~~
"""#,
        ])
    }

    func testEffectTypo() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\nlevels:\n  - { key: a, effect: sucess }\n  - { key: b }\n",
        ], [
            #"""
trackers/t.yaml:4:23: error: unknown effect 'sucess' (did you mean 'success'?)
      - { key: a, effect: sucess }
                          ^~~~~~
"""#,
        ])
    }

    func testRangeRev() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\ninput: levels\nlevels:\n  - { key: a, health_range: [5, 1] }\n  - { key: b }\n",
        ], [
            #"""
trackers/t.yaml:4:29: error: health_range goes from 5 down to 1; write the smaller number first
      - { key: a, health_range: [5, 1] }
                                ^~~~~~
"""#,
        ])
    }

    func testAnInvalidPeriodDoesNotCascadeIntoTimes() {
        assertDiagnostics([
            "trackers/t.yaml": "name: X\nstreak:\n  period: weekly\n  times: 5\n",
        ], [
            #"""
trackers/t.yaml:3:11: error: unknown period 'weekly' (did you mean 'week'?)
      period: weekly
              ^~~~~~
"""#,
        ])
    }
}
