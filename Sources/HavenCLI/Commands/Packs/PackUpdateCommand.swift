import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackUpdateCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Fetch packs again (a range picks its highest tag) and show what changes first.",
        discussion: "Only the named packs' lines of packs.lock are rewritten; 'haven pack rollback ID' goes back.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The packs to update; all of packs.lock when none.", valueName: "ID"))
    var ids: [String] = []

    @Flag(help: "Show what would change; update nothing.")
    var dryRun = false

    @Flag(help: "Replace a pack even though its files were changed by hand.")
    var force = false

    @Flag(help: "Trust changed code (hooks, Lua files, report templates) without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        let console = invocation.console
        let words = console.words
        Interruption.catchSignals()
        defer { Interruption.release() }
        let ids = self.ids.isEmpty ? try runtime.packs.lockedIds() : self.ids
        guard !ids.isEmpty else { return console.out(words("packs.lock lists no packs; nothing to update.")) }
        var results: [Value] = []
        for id in ids {
            let update = try runtime.packs.planUpdate(of: id, force: force, currentDirectory: invocation.currentDirectory)
            let to = update.staged.summary.version
            var applied = false
            defer {
                if !applied { runtime.packs.discard(update.staged) }
                results.append(.object([("id", .string(id)), ("from", update.fromVersion.map(Value.string) ?? .null),
                                        ("to", to.map(Value.string) ?? .null), ("upToDate", .bool(update.upToDate)),
                                        ("changes", PackUpdateCommand.json(update.changes)),
                                        ("hooksChanged", .bool(update.codeChanged)), ("updated", .bool(applied))]))
            }
            if update.upToDate {
                if !global.json { console.out(words("{} {} is up to date.", id, to ?? "")) }
                continue
            }
            let summary = PackUpdateCommand.describe(update, words: words)
            if !global.json { console.out(summary) }
            if dryRun { continue }
            var trusted = false
            if update.codeChanged {
                trusted = try PackInstallCommand.askTrust(
                    update.staged.summary, question: words("Trust the new code of {} and update it?", id), yes: yes,
                    again: "haven pack update \(id)", goAhead: "trust the new code and update",
                    declined: words("{} was not updated.", id), console: console)
                if Interruption.wasRequested { throw PackError.interrupted(.updated) }
                guard trusted else { continue }
            }
            try runtime.packs.apply(update, trusted: trusted)
            applied = true
            invocation.cache?.runtime = nil
            if !global.json {
                console.out(words("Updated {} {} → {}; 'haven pack rollback {}' goes back.", id, update.fromVersion ?? "?", to ?? "?",
                                  id))
            }
        }
        if global.json { console.out(Value.array(results).json(pretty: true)) }
        if dryRun && !global.json { console.out(words("Dry run: nothing was updated.")) }
    }

    /// What changes, in one line per kind: what the person reads before anything moves.
    static func describe(_ update: PackUpdate, words: Words) -> String {
        var lines = [words("{} {} → {} (from {}):", update.id, update.fromVersion ?? "?", update.staged.summary.version ?? "?",
                           update.staged.summary.source)]
        for kind in update.changes.kinds {
            let parts = [("added {}", kind.added), ("changed {}", kind.changed), ("removed {}", kind.removed)]
                .filter { !$0.1.isEmpty }.map { words($0.0, $0.1.joined(separator: ", ")) }
            lines.append("  \(kind.folder): " + parts.joined(separator: "; "))
        }
        if !update.changes.otherFiles.isEmpty {
            lines.append("  " + words("other files: {}", update.changes.otherFiles.joined(separator: ", ")))
        }
        if let haven = update.changes.haven {
            lines.append("  " + words("works with Haven {} (was {})", haven.to ?? words("any"), haven.from ?? words("any")))
        }
        if update.codeChanged {
            lines.append("  " + words("its code changed (hooks, Lua files or report templates): trust is asked again"))
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ changes: PackChanges) -> Value {
        .object(changes.kinds.map { kind in
            (kind.folder, .object([("added", .array(kind.added.map(Value.string))),
                                   ("changed", .array(kind.changed.map(Value.string))),
                                   ("removed", .array(kind.removed.map(Value.string)))]))
        } + [("otherFiles", .array(changes.otherFiles.map(Value.string))),
             ("haven", changes.haven.map { .object([("from", $0.from.map(Value.string) ?? .null),
                                                    ("to", $0.to.map(Value.string) ?? .null)]) } ?? .null)])
    }
}
