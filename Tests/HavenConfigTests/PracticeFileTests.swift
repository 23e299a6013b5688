import HavenConfig
import HavenCore
import TestSupport
import XCTest

/// Practice files (SPEC §14) are validated as trackers are: every problem at
/// its line and column, with the whole diagnostic asserted in English and
/// in German.
final class PracticeFileTests: XCTestCase {
    func testTheCorePracticesLoad() {
        let core = [PackLocation(id: "core", root: Repository.corePack, display: "core", kind: .builtin)]
        // What every other command loads reads no practice.
        XCTAssertEqual(CatalogLoader.load(core, havenVersion: "0.1.0", scope: .live).practices.count, 0)
        let everything = CatalogLoader.load(core, havenVersion: "0.1.0")
        XCTAssertEqual(everything.diagnostics.map(\.rendered), [])
        XCTAssertEqual(everything.practices.map(\.reference).sorted(), [
            "core/4-7-8", "core/box-breathing", "core/coherent", "core/open", "core/seven-minute", "core/tabata",
            "core/two-phase",
        ])
        let tabata = everything.practice("tabata").map { PracticeTimeline($0.phases) }
        XCTAssertEqual(tabata?.total, 240_000)
        let circuit = everything.practice("core/seven-minute").map { PracticeTimeline($0.phases) }
        XCTAssertEqual(circuit?.steps.filter { $0.exercise != nil }.count, 12)
        XCTAssertEqual(circuit?.total, 12 * 30_000 + 11 * 10_000)
        XCTAssertEqual(everything.practice("two-phase")?.logs, PracticeLog(tracker: "meditation", value: .minutes, of: [.sit]))
        // As many whole breaths of 11 s as fit in 5 minutes: 27.
        XCTAssertEqual(everything.practice("coherent").map { PracticeTimeline($0.phases).total }, 27 * 11_000)
        XCTAssertEqual(everything.practice("4-7-8")?.name.resolve("de"), "4-7-8-Atmung")
    }

    func testEveryKeyIsChecked() {
        assertDiagnostics([
            "practices/a.yaml": """
                name: Evening
                kind: meditaton
                phases:
                  - sit: 10
                  - { rest: 10s, exercise: Squats }
                  - siit: 5m
                bells: { start: yes, every: 2x }
                health: mindful
                colour: blue

                """,
        ], [
            #"""
practices/a.yaml:2:7: error: unknown kind 'meditaton' (did you mean 'meditation'?)
    kind: meditaton
          ^~~~~~~~~
"""#, #"""
practices/a.yaml:4:10: error: sit must be a length such as 30s, 10m, 1h or 1m30s, not '10'
      - sit: 10
             ^~
"""#, #"""
practices/a.yaml:5:18: error: 'exercise' goes with a work phase, not with rest
      - { rest: 10s, exercise: Squats }
                     ^~~~~~~~
"""#, #"""
practices/a.yaml:6:5: error: unknown key 'siit' in a phase (did you mean 'sit'?)
      - siit: 5m
        ^~~~
"""#, #"""
practices/a.yaml:7:17: error: start must be true or false, not 'yes'
    bells: { start: yes, every: 2x }
                    ^~~
"""#, #"""
practices/a.yaml:7:29: error: every must be a length such as 30s, 10m, 1h or 1m30s, not '2x'
    bells: { start: yes, every: 2x }
                                ^~
"""#, #"""
practices/a.yaml:8:9: error: unknown health 'mindful' (did you mean 'mindful_session'?)
    health: mindful
            ^~~~~~~
"""#, #"""
practices/a.yaml:9:1: error: unknown key 'colour' in a practice; valid keys: name, icon, kind, phases, bells, logs, health
    colour: blue
    ^~~~~~
"""#,
        ], german: [
            #"""
practices/a.yaml:2:7: Fehler: kind 'meditaton' ist unbekannt (meintest du 'meditation'?)
    kind: meditaton
          ^~~~~~~~~
"""#, #"""
practices/a.yaml:4:10: Fehler: sit muss eine Dauer wie 30s, 10m, 1h oder 1m30s sein, nicht '10'
      - sit: 10
             ^~
"""#, #"""
practices/a.yaml:5:18: Fehler: 'exercise' gehört zu einer Phase work, nicht zu rest
      - { rest: 10s, exercise: Squats }
                     ^~~~~~~~
"""#, #"""
practices/a.yaml:6:5: Fehler: eine Phase kennt keinen Schlüssel 'siit' (meintest du 'sit'?)
      - siit: 5m
        ^~~~
"""#, #"""
practices/a.yaml:7:17: Fehler: start muss true oder false sein, nicht 'yes'
    bells: { start: yes, every: 2x }
                    ^~~
"""#, #"""
practices/a.yaml:7:29: Fehler: every muss eine Dauer wie 30s, 10m, 1h oder 1m30s sein, nicht '2x'
    bells: { start: yes, every: 2x }
                                ^~
"""#, #"""
practices/a.yaml:8:9: Fehler: health 'mindful' ist unbekannt (meintest du 'mindful_session'?)
    health: mindful
            ^~~~~~~
"""#, #"""
practices/a.yaml:9:1: Fehler: eine Übung kennt keinen Schlüssel 'colour'; gültige Schlüssel: name, icon, kind, phases, bells, logs, health
    colour: blue
    ^~~~~~
"""#,
        ])
    }

    func testEmptyPhasesAndAMissingNameAndKind() {
        assertDiagnostics([
            "practices/b.yaml": "icon: \"🫁\"\nphases: []\n",
        ], [
            #"""
practices/b.yaml:1:1: error: a practice needs a 'kind:', one of meditation, breathing, workout
    icon: "🫁"
    ^
"""#, #"""
practices/b.yaml:1:1: error: a practice needs a 'name:'
    icon: "🫁"
    ^
"""#, #"""
practices/b.yaml:2:9: error: phases must list at least one phase, such as { sit: 10m }
    phases: []
            ^~
"""#,
        ], german: [
            #"""
practices/b.yaml:1:1: Fehler: eine Übung braucht eine 'kind:', eine von meditation, breathing, workout
    icon: "🫁"
    ^
"""#, #"""
practices/b.yaml:1:1: Fehler: eine Übung braucht einen 'name:'
    icon: "🫁"
    ^
"""#, #"""
practices/b.yaml:2:9: Fehler: phases muss mindestens eine Phase nennen, etwa { sit: 10m }
    phases: []
            ^~
"""#,
        ])
    }

    func testBadDurationsAndCyclesOfZero() {
        assertDiagnostics([
            "practices/c.yaml": """
                name: Breath
                kind: breathing
                phases:
                  - breathe: { in: 4, out: 0 }
                    cycles: 0
                  - breathe: { in: 4, out: 4 }
                  - breathe: { in: 4, out: 4 }
                    cycles: 3
                    duration: 1m
                  - { work: 25h }
                  - { sit: 5m, close: 1m }
                  - repeat: 3

                """,
        ], [
            #"""
practices/c.yaml:4:28: error: out is seconds above 0 up to 60, not 0
      - breathe: { in: 4, out: 0 }
                               ^
"""#, #"""
practices/c.yaml:5:13: error: cycles must be from 1 to 1000, not 0
        cycles: 0
                ^
"""#, #"""
practices/c.yaml:6:5: error: breathe needs 'cycles:' (breaths) or 'duration:' (such as 5m) beside it
      - breathe: { in: 4, out: 4 }
        ^
"""#, #"""
practices/c.yaml:9:5: error: give breathe either 'cycles:' or 'duration:', not both
        duration: 1m
        ^~~~~~~~
"""#, #"""
practices/c.yaml:10:13: error: work must be longer than 0s and at most 24h, not '25h'
      - { work: 25h }
                ^~~
"""#, #"""
practices/c.yaml:11:16: error: a phase is one of sit, rest, work, close, breathe or repeat, and this one has 'sit' and 'close'; write each as a phase of its own
      - { sit: 5m, close: 1m }
                   ^~~~~
"""#, #"""
practices/c.yaml:12:5: error: a repeat needs 'phases:', the list repeated, such as [{ work: 20s }, { rest: 10s }]
      - repeat: 3
        ^~~~~~
"""#,
        ], german: [
            #"""
practices/c.yaml:4:28: Fehler: out sind Sekunden über 0 bis 60, nicht 0
      - breathe: { in: 4, out: 0 }
                               ^
"""#, #"""
practices/c.yaml:5:13: Fehler: cycles muss von 1 bis 1000 sein, nicht 0
        cycles: 0
                ^
"""#, #"""
practices/c.yaml:6:5: Fehler: breathe braucht daneben 'cycles:' (Atemzüge) oder 'duration:' (etwa 5m)
      - breathe: { in: 4, out: 4 }
        ^
"""#, #"""
practices/c.yaml:9:5: Fehler: gib breathe entweder 'cycles:' oder 'duration:', nicht beides
        duration: 1m
        ^~~~~~~~
"""#, #"""
practices/c.yaml:10:13: Fehler: work muss länger als 0s und höchstens 24h sein, nicht '25h'
      - { work: 25h }
                ^~~
"""#, #"""
practices/c.yaml:11:16: Fehler: eine Phase ist eines von sit, rest, work, close, breathe oder repeat, und diese hat 'sit' und 'close'; schreib jedes als eigene Phase
      - { sit: 5m, close: 1m }
                   ^~~~~
"""#, #"""
practices/c.yaml:12:5: Fehler: eine Wiederholung braucht 'phases:', die wiederholte Liste, etwa [{ work: 20s }, { rest: 10s }]
      - repeat: 3
        ^~~~~~
"""#,
        ])
    }

    func testLogsNamesATrackerOfTheHomeAndPhasesThePracticeHas() {
        assertDiagnostics([
            "trackers/meditation.yaml": "extends: core/meditation\n",
            "practices/d.yaml": """
                name: Sit
                kind: meditation
                phases: [{ sit: 10m }, { close: 1m }]
                logs: { tracker: meditaton, value: minutes, of: [work] }

                """,
            "practices/e.yaml": "name: E\nkind: workout\nphases: [{ work: 1m }]\nlogs: { value: done, of: [work] }\n",
        ], [
            #"""
practices/d.yaml:4:18: error: no tracker 'meditaton' (did you mean 'meditation'?); logs names one of your trackers ('haven trackers' lists them)
    logs: { tracker: meditaton, value: minutes, of: [work] }
                     ^~~~~~~~~
"""#, #"""
practices/d.yaml:4:50: error: this practice has no work phase; of names phases it has: close, sit
    logs: { tracker: meditaton, value: minutes, of: [work] }
                                                     ^~~~
"""#, #"""
practices/e.yaml:4:7: error: logs needs 'tracker:', the tracker a finished practice logs on
    logs: { value: done, of: [work] }
          ^~~~~~~~~~~~~~~~~~~~~~~~~~~
"""#, #"""
practices/e.yaml:4:22: error: 'of' picks the phases whose minutes count, so it goes with value: minutes
    logs: { value: done, of: [work] }
                         ^~
"""#,
        ], german: [
            #"""
practices/d.yaml:4:18: Fehler: es gibt keinen Tracker 'meditaton' (meintest du 'meditation'?); logs nennt einen deiner Tracker ('haven trackers' listet sie)
    logs: { tracker: meditaton, value: minutes, of: [work] }
                     ^~~~~~~~~
"""#, #"""
practices/d.yaml:4:50: Fehler: diese Übung hat keine Phase work; of nennt Phasen, die sie hat: close, sit
    logs: { tracker: meditaton, value: minutes, of: [work] }
                                                     ^~~~
"""#, #"""
practices/e.yaml:4:7: Fehler: logs braucht 'tracker:', den Tracker, in den eine fertige Übung einträgt
    logs: { value: done, of: [work] }
          ^~~~~~~~~~~~~~~~~~~~~~~~~~~
"""#, #"""
practices/e.yaml:4:22: Fehler: 'of' wählt die Phasen, deren Minuten zählen, und gehört darum zu value: minutes
    logs: { value: done, of: [work] }
                         ^~
"""#,
        ])
    }
}
