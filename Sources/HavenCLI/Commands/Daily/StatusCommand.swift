import ArgumentParser
import HavenRuntime
import HavenPresentation
import HavenCore

struct StatusCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "status", abstract: "Today for every tracker: state, streak, jokers, at-risk; pinned first.")

    @OptionGroup var global: GlobalOptions

    init() {}

    init(global: GlobalOptions) {
        self.global = global
    }

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let list = try session.statuses()
        show(list.statuses, invocation.console, hasTrackers: !session.runtime.trackers.isEmpty)
        // Said once: why reminders were not shown, say.
        for notice in session.takeNotices() { invocation.console.err(notice) }
        try invocation.reportHookFailures(list.hookFailures)
    }

    private func show(_ statuses: [TrackerStatus], _ console: Console, hasTrackers: Bool) {
        if global.json {
            console.out(Value.array(statuses.map { StatusValue.streak($0, language: console.language) }).json(pretty: true))
        } else if !hasTrackers {
            console.out(console.words("No trackers yet. Add one: a file such as trackers/water.yaml holding 'extends: core/water'."))
        } else if statuses.isEmpty {
            console.out(console.words("Every tracker is archived; 'haven trackers' lists them, 'haven unarchive ID' brings one back."))
        } else {
            console.out(contentsOf: StatusText(console: console).table(statuses))
            console.out(contentsOf: StatusText(console: console).milestones(statuses))
        }
    }
}
