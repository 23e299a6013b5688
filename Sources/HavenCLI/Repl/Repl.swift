import ArgumentParser
import Foundation
import HavenRuntime

/// The interactive REPL: the `haven>` prompt with line editing, history in
/// the home, Tab completion, and a greeting with today's status.
struct Repl {
    let interpreter: Interpreter

    func run() -> Int32 {
        let invocation = Invocation(interpreter.base, cache: interpreter.cache)
        let runtime: Runtime
        do {
            runtime = try invocation.openRuntime()
        } catch {
            return Haven.report(error, prefix: "haven")
        }
        let editor = LineEditor(historyPath: runtime.layout.history)
        let options = Dictionary(uniqueKeysWithValues: Haven.configuration.subcommands.map {
            ($0._commandName, Completer.longOptions(inHelp: Haven.helpMessage(for: $0)))
        })
        LineEditor.complete = { before, word in
            let trackers = interpreter.cache.runtime?.trackers ?? runtime.trackers
            return Completer(commands: Interpreter.commandNames, trackers: trackers,
                             options: options.merging(["": Completer.longOptions(inHelp: Haven.helpMessage())]) { $1 })
                .candidates(before: before, word: word)
        }
        _ = interpreter.execute("status")
        invocation.console.out(invocation.console.words(
            "Type 'help' for commands, ID VALUE to log (water +1), 'quit' or Ctrl-D to leave."))
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
}
