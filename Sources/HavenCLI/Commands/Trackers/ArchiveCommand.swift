import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven archive ID` and `haven unarchive ID`: a tracker leaves the daily
/// lists (status, reminders, the report) and comes back, its file, entries
/// and history kept; only its `archived:` line changes.
struct ArchiveCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "archive", abstract: "Put a tracker away: out of status, reminders and the report; its file and history stay.",
        discussion: "Writes 'archived: true' into your file for it. 'haven unarchive ID' brings it back.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        try ArchiveCommand.set(id, archived: true, invocation: invocation, json: global.json)
    }

    static func set(_ id: String, archived: Bool, invocation: Invocation, json: Bool) throws {
        let runtime = try invocation.openRuntime()
        let changed = try runtime.setArchived(id, archived)
        invocation.cache?.runtime = nil
        let name = try runtime.tracker(id).name.resolve(invocation.console.language)
        if json {
            return invocation.console.out(Value.object([("tracker", .string(id)), ("archived", .bool(archived)),
                                                        ("changed", .bool(changed))]).json(pretty: true))
        }
        let words = invocation.console.words
        switch (archived, changed) {
        case (true, true):
            invocation.console.out(words("Archived {}: it leaves status, reminders and the report; its entries stay, and "
                + "'haven unarchive {}' brings it back.", name, id))
        case (false, true):
            invocation.console.out(words("{} is back in status, reminders and the report.", name))
        case (true, false):
            invocation.console.out(words("{} is already archived; nothing changed.", name))
        case (false, false):
            invocation.console.out(words("{} is not archived; nothing changed.", name))
        }
    }
}

struct UnarchiveCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "unarchive", abstract: "Bring an archived tracker back into status, reminders and the report.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        try ArchiveCommand.set(id, archived: false, invocation: invocation, json: global.json)
    }
}
