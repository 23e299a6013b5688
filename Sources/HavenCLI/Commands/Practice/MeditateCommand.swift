import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime

/// `haven meditate`: `practice` for meditations (SPEC §14), with the
/// arguments it had before practices: a duration alone, `--bell-every`.
struct MeditateCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "meditate", abstract: "A meditation timer: open, two-phase or your own; the minutes logged at the end.",
        discussion: """
            Examples: haven meditate 10m (NAME may be a length: the last meditation for that long) · haven \
            meditate (the last one again) · haven meditate two-phase --duration 20m · haven meditate 20m --bell-every 5m
            Space pauses and resumes; Ctrl-C stops and logs nothing, unless --log-partial.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: PracticeOptions

    @Option(help: ArgumentHelp("A soft bell at every such interval, e.g. 5m.", valueName: "DURATION"))
    var bellEvery: String?

    func run(_ invocation: Invocation) throws {
        let words = invocation.console.words
        var request = options.request
        // `haven meditate 10m`: a length for the last meditation; a name starts that one.
        if let what = request.name, what.first?.isNumber == true, !MeditateCommand.isPracticeName(what, invocation: invocation) {
            request.name = nil
            request.duration = what
        }
        var flow = PracticeFlow(kind: .meditation, options: request, json: global.json)
        flow.bellEvery = try bellEvery.map { try MeditateCommand.seconds($0, words: words) }
        try flow.run(invocation)
    }

    private static func isPracticeName(_ text: String, invocation: Invocation) -> Bool {
        (try? invocation.openRuntime(scope: .practices))?.practices.named(text) != nil
    }

    /// The longest timer: a day.
    static let longest = 86_400

    /// `10m`, `90s`, `1h`, `1h30m`, `1m30s`, `2.5m` (`DurationText`, as
    /// practice files write them), or a number of minutes; whole seconds.
    static func seconds(_ text: String, words: Words) throws -> Int {
        let minutes = Int(text).flatMap { (1...longest / 60).contains($0) ? $0 * 60_000 : -1 }
        guard let milliseconds = minutes ?? DurationText.milliseconds(text), (1000...longest * 1000).contains(milliseconds)
        else {
            throw CLIError(.usage, words("cannot read the duration '{}'; write it as 10m, 90s, 1h or 1m30s "
                + "(at most 24h), or as minutes", text))
        }
        return milliseconds / 1000
    }
}
