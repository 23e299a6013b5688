import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct LogCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "log", abstract: "Log an entry: a level, a number (+N), or nothing for a check tracker.",
        discussion: """
            Examples: haven log noalc steady · haven log water +1 · haven log stretching
            haven log meditation 10 --note "before work" · haven log snacking --trigger boredom
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @OptionGroup var fields: EntryFields

    @Option(help: ArgumentHelp("For a levels tracker: the level this health value reads back as (e.g. drinks).",
                               valueName: "N"))
    var health: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The day it counts for, instead of --at: YYYY-MM-DD, today, yesterday, -3d.", valueName: "DAY"))
    var day: String?

    func run(_ invocation: Invocation) throws {
        try LogRequest(id: id, values: fields.values, at: fields.at, note: fields.note, trigger: fields.trigger,
                       health: health, day: day, json: global.json).run(invocation)
    }
}

/// One `log`, apart from the parser: what `haven log` and the REPL's
/// `ID VALUE` run, whichever way their words were read (`LogRequest.quick`).
struct LogRequest {
    var id: String
    var values: [String] = []
    var at: String?
    var note: String?
    var trigger: String?
    var health: Double?
    /// `--day`: the day it counts for, read against today.
    var day: String?
    var json = false

    func run(_ invocation: Invocation) throws {
        let words = invocation.console.words
        var value = try EntryFields.value(values, command: "log", words: words)
        var at = self.at
        if let day {
            guard at == nil else { throw CLIError(.usage, words("give --at or --day, not both; for example: haven log {} "
                + "--day yesterday", id)) }
            at = try LogRequest.moment(ofDay: day, tracker: id, invocation: invocation)
        }
        if health != nil, let value {
            throw CLIError(.usage, words("give a level or --health, not both ('{}' and --health); for example: "
                + "haven log {} --health 2", value, id))
        }
        let session = try invocation.openSession(tracker: id)
        if let health {
            value = try session.level(fromHealth: health, of: id)
        }
        let result = try session.log(id, value: value, at: at, note: note, trigger: trigger,
                                     source: invocation.cache?.source ?? "cli")
        LogRequest.reply(result, json: json, console: invocation.console)
    }

    /// What a log says: the tracker's line, a milestone, the hook's reflection.
    static func reply(_ result: LogResult, json: Bool, console: Console) {
        let words = console.words
        if json {
            guard case .object(var fields) = StatusValue.entry(result.entry) else { return }
            fields.append(("streak", StatusValue.streak(result.status, language: console.language)))
            if let milestone = result.milestone { fields.append(("milestone", .int(milestone))) }
            if let reflection = result.reflection { fields.append(("reflection", .string(reflection))) }
            if let newest = result.clockBehind {
                fields.append(("clock_behind", .string(Moment.iso(newest, offset: result.entry.offset))))
            }
            console.out(Value.object(fields).json(pretty: true))
            return
        }
        for line in replyLines(result, console: console) { console.out(line) }
        if let newest = result.clockBehind {
            console.err("haven: " + words("this computer's clock reads {}, earlier than {}, when an entry was last "
                + "written; the entry is kept with the time given. If the clock is wrong, set it right",
                Moment.iso(result.entry.writtenAt, offset: result.entry.offset), Moment.iso(newest, offset: result.entry.offset)))
        }
    }
}

extension LogRequest {
    /// The reply's lines: the day's state and streak, then any milestone and reflection.
    static func replyLines(_ result: LogResult, console: Console) -> [String] {
        let text = StatusText(console: console)
        let s = result.status
        let logged = result.entry.day == s.today ? "" : console.words("logged for {}", result.entry.day) + " · "
        var lines = ["\(text.name(s.tracker)): \(logged)\(text.now(s)) · \(text.streak(s))"]
        if let milestone = result.milestone { lines.append(text.milestone(milestone, of: s.tracker)) }
        if let reflection = result.reflection { lines.append(reflection) }
        return lines
    }

    /// `--day DAY` as the time an entry for that day of the tracker is written at.
    static func moment(ofDay text: String, tracker id: String, invocation: Invocation) throws -> String {
        let words = invocation.console.words
        let clock = try invocation.clock()
        let today = clock.today(boundary: .midnight)
        guard let day = RelativeInput.anyDay(text, today: today) else {
            throw CLIError(.dataError, words("cannot read '{}'; write a day as YYYY-MM-DD, today, yesterday or -3d, or "
                + "a range as 2026-08-01..2026-08-14", text))
        }
        let boundary = try invocation.openRuntime(scope: .tracker(id)).tracker(id).dayBoundary
        guard let moment = RelativeInput.moment(ofDay: day, boundary: boundary, clock: clock) else {
            throw CLIError(.dataError, words("--day {} has not begun yet; Haven logs what already happened (today is {})",
                                             day, clock.today(boundary: boundary)))
        }
        return moment
    }
}
