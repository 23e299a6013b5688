import ArgumentParser
import HavenCore
import HavenPractice

/// What `practice`, `meditate`, `breathe` and `workout` share (SPEC §14).
struct PracticeOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The practice (haven practice --list names them); without it, the last one "
                                 + "run, at its last length.", valueName: "NAME"))
    var name: String?

    @Option(help: ArgumentHelp("How long: a meditation's sitting, a breathing pattern's time, as many rounds of a "
                               + "workout as fit (10m, 90s, 1h, 1m30s).", valueName: "DURATION"))
    var duration: String?

    @Option(help: ArgumentHelp("The tracker it logs on, instead of the practice's own.", valueName: "ID"))
    var tracker: String?

    @Flag(help: "On Ctrl-C, log the part done instead of nothing.")
    var logPartial = false

    @Flag(help: "List the practices and what each logs.")
    var list = false

    @Flag(help: "No screen, only the bells (for a hotkey or a notification).")
    var quiet = false

    @Flag(help: "Ring a sound too (paplay or pw-play), not only the terminal's bell.")
    var sound = false

    var request: PracticeRequest {
        PracticeRequest(name: name, duration: duration, tracker: tracker, logPartial: logPartial, list: list,
                        quiet: quiet, sound: sound)
    }
}

/// What a practice command was asked, however it was typed.
struct PracticeRequest {
    var name: String?
    var duration: String?
    var tracker: String?
    var logPartial = false
    var list = false
    var quiet = false
    var sound = false
}

/// `haven practice [NAME]`: a practice in the terminal, logged when it ends.
struct PracticeCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "practice", abstract: "A practice in the terminal: meditation, breathing or a workout, logged when it ends.",
        discussion: """
            Examples: haven practice two-phase · haven practice box-breathing --duration 5m · haven practice \
            (the last one again) · haven practice --list
            Space pauses and resumes; Ctrl-C stops and logs nothing, unless --log-partial.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: PracticeOptions

    func run(_ invocation: Invocation) throws {
        try PracticeFlow(kind: nil, options: options.request, json: global.json).run(invocation)
    }
}

/// `haven breathe [NAME]`: `practice` for breathing patterns.
struct BreatheCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "breathe", abstract: "A breathing practice: box breathing, 4-7-8, coherent breathing, or your own.",
        discussion: "Examples: haven breathe · haven breathe 4-7-8 · haven breathe coherent --duration 10m")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: PracticeOptions

    func run(_ invocation: Invocation) throws {
        try PracticeFlow(kind: .breathing, options: options.request, json: global.json).run(invocation)
    }
}

/// `haven workout [NAME]`: `practice` for interval workouts.
struct WorkoutCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "workout", abstract: "An interval workout: Tabata, the 7-minute circuit, or your own.",
        discussion: "Examples: haven workout · haven workout tabata · haven workout tabata --duration 8m")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: PracticeOptions

    func run(_ invocation: Invocation) throws {
        try PracticeFlow(kind: .workout, options: options.request, json: global.json).run(invocation)
    }
}
