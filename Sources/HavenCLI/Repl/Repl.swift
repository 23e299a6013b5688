import ArgumentParser
import Foundation
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
            invocation.console.err("haven: warning: no line editing or history (\(reason)); install libedit2 "
                + "for them")
        }
        let options = Completer.commandOptions(), subcommands = Completer.commandSubcommands
        LineEditor.complete = { before, word in
            let current = interpreter.cache.runtime ?? runtime
            return Completer(commands: Interpreter.commandNames, trackers: current.trackers, options: options,
                             subcommands: subcommands, packs: current.packs.installedNames,
                             presets: current.presetReferences)
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
