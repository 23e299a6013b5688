import Foundation
import HavenCore
import HavenPractice
import HavenPresentation
import HavenSystem

/// A practice on the terminal, on standard error (standard output keeps the
/// log's reply, JSON included): three lines redrawn in place on a terminal,
/// a line a step elsewhere, nothing with `--quiet`; a bell at each change.
/// Space pauses and resumes; Ctrl-C (or SIGTERM) stops. Time comes from the monotonic
/// clock: the loop sleeps until the next step or redraw and asks the clock
/// where the practice is, so a slow wake-up never adds up.
final class PracticeScreen {
    private let practice: PracticeDefinition
    private let timeline: PracticeTimeline
    private let console: Console
    private let quiet: Bool
    private let sound: String?
    private let environment: [String: String]
    private let text: PracticeText
    private let terminal = isatty(STDERR_FILENO) == 1
    private var drawn = false
    private var players: [ChildProcess] = []

    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0
    nonisolated(unsafe) private static var continued: sig_atomic_t = 0

    init(practice: PracticeDefinition, timeline: PracticeTimeline, console: Console, quiet: Bool, sound: Bool,
         environment: [String: String]) {
        self.practice = practice
        self.timeline = timeline
        self.console = console
        self.quiet = quiet
        self.environment = environment
        text = PracticeText(console: console)
        self.sound = sound ? PracticeScreen.player(environment) : nil
    }

    /// Runs to the end, or to Ctrl-C: the milliseconds of the practice done.
    func run() -> (elapsed: Int, completed: Bool) {
        PracticeScreen.interrupted = 0
        PracticeScreen.continued = 0
        // Ctrl-C, and a `kill`, stop the practice the same way: the terminal is put back.
        var onInterrupt = sigaction(), onTerminate = sigaction(), onContinue = sigaction()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in PracticeScreen.interrupted = 1 }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, &onInterrupt)
        sigaction(SIGTERM, &action, &onTerminate)
        action.__sigaction_handler.sa_handler = { _ in PracticeScreen.continued = 1 }
        sigaction(SIGCONT, &action, &onContinue)
        let keys = KeyInput()
        if terminal && !quiet { Console.writeAll("\u{1B}[?25l", to: STDERR_FILENO) }
        defer {
            keys.restore()
            sigaction(SIGINT, &onInterrupt, nil)
            sigaction(SIGTERM, &onTerminate, nil)
            sigaction(SIGCONT, &onContinue, nil)
            if terminal && !quiet { Console.writeAll("\u{1B}[?25h", to: STDERR_FILENO) }
            for player in players { _ = player.finish(within: 2) }
        }

        let run = PracticeRun(timeline: timeline, bells: practice.bells, now: PracticeScreen.now())
        var planned = PracticeScreen.now()
        let redraw: Int64 = timeline.steps.contains { if case .breath = $0.kind { true } else { false } }
            ? 100_000_000 : 250_000_000
        while true {
            let now = PracticeScreen.now()
            if PracticeScreen.continued != 0 {
                // Stopped (SIGSTOP, Ctrl-Z) since the planned wake-up: that stretch is no practice time.
                PracticeScreen.continued = 0
                run.leaveOut(now - planned)
                keys.enter()
            }
            if PracticeScreen.interrupted != 0 { break }
            for event in run.advance(at: now) {
                switch event {
                case .bell: ring()
                case .step(let index): if !terminal && !quiet { Console.writeAll(line(for: index) + "\n", to: STDERR_FILENO) }
                case .finished: break
                }
            }
            if terminal && !quiet { draw(run.frame(at: now)) }
            if run.isFinished { break }
            planned = run.nextWake(at: now, redraw: redraw)
            if keys.wait(until: planned, now: now) == " " {
                let at = PracticeScreen.now()
                if run.isPaused { run.resume(at: at) } else { run.pause(at: at) }
                planned = at
            }
        }
        let elapsed = run.elapsed(at: PracticeScreen.now())
        if terminal && !quiet && drawn { Console.writeAll("\n", to: STDERR_FILENO) }
        return (elapsed, run.isFinished)
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> Int64 { MonotonicClock.nanoseconds }

    private func ring() {
        Console.writeAll("\u{07}", to: STDERR_FILENO)
        if let sound, let file = PracticeScreen.bellFile {
            if let player = ChildProcess(sound, [file], environment: environment) { players.append(player) }
        }
    }

    /// A step as a line of its own, where the screen cannot be redrawn.
    private func line(for index: Int) -> String {
        let step = timeline.steps[index]
        var parts = [practice.name.resolve(console.language), text.name(of: step), PracticeText.clock(step.milliseconds)]
        if let round = step.round, let rounds = step.rounds { parts.append(console.words("round {} of {}", round, rounds)) }
        return parts.joined(separator: " · ")
    }

    /// Three lines in place: the practice and where it is, the step with its
    /// bar (a breath that fills and empties), and what comes next.
    private func draw(_ frame: PracticeFrame) {
        let words = console.words
        var title = (console.color ? (practice.icon ?? "") + " " : "") + practice.name.resolve(console.language)
        var word = "", next = ""
        if let step = frame.step {
            word = text.name(of: step)
            if let round = step.round, let rounds = step.rounds { title += " · " + words("round {} of {}", round, rounds) }
            if let breath = step.breath, let breaths = step.breaths { title += " · " + words("breath {} of {}", breath, breaths) }
            if let following = frame.next { next = words("next: {}", text.name(of: following)) }
        }
        let width = 24
        let bar: String
        if let breath = frame.breath {
            let filled = Int((breath * Double(width)).rounded())
            bar = String(repeating: "●", count: filled) + String(repeating: " ", count: width - filled)
        } else {
            let length = max(1, frame.phaseLength)
            let filled = frame.step == nil ? width : min(width, width * (length - frame.phaseLeft) / length)
            bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        }
        // A breath counts its own seconds down; a phase its time when there are others.
        let phases = Set(timeline.steps.map(\.phase)).count
        var clocks: [String] = []
        if let step = frame.step, case .breath = step.kind {
            clocks.append(String((step.milliseconds - frame.intoStep + 999) / 1000))
        } else if phases > 1, frame.step != nil {
            clocks.append(PracticeText.clock(frame.phaseLeft, up: true))
        }
        clocks.append(words("{} left", PracticeText.clock(frame.left, up: true)))
        if frame.step == nil { word = words("Done") }
        let status = clocks.joined(separator: " · ") + (frame.paused ? " · " + words("paused (space resumes)") : "")
        let lines = [title, word.padding(toLength: max(12, word.count), withPad: " ", startingAt: 0) + " [" + bar + "] " + status, next]
        let block = lines.map { "\r" + $0 + "\u{1B}[K" }.joined(separator: "\n")
        Console.writeAll((drawn ? "\u{1B}[2A" : "") + block, to: STDERR_FILENO)
        drawn = true
    }

    /// paplay or pw-play, when `--sound` asks and one is installed.
    private static func player(_ environment: [String: String]) -> String? {
        ChildProcess.find("paplay", environment: environment) ?? ChildProcess.find("pw-play", environment: environment)
    }

    /// The freedesktop sound theme's bell, when installed.
    private static let bellFile: String? = ["/usr/share/sounds/freedesktop/stereo/bell.oga",
                                            "/usr/share/sounds/freedesktop/stereo/complete.oga"]
        .first { FileManager.default.fileExists(atPath: $0) }
}

/// Keys from a terminal while a practice runs: no echo, no line editing,
/// Ctrl-C still a signal. Elsewhere (a pipe, a file) nothing is read, and
/// neither is the terminal touched while the practice runs in the
/// background (`haven meditate 10m &`): setting its mode there would stop
/// the process (SIGTTOU), and reading it too (SIGTTIN).
private final class KeyInput {
    private var saved = termios()
    private let terminal: Bool
    private var entered = false

    init() {
        terminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &saved) == 0
        enter()
    }

    /// Whether this process is the terminal's foreground job.
    private var foreground: Bool { terminal && tcgetpgrp(STDIN_FILENO) == getpgrp() }

    /// (Again) without echo or line editing: after SIGCONT the shell may have set the terminal back.
    func enter() {
        guard foreground else { return }
        entered = true
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    func restore() {
        if entered && foreground { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }

    /// Sleeps until `deadline` (the monotonic clock's nanoseconds) or a key,
    /// whichever comes first; returns the key. A signal ends the sleep early.
    func wait(until deadline: Int64, now: Int64) -> Character? {
        let milliseconds = Int32(clamping: max(0, (deadline - now + 999_999) / 1_000_000))
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard foreground else {
            _ = poll(nil, 0, milliseconds)
            return nil
        }
        guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return nil }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        return Character(Unicode.Scalar(byte))
    }
}
