import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct StreaksCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "streaks", abstract: "Every streak.")

    enum Sort: String, ExpressibleByArgument, CaseIterable { case length, name }

    @OptionGroup var global: GlobalOptions

    @Option(help: "Sort by length (longest first) or name.")
    var sort: Sort = .length

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let list = try session.statuses()
        show(list.statuses, invocation.console)
        try invocation.reportHookFailures(list.hookFailures)
    }

    private func show(_ all: [TrackerStatus], _ console: Console) {
        var statuses = all
        let language = console.language
        switch sort {
        case .length: statuses.sort { ($0.current, $0.longest) > ($1.current, $1.longest) }
        case .name: statuses.sort { $0.tracker.name.resolve(language) < $1.tracker.name.resolve(language) }
        }
        if global.json {
            console.out(Value.array(statuses.map { StatusValue.streak($0, language: language) }).json(pretty: true))
            return
        }
        let text = StatusText(console: console)
        console.out(contentsOf: Columns.align(statuses.map {
            [text.name($0.tracker), console.words("streak {}", $0.current), console.words("longest {}", $0.longest)]
        }))
    }
}
