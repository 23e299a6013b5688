import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct OrderCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "order", abstract: "Put trackers first, in this order (pinned trackers stay on top).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Tracker ids, first to last.", valueName: "ID"))
    var ids: [String]

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let ordered = try session.order(ids)
        OrderCommand.print(ordered, invocation)
    }

    static func print(_ trackers: [TrackerDefinition], _ invocation: Invocation) {
        let console = invocation.console
        if invocation.options.json {
            console.out(Value.array(trackers.map { .string($0.id) }).json())
        } else {
            let text = StatusText(console: console)
            console.out(contentsOf: trackers.enumerated().map { "\($0.offset + 1). \(text.name($0.element))"
                + ($0.element.pinned ? " " + invocation.console.words("(pinned)") : "") })
        }
    }
}
