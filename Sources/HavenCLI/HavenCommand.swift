import ArgumentParser

/// A command that runs against an invocation: on its own from the command
/// line, or as one line of a REPL or script that shares an open session.
protocol HavenCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(_ invocation: Invocation) throws
}

extension HavenCommand {
    func run() throws {
        try run(Invocation(global))
    }
}
