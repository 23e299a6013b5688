import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenRuntime
import HavenPresentation

/// The interactive REPL: the `haven>` prompt with line editing, history in
/// the home, Tab completion, and a greeting with today's status.
struct Repl {
    let interpreter: Interpreter

    func run() -> Int32 {
        let invocation = Invocation(interpreter.base.values, cache: interpreter.cache)
        let runtime: Runtime
        do {
            runtime = try invocation.openRuntime()
        } catch {
            return Haven.report(error, prefix: "haven")
        }
        let editor = LineEditor(historyPath: runtime.layout.history)
        if let reason = editor.unavailable {
            invocation.console.err("haven: " + invocation.console.words("warning") + ": " + invocation.console.words(
                "no line editing or history ({}); install libedit2 for them", reason))
        }
        let options = Completer.commandOptions(), subcommands = Completer.commandSubcommands
        LineEditor.complete = { before, word in
            let current = interpreter.cache.runtime ?? runtime
            return Completer(commands: Interpreter.commandNames, trackers: current.trackers, options: options,
                             subcommands: subcommands, packs: current.packs.installedNames,
                             presets: current.presetReferences, practices: Completer.practices(current))
                .candidates(before: before, word: word)
        }
        _ = interpreter.execute("status")
        invocation.console.out(invocation.console.words(
            "Type 'help' for commands, ID VALUE to log ({}), 'quit' or Ctrl-D to leave.", Repl.example(runtime.trackers)))
        while true {
            switch editor.read(prompt: "haven> ") {
            case .end:
                invocation.console.out("")
                return 0
            case .interrupted:
                invocation.console.out("")
            case .text(let line):
                if interpreter.execute(line) == .quit { return 0 }
            }
        }
    }

    /// A line that logs for a tracker of this home: a count's `+1`, a levels tracker's first level, a check's id alone.
    static func example(_ trackers: [TrackerDefinition]) -> String {
        let tracker = trackers.first { $0.input == .count } ?? trackers.first { $0.input == .levels } ?? trackers.first
        guard let tracker else { return "water +1" }
        switch tracker.input {
        case .count: return tracker.id + " +1"
        case .amount: return tracker.id + " 10"
        case .levels: return tracker.id + " " + (tracker.levels?.levels.first?.key ?? "")
        case .check: return tracker.id
        }
    }
}
