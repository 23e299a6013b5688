import HavenCore
@testable import HavenPractice
import XCTest

/// A practice run against a clock the test moves: steps, bells, pauses and
/// stretches the process was stopped, all in the practice's own time.
final class PracticeRunTests: XCTestCase {
    private let second: Int64 = 1_000_000_000
    private let box = PracticeTimeline([.breathe(BreathPattern(breatheIn: 4000, hold: 4000, breatheOut: 4000, holdOut: 4000),
                                                 length: .cycles(2))])
    private let twoPhase = PracticeTimeline([.timed(TimedPhase(key: .sit, milliseconds: 20_000)),
                                             .timed(TimedPhase(key: .close, milliseconds: 2_000))])

    func testABreathingPatternIsItsStepsInOrderAndOnePhase() {
        XCTAssertEqual(box.total, 32_000)
        XCTAssertEqual(box.steps.map(\.kind), [.breath(.breatheIn), .breath(.hold), .breath(.breatheOut), .breath(.holdOut),
                                               .breath(.breatheIn), .breath(.hold), .breath(.breatheOut), .breath(.holdOut)])
        XCTAssertEqual(box.steps.map(\.start), [0, 4000, 8000, 12_000, 16_000, 20_000, 24_000, 28_000])
        XCTAssertEqual(Set(box.steps.map(\.phase)), [0])
        XCTAssertEqual(box.steps.map(\.breath), [1, 1, 1, 1, 2, 2, 2, 2])
        // A hold of 0 is no step; a duration holds as many whole breaths as fit.
        let coherent = PracticeTimeline([.breathe(BreathPattern(breatheIn: 5500, breatheOut: 5500), length: .duration(60_000))])
        XCTAssertEqual(coherent.steps.count, 10)
        XCTAssertEqual(coherent.total, 55_000)
    }

    func testRoundsNumberTheRepeatAndCountOnlyWhenWhole() {
        let tabata = PracticeTimeline([.rounds(8, [.timed(TimedPhase(key: .work, milliseconds: 20_000)),
                                                   .timed(TimedPhase(key: .rest, milliseconds: 10_000))])])
        XCTAssertEqual(tabata.total, 240_000)
        XCTAssertEqual(tabata.steps.count, 16)
        XCTAssertEqual(tabata.steps.map(\.round), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8])
        XCTAssertEqual(Set(tabata.steps.map(\.rounds)), [8])
        XCTAssertEqual(tabata.roundsDone(elapsed: 59_999), 1)
        XCTAssertEqual(tabata.roundsDone(elapsed: 60_000), 2)
        XCTAssertEqual(tabata.roundsDone(elapsed: 240_000), 8)
    }

    func testStepsBellsAndTheEndFollowTheClock() {
        let run = PracticeRun(timeline: twoPhase, bells: PracticeBells(every: 5_000), now: 100 * second)
        XCTAssertEqual(run.advance(at: 100 * second), [.bell(.start), .step(0)])
        XCTAssertEqual(run.advance(at: 104 * second), [])
        XCTAssertEqual(run.advance(at: 105 * second), [.bell(.interval)])
        // A runner that fell behind shows where it is, with one bell a change.
        XCTAssertEqual(run.advance(at: 121 * second), [.bell(.phase), .step(1), .bell(.interval)])
        XCTAssertEqual(run.advance(at: 122 * second), [.bell(.end), .finished])
        XCTAssertEqual(run.advance(at: 130 * second), [])
        XCTAssertEqual(run.elapsed(at: 130 * second), 22_000)
    }

    func testAPauseAndAStopAreLeftOutOfThePracticesTime() {
        let run = PracticeRun(timeline: twoPhase, bells: PracticeBells(), now: 0)
        _ = run.advance(at: 0)
        run.pause(at: 5 * second)
        XCTAssertEqual(run.elapsed(at: 65 * second), 5_000, "paused for a minute, still 5 s in")
        XCTAssertEqual(run.frame(at: 65 * second).paused, true)
        run.resume(at: 65 * second)
        XCTAssertEqual(run.elapsed(at: 70 * second), 10_000)
        // SIGSTOP for 3 s: the runner sees the gap when SIGCONT comes and leaves it out.
        run.leaveOut(3 * second)
        XCTAssertEqual(run.elapsed(at: 73 * second), 10_000)
        XCTAssertEqual(run.advance(at: 73 * second), [])
        XCTAssertEqual(run.advance(at: 83 * second), [.bell(.phase), .step(1)])
        XCTAssertEqual(run.frame(at: 84 * second).phaseLeft, 1_000)
    }

    func testTheRunnerWakesAtTheNextStepNotLater() {
        let run = PracticeRun(timeline: box, bells: PracticeBells(), now: 10 * second)
        _ = run.advance(at: 10 * second)
        XCTAssertEqual(run.nextWake(at: 10 * second, redraw: second / 4), 10 * second + second / 4)
        XCTAssertEqual(run.nextWake(at: 13 * second + second / 2, redraw: second), 14 * second)
        XCTAssertEqual(run.nextWake(at: 41 * second + second / 2, redraw: second), 42 * second, "the end")
    }

    func testTheBreathGrowsOnTheInBreathAndShrinksOnTheOutBreath() {
        let run = PracticeRun(timeline: box, bells: PracticeBells(), now: 0)
        XCTAssertEqual(run.frame(at: 1 * second).breath, 0.25)
        XCTAssertEqual(run.frame(at: 6 * second).breath, 1)
        XCTAssertEqual(run.frame(at: 11 * second).breath, 0.25)
        XCTAssertEqual(run.frame(at: 13 * second).breath, 0)
    }

    func testAWorkoutShowsTheNextExercise() {
        let jacks = LocalizedText("Jumping jacks"), squats = LocalizedText("Squats")
        let circuit = PracticeTimeline([.timed(TimedPhase(key: .work, milliseconds: 30_000, exercise: jacks)),
                                        .timed(TimedPhase(key: .rest, milliseconds: 10_000)),
                                        .timed(TimedPhase(key: .work, milliseconds: 30_000, exercise: squats))])
        let run = PracticeRun(timeline: circuit, bells: PracticeBells(), now: 0)
        XCTAssertEqual(run.frame(at: 31 * second).next?.exercise, squats)
        XCTAssertEqual(run.frame(at: 31 * second).step?.kind, .timed(.rest))
    }

    func testWhatAPracticeLogs() {
        let sitOnly = PracticeLog(tracker: "meditation", value: .minutes, of: [.sit])
        XCTAssertEqual(PracticeOutcome.value(sitOnly, timeline: twoPhase, elapsed: 22_000, input: .amount), .value("0.333"))
        XCTAssertEqual(PracticeOutcome.value(sitOnly, timeline: twoPhase, elapsed: 12_000, input: .amount), .value("0.2"))
        XCTAssertEqual(PracticeOutcome.value(sitOnly, timeline: twoPhase, elapsed: 999, input: .amount), .none)
        XCTAssertEqual(PracticeOutcome.value(sitOnly, timeline: twoPhase, elapsed: 22_000, input: .count), .value("1"))
        XCTAssertEqual(PracticeOutcome.value(sitOnly, timeline: twoPhase, elapsed: 22_000, input: .check), .value(nil))
        let all = PracticeLog(tracker: "meditation", value: .minutes)
        XCTAssertEqual(PracticeOutcome.value(all, timeline: twoPhase, elapsed: 22_000, input: .amount), .value("0.366"))
        let done = PracticeLog(tracker: "stretching", value: .done)
        XCTAssertEqual(PracticeOutcome.value(done, timeline: twoPhase, elapsed: 21_999, input: .check), .none)
        XCTAssertEqual(PracticeOutcome.value(done, timeline: twoPhase, elapsed: 22_000, input: .check), .value(nil))
        let breaths = PracticeLog(tracker: "breaths", value: .rounds)
        XCTAssertEqual(PracticeOutcome.value(breaths, timeline: box, elapsed: 17_000, input: .count), .value("1"))
    }

    func testTheLastPracticeOfEachKindIsRemembered() {
        var memory = PracticeMemory()
        memory.last[.breathing] = ("core/box-breathing", 240_000)
        memory.last[.meditation] = ("core/open", 1_200_000)
        XCTAssertEqual(memory.text, "meditation core/open 1200000\nbreathing core/box-breathing 240000\n")
        let read = PracticeMemory(text: memory.text + "workout x\nnonsense core/open 5\n")
        XCTAssertEqual(read.last[.meditation]?.reference, "core/open")
        XCTAssertEqual(read.last[.breathing]?.milliseconds, 240_000)
        XCTAssertNil(read.last[.workout])
    }
}
