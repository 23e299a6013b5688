import ArgumentParser
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven conflicts` (SPEC §12): days of a one-value tracker where devices
/// logged different levels; `keep N` makes one of them the day's.
struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", _superCommandName: "haven",
        abstract: "Days where your devices logged different levels, and the choice between them.",
        subcommands: [ConflictsListCommand.self, ConflictsKeepCommand.self],
        defaultSubcommand: ConflictsListCommand.self)
}

struct ConflictsListCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the days where devices disagree (what 'haven conflicts' does).",
        discussion: "The latest entry of a day is what it shows until you keep one with 'haven conflicts keep N'.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let conflicts = try session.sync.conflicts()
        let this = try session.sync.thisDevice()
        let console = invocation.console
        if global.json {
            return console.out(Value.array(conflicts.map { conflict in
                .object([("tracker", .string(conflict.tracker)), ("day", .string(conflict.day.description)),
                         ("shown", .string(conflict.entries.last?.value.level ?? "")),
                         ("entries", .array(zip(conflict.entries, conflict.devices).map { entry, device in
                             .object([("entry", StatusValue.entry(entry)), ("device", device.map(Value.string) ?? .null)])
                         }))])
            }).json(pretty: true))
        }
        guard !conflicts.isEmpty else { return console.out("No conflicts: your devices agree on every day.") }
        for conflict in conflicts {
            console.out("\(conflict.tracker) \(conflict.day): shows \(conflict.entries.last?.value.level ?? "")")
            let rows = zip(conflict.entries, conflict.devices).map { entry, device in
                ["  #\(entry.id)", entry.value.level ?? "", EntryText.row(entry, words: console.words)[1],
                 device.map { $0 == this ? "this device" : "device \($0)" } ?? "this device"]
            }
            console.out(contentsOf: Columns.align(rows).map { $0.trimmingTrailingSpaces() })
        }
        console.out("Keep one with 'haven conflicts keep N'; the others of its day are deleted on every device.")
    }
}

struct ConflictsKeepCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep", abstract: "Keep one entry of a conflicting day; its other levels are deleted.",
        discussion: "Example: haven conflicts keep 12")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number, as 'haven conflicts' shows it.", valueName: "ENTRY"))
    var entry: Int64

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let removed = try session.sync.keep(entry)
        let console = invocation.console
        if global.json { return console.out(Value.array(removed.map(StatusValue.entry)).json(pretty: true)) }
        console.out("Kept entry \(entry); deleted \(removed.map { "#\($0.id) \($0.value.level ?? "")" }.joined(separator: ", ")). "
            + "'haven sync' takes the choice to your other devices.")
    }
}
