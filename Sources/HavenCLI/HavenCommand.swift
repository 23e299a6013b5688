import ArgumentParser
import HavenSystem

/// A command that runs against an invocation: on its own from the command
/// line, or as one line of a REPL or script that shares an open session.
protocol HavenCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(_ invocation: Invocation) throws
    /// True when its text may run long (history, entries, show, a year's
    /// calendar): on a terminal it goes through the pager.
    var pages: Bool { get }
}

extension HavenCommand {
    var pages: Bool { false }

    func run() throws {
        let invocation = Invocation(global.values)
        // One command from the command line, on a terminal, as text: through $PAGER.
        if pages, !global.json { Pager.start(environment: invocation.environment) }
        defer { Pager.finish() }
        try perform(invocation)
    }

    /// Runs against `invocation`; a runtime error leaves as a message in
    /// the invocation's language.
    func perform(_ invocation: Invocation) throws {
        try invocation.performing { try run(invocation) }
    }
}

extension CommandConfiguration {
    /// The configuration of a command of `haven`. The command line and the
    /// REPL parse such a command by its own type (`Interpreter.parse`); naming
    /// `haven` as its super-command tells ArgumentParser it is not a root of
    /// its own, so it skips the root-only search for
    /// `--generate-completion-script`, which cost a third of a line's parse.
    /// Help and errors still come from the root, where this name is not used.
    static func subcommand(_ name: String, abstract: String, discussion: String = "") -> CommandConfiguration {
        CommandConfiguration(commandName: name, _superCommandName: "haven", abstract: abstract, discussion: discussion)
    }
}
