import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

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
        let ranges = FreezesCommand.ranges(try session.freezes.list(of: ids))
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
             console.words(r.days == 1 ? "{} day" : "{} days", r.days), r.note ?? ""]
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
