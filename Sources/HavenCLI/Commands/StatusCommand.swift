import ArgumentParser
import HavenRuntime

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Today for every tracker: state, streak, jokers, at-risk; pinned first.")

    @OptionGroup var global: GlobalOptions

    init() {}

    init(global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let statuses = try invocation.run { () throws(RuntimeError) in try session.statuses() }
        let console = invocation.console
        if global.json {
            console.out(Value.array(statuses.map { StatusValue.streak($0, language: console.language) }).json(pretty: true))
        } else if statuses.isEmpty {
            console.out("No trackers yet. Add one: a file such as trackers/water.yaml holding 'extends: core/water'.")
        } else {
            console.out(contentsOf: StatusText(console: console).table(statuses))
        }
    }
}

struct StreakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak", abstract: "One tracker in depth, with its archived streaks.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    func run() throws {
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let status = try invocation.run { () throws(RuntimeError) in try session.status(session.runtime.tracker(id)) }
        let console = invocation.console
        if global.json {
            console.out(StatusValue.streak(status, language: console.language).json(pretty: true))
            return
        }
        let text = StatusText(console: console)
        let period = (status.tracker.streak?.period ?? .day).rawValue
        var lines = [
            "\(text.name(status.tracker)): \(text.today(status)) today (\(status.outcome.rawValue))",
            "streak \(status.current) \(period)s · longest \(status.longest)",
        ]
        if status.tracker.rewards != nil {
            lines.append("jokers: \(status.jokers.available) available, \(status.jokers.earned) earned, "
                + "\(status.jokers.used) used")
        }
        if let freezes = status.freezesAvailable { lines.append("freezes: \(freezes) available") }
        lines.append("habit strength: \(Int((status.score * 100).rounded()))%")
        if status.atRisk { lines.append("at risk: logging today keeps the streak") }
        for a in status.archived {
            lines.append("archived (\(a.mode.rawValue), \(a.from) to \(a.to)): streak \(a.current), longest \(a.longest)")
        }
        console.out(contentsOf: lines)
    }
}

struct StreaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "streaks", abstract: "Every streak.")

    enum Sort: String, ExpressibleByArgument, CaseIterable { case length, name }

    @OptionGroup var global: GlobalOptions

    @Option(help: "Sort by length (longest first) or name.")
    var sort: Sort = .length

    func run() throws {
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        var statuses = try invocation.run { () throws(RuntimeError) in try session.statuses() }
        let language = invocation.console.language
        switch sort {
        case .length: statuses.sort { ($0.current, $0.longest) > ($1.current, $1.longest) }
        case .name: statuses.sort { $0.tracker.name.resolve(language) < $1.tracker.name.resolve(language) }
        }
        let console = invocation.console
        if global.json {
            console.out(Value.array(statuses.map { StatusValue.streak($0, language: language) }).json(pretty: true))
            return
        }
        let text = StatusText(console: console)
        console.out(contentsOf: Columns.align(statuses.map {
            [text.name($0.tracker), "streak \($0.current)", "longest \($0.longest)"]
        }))
    }
}

struct RewardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rewards", abstract: "Joker balance per tracker.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let statuses = try invocation.run { () throws(RuntimeError) in try session.statuses() }
            .filter { $0.tracker.rewards != nil }
        let console = invocation.console
        if global.json {
            console.out(Value.array(statuses.map { s in
                .object([("tracker", .string(s.tracker.id)), ("available", .int(s.jokers.available)),
                         ("earned", .int(s.jokers.earned)), ("used", .int(s.jokers.used)),
                         ("max", .int(s.tracker.rewards!.max)), ("earn_every", .int(s.tracker.rewards!.earnEvery))])
            }).json(pretty: true))
            return
        }
        if statuses.isEmpty {
            console.out("No tracker has a reward rule; add 'rewards: core/joker' to one to earn jokers.")
            return
        }
        let text = StatusText(console: console)
        console.out(contentsOf: Columns.align(statuses.map { s in
            let rule = s.tracker.rewards!
            let n = s.jokers.available
            return [text.name(s.tracker), "\(n) \(n == 1 ? "joker" : "jokers") available",
                    "\(s.jokers.used) used of \(s.jokers.earned) earned",
                    "one every \(rule.earnEvery), at most \(rule.max)"]
        }))
    }
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Period by period: outcome, streak, jokers (default: the last 30).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "DAY"))
    var from: String?

    @Option(help: ArgumentHelp("Last day, YYYY-MM-DD (default today).", valueName: "DAY"))
    var to: String?

    func run() throws {
        let (fromDay, _) = try SkipCommand.range(from)
        let (toDay, _) = try SkipCommand.range(to)
        let invocation = Invocation(global)
        let session = try invocation.openSession()
        let periods = try invocation.run { () throws(RuntimeError) in
            try session.history(session.runtime.tracker(id), from: fromDay, to: toDay)
        }
        let console = invocation.console
        if global.json {
            console.out(Value.array(periods.map(StatusValue.period)).json(pretty: true))
            return
        }
        console.out(contentsOf: Columns.align(periods.map { p in
            [StatusValue.dayText(p.start), p.outcome.rawValue, "streak \(p.streak)", "jokers \(p.jokers)"]
        }))
    }
}
