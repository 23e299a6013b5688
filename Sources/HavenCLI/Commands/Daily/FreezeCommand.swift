import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct FreezeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freeze", abstract: "Manage a tracker's freeze balance.", subcommands: [Grant.self])

    struct Grant: HavenCommand {
        static let configuration = CommandConfiguration(
            commandName: "grant", abstract: "Add N freezes to a tracker's balance (capped at its max).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
        var id: String

        @Argument(help: ArgumentHelp("How many.", valueName: "N"))
        var count: Int

        func run(_ invocation: Invocation) throws {
            let session = try invocation.openSession(tracker: id)
            let status = try session.freezes.grant(id, count: count)
            if global.json {
                invocation.console.out(StatusValue.streak(status, language: invocation.console.language).json(pretty: true))
            } else {
                let n = status.freezesAvailable ?? 0
                let words = invocation.console.words
                invocation.console.out(words("{} now holds {}.", id, words(n == 1 ? "{} freeze" : "{} freezes", n)))
            }
        }
    }
}
