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
        let entries = "\(count) \(count == 1 ? "entry" : "entries")"
        let stay = count == 1 ? "stays" : "stay"
        let fromPack = tracker.origin.pack != "local"
        let plan = (fromPack ? "Removing \(tracker.id) switches off the pack \(tracker.origin.pack)'s tracker (as "
            + "'disabled' in your pack.yaml; 'haven add \(tracker.origin.pack)/\(tracker.id)' switches it back on); "
            : "Removing \(tracker.id) deletes \(tracker.origin.file); ")
            + (deleteEntries ? "its \(entries) will be deleted too." :
                "its \(entries) \(stay) in the database (--delete-entries deletes them).")
        let console = invocation.console
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
        console.out((fromPack ? "Switched off \(tracker.id)" : "Removed \(tracker.id)") + (deleteEntries ? " and its \(deleted) \(deleted == 1 ? "entry" : "entries")."
            : "; its \(entries) \(stay)."))
    }
}
