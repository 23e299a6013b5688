import HavenCore
import HavenPractice
import XCTest

/// Which practice a command runs, and how long (SPEC §14).
final class PracticeChoiceTests: XCTestCase {
    private func practice(_ reference: String, _ kind: PracticeKind, _ phases: [PracticePhase]) -> PracticeDefinition {
        PracticeDefinition(reference: reference, name: LocalizedText(reference), icon: nil, kind: kind, phases: phases,
                           logs: nil, health: nil)
    }

    private var practices: [PracticeDefinition] {
        [practice("local/open", .meditation, [.timed(TimedPhase(key: .sit, milliseconds: 300_000))]),
         practice("core/open", .meditation, [.timed(TimedPhase(key: .sit, milliseconds: 600_000))]),
         practice("core/two-phase", .meditation, [.timed(TimedPhase(key: .sit, milliseconds: 1_200_000)),
                                                  .timed(TimedPhase(key: .close, milliseconds: 120_000))]),
         practice("core/box-breathing", .breathing, [.breathe(BreathPattern(breatheIn: 4000, hold: 4000, breatheOut: 4000,
                                                                            holdOut: 4000), length: .duration(240_000))]),
         practice("core/tabata", .workout, [.rounds(8, [.timed(TimedPhase(key: .work, milliseconds: 20_000)),
                                                        .timed(TimedPhase(key: .rest, milliseconds: 10_000))])]),
         practice("core/seven-minute", .workout, [.timed(TimedPhase(key: .work, milliseconds: 30_000))])]
    }

    func testANameRunsThatPracticeTheHomesFirst() throws {
        let (chosen, memory) = try PracticeChoice.choose("open", kind: nil, milliseconds: nil, practices: practices,
                                                         memory: PracticeMemory())
        XCTAssertEqual(chosen.reference, "local/open")
        XCTAssertEqual(memory.text, "last meditation\nmeditation local/open 0\n")
        XCTAssertEqual(try PracticeChoice.choose("core/open", kind: .meditation, milliseconds: nil, practices: practices,
                                                 memory: PracticeMemory()).practice.reference, "core/open")
    }

    func testALengthStretchesWhatHasOne() throws {
        let two = try PracticeChoice.choose("two-phase", kind: .meditation, milliseconds: 60_000, practices: practices,
                                            memory: PracticeMemory()).practice
        XCTAssertEqual(PracticeTimeline(two.phases).total, 60_000 + 120_000, "the sitting only")
        let box = try PracticeChoice.choose("box-breathing", kind: nil, milliseconds: 60_000, practices: practices,
                                            memory: PracticeMemory()).practice
        XCTAssertEqual(PracticeTimeline(box.phases).total, 48_000, "three whole breaths of 16 s")
        let tabata = try PracticeChoice.choose("tabata", kind: .workout, milliseconds: 100_000, practices: practices,
                                               memory: PracticeMemory()).practice
        XCTAssertEqual(PracticeTimeline(tabata.phases).total, 90_000, "three rounds of 30 s")
        XCTAssertThrowsError(try PracticeChoice.choose("seven-minute", kind: nil, milliseconds: 60_000,
                                                       practices: practices, memory: PracticeMemory())) { error in
            XCTAssertEqual(error as? PracticeChoice.Refusal, .fixedLength("seven-minute"))
        }
    }

    func testWithoutANameTheLastOfTheKindAtItsLengthElseTheCoresFirst() throws {
        var memory = PracticeMemory()
        memory.last[.meditation] = ("core/two-phase", 60_000)
        memory.mostRecent = .meditation
        let again = try PracticeChoice.choose(nil, kind: .meditation, milliseconds: nil, practices: practices, memory: memory)
        XCTAssertEqual(again.practice.reference, "core/two-phase")
        XCTAssertEqual(PracticeTimeline(again.practice.phases).total, 180_000)
        XCTAssertEqual(try PracticeChoice.choose(nil, kind: nil, milliseconds: nil, practices: practices, memory: memory)
            .practice.reference, "core/two-phase", "practice alone: the most recent kind")
        XCTAssertEqual(try PracticeChoice.choose(nil, kind: .workout, milliseconds: nil, practices: practices, memory: memory)
            .practice.reference, "core/seven-minute")
        XCTAssertEqual(try PracticeChoice.choose(nil, kind: .breathing, milliseconds: nil, practices: practices,
                                                 memory: PracticeMemory()).practice.reference, "core/box-breathing")
        // A remembered practice that is gone: the kind's first again.
        memory.last[.meditation] = ("gone/calm", 1000)
        XCTAssertEqual(try PracticeChoice.choose(nil, kind: .meditation, milliseconds: nil, practices: practices,
                                                 memory: memory).practice.reference, "core/open")
    }

    func testRefusals() {
        XCTAssertThrowsError(try PracticeChoice.choose("tabta", kind: .workout, milliseconds: nil, practices: practices,
                                                       memory: PracticeMemory())) { error in
            XCTAssertEqual(error as? PracticeChoice.Refusal, .unknown("tabta", near: "tabata"))
        }
        XCTAssertThrowsError(try PracticeChoice.choose("tabata", kind: .breathing, milliseconds: nil, practices: practices,
                                                       memory: PracticeMemory())) { error in
            XCTAssertEqual(error as? PracticeChoice.Refusal, .otherKind("tabata", .workout))
        }
        XCTAssertThrowsError(try PracticeChoice.choose(nil, kind: .breathing, milliseconds: nil, practices: [],
                                                       memory: PracticeMemory())) { error in
            XCTAssertEqual(error as? PracticeChoice.Refusal, .noneOfKind(.breathing))
        }
    }
}
