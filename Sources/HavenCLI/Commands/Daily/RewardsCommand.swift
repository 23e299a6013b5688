import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct RewardsCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "rewards", abstract: "Joker balance per tracker.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let list = try session.statuses()
        show(list.statuses.filter { $0.tracker.rewards != nil }, invocation.console)
        try invocation.reportHookFailures(list.hookFailures)
    }

    private func show(_ statuses: [TrackerStatus], _ console: Console) {
        if global.json {
            console.out(Value.array(statuses.map { s in
                .object([("tracker", .string(s.tracker.id)), ("available", .int(s.jokers.available)),
                         ("earned", .int(s.jokers.earned)), ("used", .int(s.jokers.used)),
                         ("max", .int(s.tracker.rewards!.max)), ("earn_every", .int(s.tracker.rewards!.earnEvery))])
            }).json(pretty: true))
            return
        }
        if statuses.isEmpty {
            console.out(console.words("No tracker has a reward rule; add 'rewards: core/joker' to one to earn jokers."))
            return
        }
        let text = StatusText(console: console)
        let w = console.words
        console.out(contentsOf: Columns.align(statuses.map { s in
            let rule = s.tracker.rewards!
            let n = s.jokers.available
            return [text.name(s.tracker), w(n == 1 ? "{} joker available" : "{} jokers available", n),
                    w("{} used of {} earned", s.jokers.used, s.jokers.earned),
                    w("one every {}, at most {}", rule.earnEvery, rule.max)]
        }))
    }
}
