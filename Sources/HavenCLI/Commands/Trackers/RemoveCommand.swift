import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct RemoveCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "remove", abstract: "Stop tracking: deletes the tracker's file; its entries stay unless --delete-entries.",
        discussion: "Asks first on a terminal; --yes skips that. Put the file back and its history returns.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Flag(help: "Remove without asking.")
    var yes = false

    @Flag(name: .customLong("delete-entries"), help: "Delete its entries, freezes and streak history too.")
    var deleteEntries = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let tracker = try session.runtime.tracker(id)
        let count = try session.entryCount(id)
        let console = invocation.console
        let words = console.words
        let fromPack = tracker.origin.pack != "local"
        let plan = (fromPack ? words("Removing {} switches off the pack {}'s tracker (as 'disabled' in your pack.yaml; "
                                     + "'haven add {}/{}' switches it back on); ", tracker.id, tracker.origin.pack,
                                     tracker.origin.pack, tracker.id)
            : words("Removing {} deletes {}; ", tracker.id, tracker.origin.file))
            + (deleteEntries ? words(count == 1 ? "its {} entry will be deleted too." : "its {} entries will be deleted too.",
                                     count)
                : words(count == 1 ? "its {} entry stays in the database (--delete-entries deletes them)."
                        : "its {} entries stay in the database (--delete-entries deletes them).", count))
        guard try Confirmation.confirm(plan, question: invocation.console.words("Remove {}?", tracker.id), yes: yes,
                                       again: "haven remove \(id)" + (deleteEntries ? " --delete-entries" : ""),
                                       console: console) else { return }
        _ = try session.runtime.removeFile(id)
        var deleted = 0
        if deleteEntries {
            deleted = try session.forget(id)
        }
        invocation.cache?.runtime = nil
        if global.json {
            return console.out(Value.object([
                ("tracker", .string(tracker.id)), ("file", .string(tracker.origin.file)),
                ("entries_deleted", .int(deleted)), ("entries_kept", .int(deleteEntries ? 0 : count)),
            ]).json(pretty: true))
        }
        let done = fromPack ? "Switched off {}" : "Removed {}"
        console.out(deleteEntries ? words(done + (deleted == 1 ? " and its {} entry." : " and its {} entries."), tracker.id, deleted)
            : words(done + (count == 1 ? "; its {} entry stays." : "; its {} entries stay."), tracker.id, count))
    }
}
