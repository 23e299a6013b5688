/// A practice laid out in time: every step with its start and length in
/// milliseconds from the practice's start, so that a runner only asks
/// "where are we at t?" of a monotonic clock and never counts sleeps.
public struct PracticeTimeline: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case timed(PhaseKey)
            case breath(BreathStep)
        }

        public var kind: Kind
        public var start: Int
        public var milliseconds: Int
        public var exercise: LocalizedText?
        /// The phase this step belongs to, counted from 0: each timed step
        /// is a phase, a breathing pattern's steps are one. A bell rings
        /// where it changes.
        public var phase: Int
        /// Within a `repeat`: the round (from 1) and how many there are.
        public var round: Int?
        public var rounds: Int?
        /// Within a breathing pattern: the breath (from 1) and how many there are.
        public var breath: Int?
        public var breaths: Int?

        public var end: Int { start + milliseconds }
    }

    public enum BreathStep: String, Sendable, CaseIterable {
        case breatheIn = "in", hold, breatheOut = "out", holdOut = "hold_out"
    }

    public let steps: [Step]
    public let total: Int

    public init(_ phases: [PracticePhase]) {
        var builder = Builder()
        builder.add(phases, round: nil)
        steps = builder.steps
        total = builder.at
    }

    /// The step running `elapsed` milliseconds in; nil once it is over.
    public func step(at elapsed: Int) -> Int? {
        guard elapsed < total, !steps.isEmpty else { return nil }
        var low = 0, high = steps.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if steps[middle].start <= max(0, elapsed) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Milliseconds of the steps that count for `log`, of the first
    /// `elapsed` milliseconds: the steps of the phases `of` names (every
    /// step when it names none).
    public func countedMilliseconds(_ log: PracticeLog, elapsed: Int) -> Int {
        steps.reduce(0) { sum, step in
            if case .timed(let key) = step.kind, !log.of.isEmpty, !log.of.contains(key) { return sum }
            if case .breath = step.kind, !log.of.isEmpty { return sum }
            return sum + max(0, min(step.end, elapsed) - step.start)
        }
    }

    /// Rounds finished by `elapsed`: of the practice's `repeat`, else its
    /// breaths, else 1 once the whole practice is.
    public func roundsDone(elapsed: Int) -> Int {
        /// How many of the units `unit` numbers have all their steps done; nil when no step has one.
        func done(_ unit: KeyPath<Step, Int?>) -> Int? {
            let numbered = steps.filter { $0[keyPath: unit] != nil }
            guard !numbered.isEmpty else { return nil }
            return Set(numbered.map { $0[keyPath: unit]! }).filter { number in
                numbered.filter { $0[keyPath: unit] == number }.allSatisfy { $0.end <= elapsed }
            }.count
        }
        return done(\.round) ?? done(\.breath) ?? (elapsed >= total ? 1 : 0)
    }

    private struct Builder {
        var steps: [Step] = []
        var at = 0
        var phase = -1

        mutating func add(_ phases: [PracticePhase], round: (Int, Int)?) {
            for phase in phases {
                switch phase {
                case .timed(let timed):
                    self.phase += 1
                    append(Step(kind: .timed(timed.key), start: at, milliseconds: timed.milliseconds,
                                exercise: timed.exercise, phase: self.phase, round: round?.0, rounds: round?.1))
                case .breathe(let pattern, let length):
                    self.phase += 1
                    let breaths: Int
                    switch length {
                    case .cycles(let count): breaths = count
                    case .duration(let milliseconds): breaths = max(1, milliseconds / max(1, pattern.cycle))
                    }
                    for breath in 1...max(1, breaths) {
                        for (step, length) in [(BreathStep.breatheIn, pattern.breatheIn), (.hold, pattern.hold),
                                               (.breatheOut, pattern.breatheOut), (.holdOut, pattern.holdOut)]
                        where length > 0 {
                            append(Step(kind: .breath(step), start: at, milliseconds: length, phase: self.phase,
                                        round: round?.0, rounds: round?.1, breath: breath, breaths: breaths))
                        }
                    }
                case .rounds(let count, let inner):
                    // Rounds number the outermost repeat; an inner one only repeats.
                    for index in 1...max(1, count) { add(inner, round: round ?? (index, count)) }
                }
            }
        }

        private mutating func append(_ step: Step) {
            guard step.milliseconds > 0 else { return }
            steps.append(step)
            at += step.milliseconds
        }
    }
}

extension PracticeDefinition {
    /// The practice at another length: a meditation's first timed phase, a
    /// breathing pattern's time, or as many rounds of a workout as fit
    /// (at least one). Nil when there is nothing to stretch.
    public func lasting(_ milliseconds: Int) -> PracticeDefinition? {
        var copy = self
        switch kind {
        case .meditation:
            guard let index = phases.firstIndex(where: { if case .timed = $0 { return true } else { return false } }),
                  case .timed(var timed) = phases[index] else { return nil }
            timed.milliseconds = milliseconds
            copy.phases[index] = .timed(timed)
        case .breathing:
            guard let index = phases.firstIndex(where: { if case .breathe = $0 { return true } else { return false } }),
                  case .breathe(let pattern, _) = phases[index] else { return nil }
            copy.phases[index] = .breathe(pattern, length: .duration(milliseconds))
        case .workout:
            guard let index = phases.firstIndex(where: { if case .rounds = $0 { return true } else { return false } }),
                  case .rounds(_, let inner) = phases[index] else { return nil }
            let outside = PracticeTimeline(phases).total - PracticeTimeline([phases[index]]).total
            let round = PracticeTimeline(inner).total
            guard round > 0 else { return nil }
            copy.phases[index] = .rounds(max(1, (milliseconds - outside) / round), inner)
        }
        return copy
    }
}
