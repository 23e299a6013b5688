import Foundation
import HavenCore
import HavenRuntime
import TestSupport
import XCTest

/// Haven against a second, independent reading of SPEC §3–§4.6: random
/// trackers (every input, both modes, goals, calendar and rolling periods,
/// week starts, missing and relapse rules, jokers, freezes with and without
/// a balance, mode switches, day boundaries, zones) and random histories,
/// logged and frozen through a real session on a real database, must agree
/// with `Reference` on current, longest, today, at_risk, jokers, score, the
/// freezes left and which freezes asked for were placed. `Reference` shares no code with HavenCore: its own calendar,
/// its own day assignment, its own walk. HAVEN_DIFF_SEED and HAVEN_DIFF_CASES
/// choose other cases; a failure prints the seed and the tracker.
final class DifferentialTests: XCTestCase {
    // Ten slices of one seeded sequence, so that a parallel run spreads them.
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases0To99() throws { try check(slice: 0) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases100To199() throws { try check(slice: 1) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases200To299() throws { try check(slice: 2) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases300To399() throws { try check(slice: 3) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases400To499() throws { try check(slice: 4) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases500To599() throws { try check(slice: 5) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases600To699() throws { try check(slice: 6) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases700To799() throws { try check(slice: 7) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases800To899() throws { try check(slice: 8) }
    func testHavenAgreesWithAnIndependentReadingOfTheSpecInCases900To999() throws { try check(slice: 9) }

    /// Runs the slice'th tenth of the cases (`HAVEN_DIFF_CASES`, 1,000 unless
    /// set) of the sequence `HAVEN_DIFF_SEED` makes.
    private func check(slice: Int) throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environment["HAVEN_DIFF_SEED"] ?? "") ?? 20_261_123
        let cases = Int(environment["HAVEN_DIFF_CASES"] ?? "") ?? 1_000
        let size = (cases + 9) / 10
        let numbers = min(cases, slice * size)..<min(cases, (slice + 1) * size)
        var rng = SeededGenerator(seed: seed)
        let specs = (0..<numbers.upperBound).map { _ in Case.random(&rng) }
        var failures = 0
        for number in numbers {
            let spec = specs[number]
            let home = TemporaryDirectory("haven-diff").write(["trackers/t.yaml": spec.yaml(before: true)])
            // Before a mode switch: the entries and freezes of then, in the mode of then.
            var placed: [Bool] = []
            if let moment = spec.switchMoment {
                let before = try Sessions.open(home.path, now: moment, zone: spec.zone)
                try record(spec, early: true, in: before, placed: &placed)
                home.write(["trackers/t.yaml": spec.yaml()])
                let switched = try Sessions.open(home.path, now: moment, zone: spec.zone)
                _ = try switched.status(switched.runtime.tracker("t"))
            }
            let session = try Sessions.open(home.path, now: spec.now, zone: spec.zone)
            guard session.runtime.diagnostics.isEmpty else {
                return XCTFail("case \(number): \(session.runtime.diagnostics.map(\.rendered))\n\(spec.yaml())")
            }
            try record(spec, early: false, in: session, placed: &placed)
            let status = try session.status(session.runtime.tracker("t"))
            let expected = Reference(spec).result()
            let actual = Reference.Result(current: status.current, longest: status.longest, today: status.outcome.rawValue,
                                          atRisk: status.atRisk, available: status.jokers.available,
                                          earned: status.jokers.earned, used: status.jokers.used, score: status.score,
                                          freezes: status.freezesAvailable, placed: placed)
            if !actual.agrees(with: expected) {
                failures += 1
                XCTFail("""
                    case \(number) of seed \(seed) (HAVEN_DIFF_SEED=\(seed)): Haven \(actual), reference \(expected)
                    now \(spec.now) \(spec.zone); entries \(spec.entries.map { "\($0.at)=\($0.value ?? "·")" }); \
                    freezes \(spec.freezes.map { "\(RefDay.text($0.from) ?? "")..\(RefDay.text($0.to) ?? "")\($0.early ? " early" : "")" }); \
                    mode switched \(spec.switchMoment ?? "never")
                    \(spec.yaml())
                    """)
                if failures >= 5 { return }
            }
        }
    }

    /// Logs the entries and asks for the freezes of one side of the mode
    /// switch (all of them without one); `placed` says which freezes took.
    private func record(_ spec: Case, early: Bool, in session: Session, placed: inout [Bool]) throws {
        for entry in spec.entries where spec.isEarly(day: entry.day, minute: entry.minute) == early {
            _ = try session.log("t", value: entry.value, at: entry.at, note: nil, trigger: nil)
        }
        for freeze in spec.freezes where freeze.early == early {
            do {
                _ = try session.freezes.skip("t", from: HavenCore.Day(RefDay.text(freeze.from)!),
                                             to: HavenCore.Day(RefDay.text(freeze.to)!), note: nil)
                placed.append(true)
            } catch {
                var refused = false
                switch error {
                case .freezeBeforeStart, .noFreezesLeft: refused = true
                default: break
                }
                guard refused else { throw error }
                placed.append(false)
            }
        }
    }
}
