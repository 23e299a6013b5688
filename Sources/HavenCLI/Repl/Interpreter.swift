import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

/// Runs command lines against one shared session: the engine of the REPL
/// and of piped scripts. The same parser as the command line reads every
/// line; `ID VALUE` (with a unique id prefix) is shorthand for `log`.
final class Interpreter {
    enum Result: Equatable {
        case status(Int32)
        case quit
    }

    let base: GlobalOptions
    let cache: SessionCache

    /// `cache` is shared with a caller that already holds an open session.
    init(base: GlobalOptions, cache: SessionCache = SessionCache()) {
        self.base = base
        self.cache = cache
    }

    /// The names of every command, as typed.
    static let commandNames: [String] = Haven.configuration.subcommands.map { $0._commandName } + ["help", "quit"]

    /// Runs one line and reports how it ended; a failing line never ends the session.
    func execute(_ line: String, prefix: String = "haven") -> Result {
        let words: [String]
        do {
            words = try Tokenizer.split(line)
        } catch let error as Tokenizer.UnterminatedQuote {
            return fail(CLIError(.usage, said("a {} quote is not closed; close it or leave it out", error.quote)), prefix)
        } catch {
            return .status(ExitStatus.software.rawValue)
        }
        return execute(words: words, prefix: prefix)
    }

    /// Runs one command line already split into words.
    func execute(words: [String], prefix: String = "haven") -> Result {
        guard let first = words.first, !first.hasPrefix("#") else { return .status(0) }
        cache.runtime?.beginCommand()
        switch first {
        case "quit", "exit":
            return .quit
        case "help":
            return help(Array(words.dropFirst()), prefix)
        default:
            break
        }
        do {
            let arguments = try expandShorthand(words)
            // An everyday log line skips the parser (`LogRequest.quick`).
            if arguments.first == "log", let (request, globals) = LogRequest.quick(arguments.dropFirst()) {
                let invocation = Invocation(globals, base: base.values, cache: cache)
                try invocation.performing { try request.run(invocation) }
                return .status(0)
            }
            let command = try Interpreter.parse(arguments)
            if let command = command as? any HavenCommand {
                try command.perform(Invocation(command.global.values, base: base.values, cache: cache))
            } else if let root = command as? Haven {
                try StatusCommand(global: root.global).perform(Invocation(root.global.values, base: base.values, cache: cache))
            } else {
                var other = command
                try other.run()
            }
            return .status(0)
        } catch let error as CLIError {
            return fail(error, prefix)
        } catch let error as RuntimeError {
            return fail(Invocation.cliError(error, words: said), prefix)
        } catch {
            return .status(Haven.report(error, prefix: prefix))
        }
    }

    /// The same parser as the command line. A leaf command is parsed by its
    /// own type: rebuilding the whole command tree for every line would
    /// cost more than running most commands.
    /// Help and errors come from the root parser, so that they read
    /// `haven log ...`.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let name = arguments.first,
           let type = Haven.configuration.subcommands.first(where: { $0._commandName == name }),
           type.configuration.subcommands.isEmpty,
           !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "--version" }),
           let command = try? type.parse(Array(arguments.dropFirst())) {
            return command
        }
        return try Haven.parseAsRoot(arguments)
    }

    /// Haven's words in the session's language.
    private var said: Words { Invocation(base.values, cache: cache).console.words }

    private func fail(_ error: CLIError, _ prefix: String) -> Result {
        var error = error
        if error.label == nil { error.label = said("error") }
        return .status(Haven.report(error, prefix: prefix))
    }

    /// `water +1` → `log water +1`; `wa +1` too when only `water` starts with
    /// `wa`; global options may come first (`--lang de water +1`).
    func expandShorthand(_ words: [String]) throws -> [String] {
        guard let index = GlobalOptions.commandIndex(words), !Interpreter.commandNames.contains(words[index]) else {
            return words
        }
        let first = words[index]
        let runtime = try Invocation(base.values, cache: cache).openRuntime()
        let ids = runtime.trackers.map(\.id)
        var expanded = words
        if ids.contains(first) { return ["log"] + expanded }
        let matches = ids.filter { $0.hasPrefix(first) }
        if matches.count == 1 {
            expanded[index] = matches[0]
            return ["log"] + expanded
        }
        if matches.count > 1 {
            throw CLIError(.usage, said("'{}' could be {}; type more of the id", first,
                                         matches.sorted().joined(separator: ", ")))
        }
        if let known = Suggestion.closest(to: first, in: ids + Interpreter.commandNames) {
            throw CLIError(.usage, said("no command or tracker '{}'; did you mean '{}'? ('help' lists the commands)",
                                         first, known))
        }
        throw CLIError(.usage, said("no command or tracker '{}' ('help' lists the commands)", first))
    }

    private func help(_ words: [String], _ prefix: String) -> Result {
        let console = Invocation(base.values).console
        guard let name = words.first else {
            console.out(Haven.helpMessage() + "\n\n" + console.words("In the REPL: ID VALUE logs (water +1, noalc steady); "
                + "a unique id prefix is enough. 'quit' or Ctrl-D leaves."))
            return .status(0)
        }
        guard let command = Haven.configuration.subcommands.first(where: { $0._commandName == name }) else {
            let hint = Suggestion.closest(to: name, in: Interpreter.commandNames).map {
                console.words(" (did you mean '{}'?)", $0)
            } ?? ""
            return fail(CLIError(.usage, console.words("no command '{}'{}; 'help' lists them", name, hint)), prefix)
        }
        console.out(Haven.helpMessage(for: command))
        return .status(0)
    }
}
