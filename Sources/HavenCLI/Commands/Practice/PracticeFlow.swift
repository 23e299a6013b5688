import HavenCore
import HavenPractice
import HavenPresentation
import HavenRuntime

/// A practice from the command to the log: which one, on which tracker, the
/// screen, and what it logs when it ends (SPEC §14).
struct PracticeFlow {
    /// The kind the command runs (`meditate`, `breathe`, `workout`); nil for `practice`.
    let kind: PracticeKind?
    let options: PracticeRequest
    let json: Bool
    /// `meditate --bell-every`: a bell at each such interval.
    var bellEvery: Int?

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        let words = console.words
        // What was typed is read before anything is opened.
        let milliseconds = try options.duration.map { try MeditateCommand.seconds($0, words: words) * 1000 }
        let session = try invocation.openSession(scope: .practices)
        let runtime = session.runtime
        if options.list {
            PracticeText(console: console).list(runtime.practices.filter { kind == nil || $0.kind == kind })
            return
        }
        var (practice, memory) = try choose(runtime: runtime, milliseconds: milliseconds, words: words)
        if let bellEvery { practice.bells.every = bellEvery * 1000 }

        // The tracker is checked before the practice starts, never after it.
        let log = practice.logs.map { logs in PracticeLog(tracker: options.tracker ?? logs.tracker, value: logs.value, of: logs.of) }
            ?? options.tracker.map { PracticeLog(tracker: $0, value: .minutes) }
        var input = InputKind.check
        if let log {
            let definition: TrackerDefinition
            do {
                definition = try runtime.tracker(log.tracker)
            } catch {
                guard options.tracker == nil, case .unknownTracker(let id, _, let preset) = error else { throw error }
                throw PracticeFlow.missing(practice.shortName, tracker: id, preset: preset, words: words)
            }
            guard definition.input != .levels else {
                throw CLIError(.dataError, words("'{}' takes levels, so it cannot take what {} logs; give another "
                    + "tracker with --tracker, for example --tracker meditation", log.tracker, practice.shortName))
            }
            input = definition.input
        }
        // Remembered before it starts: the command alone starts the same again.
        runtime.remember(memory)

        let timeline = PracticeTimeline(practice.phases)
        let screen = PracticeScreen(practice: practice, timeline: timeline, console: console, quiet: options.quiet,
                                    sound: options.sound, environment: invocation.environment)
        let ended = screen.run()
        let logged = log.map { PracticeOutcome.value($0, timeline: timeline, elapsed: ended.elapsed, input: input) }
        guard ended.completed || options.logPartial else {
            console.err(words("Stopped after {}; nothing logged (--log-partial logs the part done).",
                              PracticeText.clock(ended.elapsed)))
            throw CLIError.silent(.interrupted)
        }
        guard let log, case .value(let value)? = logged else {
            if log != nil {
                console.err(words("Stopped before anything counted; nothing logged."))
            } else if ended.completed && !json {
                console.out(words("{}: done ({}).", practice.name.resolve(console.language), PracticeText.clock(ended.elapsed)))
            }
            if !ended.completed { throw CLIError.silent(.interrupted) }
            return
        }
        let result = try session.log(log.tracker, value: value, at: nil, note: nil, trigger: nil, source: "timer")
        LogRequest.reply(result, json: json, console: console)
        if !ended.completed { throw CLIError.silent(.interrupted) }
    }

    private func choose(runtime: Runtime, milliseconds: Int?, words: Words) throws
        -> (PracticeDefinition, PracticeMemory) {
        do {
            return try PracticeChoice.choose(options.name, kind: kind, milliseconds: milliseconds,
                                             practices: runtime.practices, memory: runtime.practiceMemory)
        } catch .unknown(let name, let near) {
            let list = kind.map { "haven \(PracticeFlow.command($0)) --list" } ?? "haven practice --list"
            throw CLIError(.usage, near.map { words("no practice '{}' (did you mean '{}'?); '{}' lists them", name, $0, list) }
                ?? words("no practice '{}'; '{}' lists them", name, list))
        } catch .otherKind(let name, let other) {
            throw CLIError(.usage, words("{} is a {} practice; run it with 'haven {} {}'", name,
                                         words(other.rawValue), PracticeFlow.command(other), name))
        } catch .noneOfKind(let wanted) {
            throw CLIError(.dataError, words("there is no {} practice; add one to your home's practices/ folder",
                                             words(wanted.rawValue)))
        } catch .fixedLength(let name) {
            throw CLIError(.usage, words("{} has no length to change; run it without --duration", name))
        }
    }

    /// A practice's own tracker that the home does not have.
    private static func missing(_ practice: String, tracker id: String, preset: String?, words: Words) -> CLIError {
        CLIError(.dataError, preset.map {
            words("{} logs on the tracker '{}', which you do not have; add it with 'haven add {}', or give another "
                  + "with --tracker ID", practice, id, $0)
        } ?? words("{} logs on the tracker '{}', which you do not have; give another with --tracker ID ('haven "
                   + "trackers' lists them)", practice, id))
    }

    /// The command that runs a kind.
    static func command(_ kind: PracticeKind) -> String {
        switch kind {
        case .meditation: "meditate"
        case .breathing: "breathe"
        case .workout: "workout"
        }
    }
}
