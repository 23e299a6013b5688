import Foundation
import TestSupport
import XCTest

/// Practices (SPEC §14) end to end, at phases of a second or two: the
/// screen in a real terminal (tmux), the bells and steps through a pipe,
/// what is logged, Ctrl-C, pauses, and a process stopped and continued.
final class PracticeTests: XCTestCase {
    private var home: TemporaryDirectory?

    private func makeHome() -> (TemporaryDirectory, [String: String]) {
        let home = TemporaryDirectory().write([
            "trackers/meditation.yaml": "extends: core/meditation\n",
            "trackers/workout.yaml": "extends: core/workout\n",
            "practices/short-two-phase.yaml": """
                name: { en: Short two-phase, de: Kurz zweiphasig }
                kind: meditation
                phases: [{ sit: 2s }, { close: 1s }]
                logs: { tracker: meditation, value: minutes, of: [sit] }

                """,
            "practices/short-box.yaml": """
                name: Short box
                kind: breathing
                phases:
                  - breathe: { in: 1, hold: 1, out: 1, hold_out: 1 }
                    cycles: 1
                logs: { tracker: meditation, value: minutes }

                """,
            "practices/short-intervals.yaml": """
                name: Short intervals
                kind: workout
                phases:
                  - repeat: 2
                    phases: [{ work: 1s, exercise: Squats }, { rest: 1s }]
                logs: { tracker: workout, value: rounds }

                """,
        ])
        self.home = home
        return (home, ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1",
                       "LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
    }

    private func entries(_ tracker: String, _ env: [String: String]) throws -> [[String: Any]] {
        let run = HavenProcess.run(["entries", tracker, "--json"], environment: env)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    func testTheTwoPhaseMeditationRingsAtEachChangeAndLogsItsFirstPhase() throws {
        let (_, env) = makeHome()
        let run = HavenProcess.run(["meditate", "short-two-phase"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        // Through a pipe: a line a step, a bell at the start, at the change and at the end.
        XCTAssertEqual(run.stderr, "\u{07}Short two-phase · Sitting · 00:02\n\u{07}Short two-phase · Closing · 00:01\n\u{07}")
        XCTAssertEqual(run.stdout, "Meditation: 0.033/2 min today · streak 0 · 0 jokers\n")
        let logged = try entries("meditation", env)
        XCTAssertEqual(logged.first?["value"] as? Double, 0.033)
        XCTAssertEqual(logged.first?["source"] as? String, "timer")
    }

    func testABreathingPatternShowsEachWordInOrder() throws {
        let (_, env) = makeHome()
        let run = HavenProcess.run(["breathe", "short-box"], environment: env)
        XCTAssertEqual(run.stderr, "\u{07}" + ["Breathe in", "Hold", "Breathe out", "Hold"].map { "Short box · \($0) · 00:01\n" }
            .joined() + "\u{07}")
        XCTAssertEqual(run.stdout, "Meditation: 0.066/2 min today · streak 0 · 0 jokers\n")

        let terminal = try Terminal(MeditateTests.shell("haven breathe short-box"), environment: env)
        for word in ["Breathe in ", "Hold ", "Breathe out ", "Done "] { try terminal.wait(for: word) }
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Short box\nDone         ["), done)
        XCTAssertTrue(terminal.rang)
    }

    func testAWorkoutShowsTheExerciseAndTheNextAndLogsItsRounds() throws {
        let (_, env) = makeHome()
        let terminal = try Terminal(MeditateTests.shell("haven workout short-intervals"), environment: env)
        let first = try terminal.wait(for: "Short intervals · round 1 of 2")
        XCTAssertTrue(first.contains("Squats ") && first.contains("next: Rest"), first)
        try terminal.wait(for: "round 2 of 2")
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Workout: 2/2 min today · streak 1"), done)
        XCTAssertEqual(try entries("workout", env).first?["value"] as? Double, 2)
    }

    func testCtrlCLogsNothingAndLogPartialLogsThePartDone() throws {
        let (_, env) = makeHome()
        let terminal = try Terminal(MeditateTests.shell("haven practice open --duration 1m"), environment: env)
        try terminal.wait(for: "Sitting ")
        try terminal.send("C-c")
        let stopped = try terminal.wait(for: "EXIT=130")
        XCTAssertTrue(stopped.contains("; nothing logged (--log-partial logs the part done)."), stopped)
        XCTAssertEqual(try entries("meditation", env).count, 0)

        let partial = try Terminal(MeditateTests.shell("haven practice open --duration 1m --log-partial"), environment: env)
        try partial.wait(for: "00:58 left")
        try partial.send("C-c")
        let screen = try partial.wait(for: "EXIT=130")
        XCTAssertTrue(screen.contains("Meditation: 0.0"), screen)
        let logged = try entries("meditation", env)
        XCTAssertEqual(logged.count, 1)
        XCTAssertGreaterThanOrEqual(logged.first?["value"] as? Double ?? 0, 0.033)
    }

    func testSpacePausesAndResumes() throws {
        let (_, env) = makeHome()
        let terminal = try Terminal(MeditateTests.shell("haven practice open --duration 3s"), environment: env)
        try terminal.wait(for: "Sitting ")
        try terminal.type(" ")
        let paused = try terminal.wait(for: "paused (space resumes)")
        let left = paused.split(separator: "\n").first { $0.contains("paused") }.map(String.init) ?? ""
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(try terminal.screen().split(separator: "\n").first { $0.contains("paused") }.map(String.init), left,
                       "a paused practice does not count down")
        try terminal.type(" ")
        let done = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(done.contains("Meditation: 0.05/2 min today"), done)
    }

    func testAProcessStoppedAndContinuedResumesWithoutSkippingAPhase() throws {
        let (_, env) = makeHome()
        // Stopped a second in, for three seconds: longer than what is left of the practice.
        let script = "\(HavenProcess.binary) meditate short-two-phase 2>&1 & pid=$!; sleep 1; kill -STOP $pid; sleep 3; "
            + "kill -CONT $pid; wait $pid"
        let run = HavenProcess.run(["-c", script], environment: env, executable: "/bin/sh")
        XCTAssertEqual(run.stdout, "\u{07}Short two-phase · Sitting · 00:02\n\u{07}Short two-phase · Closing · 00:01\n\u{07}"
            + "Meditation: 0.033/2 min today · streak 0 · 0 jokers\n")
    }

    func testTheLastPracticeOfAKindStartsAgainAtItsLength() throws {
        let (home, env) = makeHome()
        XCTAssertEqual(HavenProcess.run(["meditate", "open", "--duration", "1s"], environment: env).status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/last-practices", encoding: .utf8),
                       "last meditation\nmeditation core/open 1000\n")
        let again = HavenProcess.run(["meditate"], environment: env)
        XCTAssertEqual(again.stderr, "\u{07}Open meditation · Sitting · 00:01\n\u{07}")
        XCTAssertEqual(HavenProcess.run(["practice"], environment: env).stderr, again.stderr)
    }

    func testNamesKindsAndTrackersThatDoNotFitSayWhatToType() {
        let (home, env) = makeHome()
        let unknown = HavenProcess.run(["breathe", "box"], environment: env)
        XCTAssertEqual(unknown.stderr, "haven: error: no practice 'box' (did you mean 'box-breathing'?); 'haven breathe --list' lists them\n")
        XCTAssertEqual(unknown.status, 64)
        let other = HavenProcess.run(["meditate", "tabata"], environment: env)
        XCTAssertEqual(other.stderr, "haven: error: tabata is a workout practice; run it with 'haven workout tabata'\n")
        let fixed = HavenProcess.run(["workout", "seven-minute", "--duration", "5m"], environment: env)
        XCTAssertEqual(fixed.stderr, "haven: error: seven-minute has no length to change; run it without --duration\n")
        home.write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let levels = HavenProcess.run(["practice", "short-box", "--tracker", "noalc"], environment: env)
        XCTAssertEqual(levels.stderr, "haven: error: 'noalc' takes levels, so it cannot take what short-box logs; give "
            + "another tracker with --tracker, for example --tracker meditation\n")
        XCTAssertEqual(levels.status, 65)
        let walker = TemporaryDirectory().write(["trackers/walk.yaml": "name: Walk\n"])
        XCTAssertEqual(HavenProcess.run(["meditate", "open"], environment: env.merging(["HAVEN_HOME": walker.path]) { $1 }).stderr,
            "haven: error: open logs on the tracker 'meditation', which you do not have; add it with 'haven add "
            + "core/meditation', or give another with --tracker ID\n")
    }

    /// The example pack, copied into the home as a person installs a pack by
    /// hand: its practices run by name and log on the home's trackers.
    func testTheExamplePackSharesItsPractices() throws {
        let (home, env) = makeHome()
        try FileManager.default.createDirectory(atPath: home.path + "/packs", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.root + "/examples/calm-practices",
                                         toPath: home.path + "/packs/calm-practices")
        XCTAssertEqual(HavenProcess.run(["breathe", "--list"], environment: env).stdout, """
            Breathing (haven breathe NAME)
              short-box · Short box · 00:04 · logs on meditation
              4-7-8 · 4-7-8 breathing · 01:16 · logs on meditation
              box-breathing · Box breathing · 04:00 · logs on meditation
              coherent · Coherent breathing · 04:57 · logs on meditation
              calm-breathing · Calm breathing 2-4 · 03:00 · logs on meditation

            """)
        let run = HavenProcess.run(["breathe", "calm-breathing", "--duration", "6s"], environment: env)
        XCTAssertEqual(run.stderr, "\u{07}Calm breathing 2-4 · Breathe in · 00:02\nCalm breathing 2-4 · Breathe out · 00:04\n\u{07}")
        XCTAssertEqual(run.stdout, "Meditation: 0.1/2 min today · streak 0 · 0 jokers\n")
    }

    /// `health:` says what kind of session a practice is: its minutes go to
    /// `export health` as that, on a tracker without a health type of its own.
    func testAPracticesMinutesExportAsItsKindOfSession() throws {
        let (home, env) = makeHome()
        home.write(["practices/short-hiit.yaml": """
            name: Short HIIT
            kind: workout
            phases: [{ work: 1s }, { rest: 1s }]
            logs: { tracker: workout, value: minutes }
            health: workout

            """])
        XCTAssertEqual(HavenProcess.run(["workout", "short-hiit"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["meditate", "short-two-phase"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["log", "workout", "10"], environment: env).status, 0)
        let csv = HavenProcess.run(["export", "health"], environment: env).stdout
        // Without the uuid: the practice's workout, the meditation through its tracker's own type; not the typed 10.
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(rows.map { $0.split(separator: ",").dropFirst().joined(separator: ",") }, [
            "tracker,day,time,type,unit,value",
            "meditation,2026-03-10,2026-03-10T20:00:00Z,HKCategoryTypeIdentifierMindfulSession,min,0.033",
            "workout,2026-03-10,2026-03-10T20:00:00Z,HKWorkoutTypeIdentifier,min,0.033",
        ])
    }

    /// A `kill` stops a practice as Ctrl-C does: nothing logged, the part done with `--log-partial`.
    func testSIGTERMStopsAsCtrlCDoes() throws {
        let (_, env) = makeHome()
        for (flag, logged) in [("", 0), (" --log-partial", 1)] {
            let script = "\(HavenProcess.binary) practice open --duration 1m --quiet\(flag) & pid=$!; sleep 2; kill -TERM $pid; "
                + "wait $pid; echo EXIT=$?"
            let run = HavenProcess.run(["-c", script], environment: env, executable: "/bin/sh")
            XCTAssertTrue(run.stdout.hasSuffix("EXIT=130\n"), run.stdout + run.stderr)
            XCTAssertEqual(try entries("meditation", env).count, logged, flag)
        }
    }

    /// Started in the background of an interactive shell (`&`), a practice
    /// runs to its end: it never sets the terminal's mode there (SIGTTOU
    /// would stop it) nor reads its keys.
    func testAPracticeInTheBackgroundRunsToItsEnd() throws {
        let (_, env) = makeHome()
        let terminal = try Terminal(["bash", "--norc", "--noprofile", "-i"], environment: env.merging(["PS1": "$ "]) { $1 })
        try terminal.type("\(HavenProcess.binary) practice open --duration 1s --quiet &")
        try terminal.send("Enter")
        try terminal.wait(for: "Meditation: 0.016/2 min today")
        try terminal.type("wait; jobs; echo JOBS-$((1+1))")
        try terminal.send("Enter")
        let screen = try terminal.wait(for: "JOBS-2\n")
        XCTAssertFalse(screen.contains("Stopped"), screen)
        XCTAssertEqual(try entries("meditation", env).count, 1)
    }
}
