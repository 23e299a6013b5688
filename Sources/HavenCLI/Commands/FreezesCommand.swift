import ArgumentParser
import HavenCore
import HavenRuntime

/// `haven freezes [ID...]`: every freeze, as ranges of days with their notes.
struct FreezesCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "freezes", abstract: "The days you froze, with their notes ('haven unskip' takes one back).",
        discussion: "Example: haven freezes stretching")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The trackers; all when none.", valueName: "ID"))
    var ids: [String] = []

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let ranges = FreezesCommand.ranges(try session.freezes(of: ids))
        let console = invocation.console
        if global.json {
            return console.out(Value.array(ranges.map { r in
                .object([("tracker", .string(r.tracker)), ("from", .string(r.from.description)),
                         ("to", .string(r.to.description)), ("days", .int(r.days)), ("note", r.note.map(Value.string) ?? .null)])
            }).json(pretty: true))
        }
        guard !ranges.isEmpty else {
            return console.out(ids.count == 1 ? console.words("No freezes for {}.", ids[0]) : console.words("No freezes."))
        }
        console.out(contentsOf: Columns.align(ranges.map { r in
            [r.tracker, r.from == r.to ? r.from.description : "\(r.from)..\(r.to)",
             r.days == 1 ? "1 day" : "\(r.days) days", r.note ?? ""]
        }).map { $0.trimmingTrailingSpaces() })
    }

    /// Runs of consecutive days of one tracker with one note.
    static func ranges(_ freezes: [Freeze]) -> [(tracker: String, from: Day, to: Day, days: Int, note: String?)] {
        var ranges: [(tracker: String, from: Day, to: Day, days: Int, note: String?)] = []
        for freeze in freezes {
            if let last = ranges.last, last.tracker == freeze.tracker, last.note == freeze.note,
               last.to.adding(days: 1) == freeze.day {
                ranges[ranges.count - 1].to = freeze.day
                ranges[ranges.count - 1].days += 1
            } else {
                ranges.append((freeze.tracker, freeze.day, freeze.day, 1, freeze.note))
            }
        }
        return ranges
    }
}

/// `haven unskip ID [DAY|FROM..TO]`: takes freezes back.
struct UnskipCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "unskip", abstract: "Take back the freezes of a day or a range of days; a period left unfrozen gets its freeze back.",
        discussion: "Examples: haven unskip stretching · haven unskip water 2026-08-01..2026-08-14")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("A day or FROM..TO (default today).", valueName: "DAY"))
    var days: String?

    func run(_ invocation: Invocation) throws {
        let (from, to) = try SkipCommand.range(days)
        let session = try invocation.openSession(tracker: id)
        let result = try session.unskip(id, from: from, to: to)
        let thawed = result.days, returned = -result.spent
        if global.json {
            return invocation.console.out(Value.object([
                ("tracker", .string(id)), ("thawed", .array(thawed.map { .string($0.description) })),
                ("freezes_returned", .int(returned)),
            ]).json(pretty: true))
        }
        let w = invocation.console.words
        guard !thawed.isEmpty else {
            return invocation.console.out(days.map { w("No freeze on {} for {}; nothing changed.", $0, id) }
                ?? w("No freeze today for {}; nothing changed.", id))
        }
        let what = thawed.count == 1 ? thawed[0].description : w("{}..{} ({} days)", thawed[0], thawed.last!, thawed.count)
        let back = returned == 0 ? "" : w(returned == 1 ? " {} freeze given back." : " {} freezes given back.", returned)
        invocation.console.out(w("Unfrozen for {}: {}.", id, what) + back)
    }
}
