import ArgumentParser
import HavenRuntime
import HavenPresentation
import HavenCore

/// `haven todo`: what is still open today.
struct TodoCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "todo", abstract: "What is still open today (a week not yet met counts until something is logged today).")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let list = try session.statuses()
        let open = list.statuses.filter(\.openToday)
        let console = invocation.console
        if global.json {
            console.out(Value.array(open.map { StatusValue.streak($0, language: console.language) }).json(pretty: true))
        } else if open.isEmpty {
            console.out(console.words("Nothing open today."))
        } else {
            let text = StatusText(console: console)
            console.out(contentsOf: Columns.align(open.map { [text.name($0.tracker), text.now($0), text.streak($0)] }))
        }
        try invocation.reportHookFailures(list.hookFailures)
    }
}
