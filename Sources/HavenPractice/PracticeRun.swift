import HavenCore

/// A practice being run: where it is, measured against a monotonic clock
/// given in nanoseconds, never by counting sleeps (SPEC §14). Pauses, and
/// stretches when the process did not run at all (SIGSTOP, then SIGCONT),
/// are left out of the practice's time, so it resumes where it was.
public final class PracticeRun {
    public let timeline: PracticeTimeline
    public let bells: PracticeBells
    private let startedAt: Int64
    /// Nanoseconds spent paused or stopped, before `pausedAt`.
    private var pausedTotal: Int64 = 0
    private var pausedAt: Int64?
    private var lastStep: Int?
    private var lastPhase: Int?
    private var everyBells = 0
    private var finished = false

    /// What happened since the last `advance`.
    public enum Event: Equatable, Sendable {
        /// A new step began (a breath's in, a phase): the screen changes.
        case step(Int)
        /// A bell: at the start, at a phase change, at an interval, at the end.
        case bell(Bell)
        case finished
    }

    public enum Bell: Equatable, Sendable {
        case start, phase, interval, end
    }

    public init(timeline: PracticeTimeline, bells: PracticeBells, now: Int64) {
        self.timeline = timeline
        self.bells = bells
        startedAt = now
    }

    public var isPaused: Bool { pausedAt != nil }
    public var isFinished: Bool { finished }

    /// Milliseconds of the practice run at `now`, pauses left out.
    public func elapsed(at now: Int64) -> Int {
        let stoppedAt = pausedAt ?? now
        let running = stoppedAt - startedAt - pausedTotal
        return Int(max(0, min(Int64(timeline.total), running / 1_000_000)))
    }

    public func pause(at now: Int64) {
        guard pausedAt == nil, !finished else { return }
        pausedAt = now
    }

    public func resume(at now: Int64) {
        guard let pausedAt else { return }
        pausedTotal += max(0, now - pausedAt)
        self.pausedAt = nil
    }

    /// A stretch of `nanoseconds` the process did not run (it was stopped):
    /// left out as a pause is.
    public func leaveOut(_ nanoseconds: Int64) {
        guard pausedAt == nil else { return }
        pausedTotal += max(0, nanoseconds)
    }

    /// The events between the last call and `now`, in order: at most one
    /// step change (a runner that fell behind shows where it is, not every
    /// step it missed), the bells due, and the end.
    public func advance(at now: Int64) -> [Event] {
        guard !finished else { return [] }
        var events: [Event] = []
        let elapsed = self.elapsed(at: now)
        if lastStep == nil, bells.start { events.append(.bell(.start)) }
        if let index = timeline.step(at: elapsed) {
            if index != lastStep {
                // The bell rings as the new phase begins, then the screen shows it.
                let phase = timeline.steps[index].phase
                if let lastPhase, phase != lastPhase, bells.phase { events.append(.bell(.phase)) }
                events.append(.step(index))
                lastPhase = phase
                lastStep = index
            }
            if let every = bells.every, every > 0, elapsed / every > everyBells {
                everyBells = elapsed / every
                events.append(.bell(.interval))
            }
        } else {
            finished = true
            if bells.end { events.append(.bell(.end)) }
            events.append(.finished)
        }
        return events
    }

    /// When the runner should next look, in the clock's nanoseconds: the
    /// next step's start or interval bell, and no later than `redraw`
    /// nanoseconds from now (for the screen's countdown).
    public func nextWake(at now: Int64, redraw: Int64) -> Int64 {
        guard pausedAt == nil, !finished else { return now + redraw }
        let elapsed = Int64(self.elapsed(at: now))
        var next = Int64(timeline.total)
        if let index = timeline.step(at: Int(elapsed)) { next = Int64(timeline.steps[index].end) }
        if let every = bells.every, every > 0 { next = min(next, (elapsed / Int64(every) + 1) * Int64(every)) }
        let due = startedAt + pausedTotal + next * 1_000_000
        return max(now, min(due, now + redraw))
    }

    /// What the screen shows at `now`.
    public func frame(at now: Int64) -> PracticeFrame {
        let elapsed = self.elapsed(at: now)
        let index = timeline.step(at: elapsed)
        let step = index.map { timeline.steps[$0] }
        // The phase's own span: a breathing pattern's steps are one phase.
        let phaseSteps = step.map { current in timeline.steps.filter { $0.phase == current.phase } } ?? []
        let phaseStart = phaseSteps.first?.start ?? 0, phaseEnd = phaseSteps.last?.end ?? timeline.total
        let next = index.flatMap { i in timeline.steps[(i + 1)...].first { $0.phase != timeline.steps[i].phase } }
        return PracticeFrame(elapsed: elapsed, total: timeline.total, step: step, stepIndex: index,
                             intoStep: step.map { elapsed - $0.start } ?? 0, phaseLength: phaseEnd - phaseStart, phaseLeft: max(0, phaseEnd - elapsed),
                             next: next, paused: pausedAt != nil)
    }
}

/// One look at a running practice, for the screen.
public struct PracticeFrame: Equatable, Sendable {
    public var elapsed: Int
    public var total: Int
    public var step: PracticeTimeline.Step?
    public var stepIndex: Int?
    /// Milliseconds into the current step.
    public var intoStep: Int
    /// Milliseconds of the current phase (a breathing pattern's breaths together), and left of it.
    public var phaseLength: Int
    public var phaseLeft: Int
    /// The next phase's first step (a workout shows the next exercise).
    public var next: PracticeTimeline.Step?
    public var paused: Bool

    public var left: Int { max(0, total - elapsed) }

    /// How full the breath is, 0 to 1: growing on the in-breath, full while
    /// held, shrinking on the out-breath, empty while held out; nil outside
    /// a breathing pattern.
    public var breath: Double? {
        guard let step, case .breath(let kind) = step.kind else { return nil }
        let part = step.milliseconds > 0 ? min(1, max(0, Double(intoStep) / Double(step.milliseconds))) : 1
        switch kind {
        case .breatheIn: return part
        case .hold: return 1
        case .breatheOut: return 1 - part
        case .holdOut: return 0
        }
    }
}
