import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenRuntime
import HavenPresentation

/// `haven pack`: sharing packs (SPEC §8).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack", abstract: "Install, list, remove and make shared tracker packs.",
        subcommands: [PackInstallCommand.self, PackListCommand.self, PackUpdateCommand.self, PackRollbackCommand.self,
                      PackRemoveCommand.self, PackTrustCommand.self, PackUntrustCommand.self, PackExportCommand.self,
                      PackNewCommand.self])
}

struct PackInstallCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Install a pack from a folder, a git repository or a .tar.gz/.zip archive: validated whole, trusted, then moved into packs/.",
        discussion: "Example: haven pack install ~/src/calm-evenings --yes")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack's folder, git repository or archive; without it, every pack of packs.lock is restored as recorded.",
                                 valueName: "SOURCE"))
    var source: String?

    @Option(name: .customLong("as"), help: ArgumentHelp("Install under this name instead of the pack's id.", valueName: "NAME"))
    var name: String?

    @Option(help: ArgumentHelp("For a git source: a tag, branch, commit, or a version range over its vX.Y.Z tags.",
                               valueName: "REF"))
    var ref: String?

    @Option(help: ArgumentHelp("For an archive: the sha256 it must have.", valueName: "HEX"))
    var sha256: String?

    @Flag(help: "For a folder you are working on: link it instead of copying it (never updated; edits load at once).")
    var link = false

    @Flag(help: "Trust the pack (its trackers go live, its hooks run) without asking.")
    var yes = false

    @Flag(help: "Check and show what the pack brings; install nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: source != nil)
        let hold = try runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        // Ctrl-C stops the install where everything can still be put back.
        Interruption.catchSignals()
        defer { Interruption.release() }
        guard let source else {
            let packs = try runtime.restorePacks()
            invocation.cache?.runtime = nil
            if global.json {
                return invocation.console.out(Value.array(packs.map {
                    .object([("id", .string($0.id)), ("restored", .bool($0.restored))])
                }).json(pretty: true))
            }
            guard !packs.isEmpty else { return invocation.console.out("packs.lock lists no packs; nothing to restore.") }
            for pack in packs {
                invocation.console.out("\(pack.id): " + (pack.restored ? "restored as recorded" : "already in place"))
            }
            return
        }
        let staged = try runtime.stagePack(source, as: name, ref: ref, sha256: sha256, link: link,
                                           currentDirectory: invocation.currentDirectory)
        let pack = staged.summary
        let console = invocation.console
        if dryRun {
            runtime.discard(staged)
            if global.json { return console.out(PackInstallCommand.json(pack, installed: false, link: nil).json(pretty: true)) }
            console.out(PackInstallCommand.describe(pack) + "\nDry run: nothing was installed.")
            return
        }
        let trusted: Bool
        do {
            trusted = try PackInstallCommand.askTrust(pack, question: "Trust \(pack.id) and install it?", yes: yes,
                                                      again: "haven pack install \(source)\(ref.map { " --ref \($0)" } ?? "")",
                                                      goAhead: "trust it and install", declined: "Nothing was installed.",
                                                      console: console)
        } catch {
            runtime.discard(staged)
            throw error
        }
        guard trusted else {
            runtime.discard(staged)
            if Interruption.wasRequested { throw RuntimeError.interrupted(action: "installed") }
            return
        }
        try runtime.install(staged)
        invocation.cache?.runtime = nil
        let named = pack.id + (pack.version.map { " " + $0 } ?? "")
        let folder = "\(runtime.layout.configDisplay)/packs/\(pack.id)"
        if global.json {
            console.out(PackInstallCommand.json(pack, installed: true, link: staged.link).json(pretty: true))
        } else if let target = staged.link {
            console.out("Linked \(named) as \(folder) → \(target); your edits load at once.")
        } else {
            console.out("Installed \(named) into \(folder).")
        }
    }

    /// What the pack brings, for scripts.
    static func json(_ pack: PackSummary, installed: Bool, link: String?) -> Value {
        .object([("id", .string(pack.id)), ("version", pack.version.map(Value.string) ?? .null),
                 ("source", .string(pack.source)), ("trackers", .array(pack.trackers.map(Value.string))),
                 ("hooks", .array(pack.hooks.map { .object([("file", .string($0.file)),
                                                            ("points", .array($0.points.map(Value.string)))]) })),
                 ("reminders", .int(pack.reminders)),
                 ("requires", .object(pack.requires.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                 ("installed", .bool(installed)), ("link", link.map(Value.string) ?? .null)])
    }

    /// What the pack brings, in one line: what the trust question is about.
    static func describe(_ pack: PackSummary) -> String {
        var parts = ["\(pack.trackers.count) \(pack.trackers.count == 1 ? "tracker" : "trackers")"
            + (pack.trackers.isEmpty ? "" : " (\(pack.trackers.joined(separator: ", ")))")]
        parts.append(pack.hooks.isEmpty ? "no hooks" : "hooks " + pack.hooks.map { hook in
            hook.file + (hook.points.isEmpty ? "" : " (\(hook.points.joined(separator: ", ")))")
        }.joined(separator: ", "))
        if pack.reminders > 0 { parts.append("\(pack.reminders) \(pack.reminders == 1 ? "reminder" : "reminders")") }
        if !pack.requires.isEmpty {
            parts.append("requires " + pack.requires.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", "))
        }
        return "\(pack.id)\(pack.version.map { " " + $0 } ?? "") from \(pack.source): " + parts.joined(separator: "; ") + "."
    }

    /// The trust question of `pack install` and `pack trust`: on a terminal
    /// a y/N question after what the pack brings; elsewhere `--yes` or 77.
    static func askTrust(_ pack: PackSummary, question: String, yes: Bool, again: String, goAhead: String,
                         declined: String, console: Console) throws -> Bool {
        try Confirmation.confirm(describe(pack) + " Trusting a pack lets its trackers go live and its hooks run.",
                                 question: question, yes: yes, again: again, console: console, goAhead: goAhead,
                                 refusal: .noPermission, declined: declined)
    }
}

struct PackListCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Installed packs: version, source, whether their files still match the lock, trust.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Ask each pack's source for something newer (git tags, a branch's head, a changed folder or archive).")
    var outdated = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let console = invocation.console
        if outdated { return try listOutdated(runtime, console) }
        let packs = try runtime.installedPacks()
        func state(_ pack: InstalledPack) -> String {
            !pack.locked ? "not in packs.lock" : pack.sourceKind == "link" ? "linked" : pack.intact ? "ok" : "modified locally"
        }
        if global.json {
            console.out(Value.array(packs.map { pack in
                .object([("id", .string(pack.id)), ("version", pack.version.map(Value.string) ?? .null),
                         ("source", pack.sourceKind.map { .object([("kind", .string($0)),
                                                                   ("path", pack.sourcePath.map(Value.string) ?? .null),
                                                                   ("ref", pack.ref.map(Value.string) ?? .null)]) } ?? .null),
                         ("resolved", pack.resolved.map(Value.string) ?? .null),
                         ("hash", pack.hash.map(Value.string) ?? .null), ("state", .string(state(pack))),
                         ("trust", .string(pack.trust.rawValue)),
                         ("trackers", .array(pack.trackers.map(Value.string))),
                         ("requiredBy", .array(pack.requiredBy.map(Value.string)))])
            }).json(pretty: true))
            return
        }
        guard !packs.isEmpty else { return console.out("No packs installed. Install one with: haven pack install FOLDER") }
        for pack in packs {
            var source = pack.sourceKind.map { "\($0) \(pack.sourcePath ?? "")" } ?? "copied by hand"
            if let ref = pack.ref { source += " \(ref)" }
            if let resolved = pack.resolved { source += " @ " + resolved.prefix(12) }
            let live = pack.trust == .waiting || pack.trust == .hooksChanged ? pack.trust.rawValue
                : "\(pack.trackers.count) \(pack.trackers.count == 1 ? "tracker" : "trackers")"
            let required = pack.requiredBy.isEmpty ? "" : "  required by " + pack.requiredBy.joined(separator: ", ")
            console.out("\(pack.id)  \(pack.version ?? "-")  \(source)  \(state(pack))  \(live)\(required)")
        }
    }

    private func listOutdated(_ runtime: Runtime, _ console: Console) throws {
        let packs = try runtime.outdatedPacks()
        if global.json {
            return console.out(Value.array(packs.map { pack in
                .object([("id", .string(pack.id)), ("current", pack.current.map(Value.string) ?? .null),
                         ("wanted", pack.wanted.map(Value.string) ?? .null),
                         ("latest", pack.latest.map(Value.string) ?? .null)])
            }).json(pretty: true))
        }
        guard !packs.isEmpty else { return console.out("Every pack is as new as its source.") }
        for pack in packs {
            let ref = pack.ref.map { " \($0)" } ?? ""
            var line = "\(pack.id)  \(pack.current ?? "-")"
            switch (pack.wanted, pack.latest) {
            case (let wanted?, let latest?): line += " → \(wanted) (\(latest) is out, outside\(ref))"
            case (let wanted?, nil): line += " → \(wanted)"
            case (nil, let latest?): line += "  \(latest) is out, outside\(ref)"
            case (nil, nil): line += "  its source changed"
            }
            console.out(line)
        }
        console.out("'haven pack update' takes what each ref allows.")
    }
}

struct PackRemoveCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an installed pack; the entries of its trackers stay.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    @Flag(help: "Remove without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let hold = try session.runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        let removal = try session.runtime.planRemoval(of: id)
        var entries = 0
        for tracker in removal.trackers { entries += try session.entryCount(tracker) }
        let count = removal.trackers.count
        let plan = count == 0 ? "'\(id)' has no live trackers."
            : "\(count) \(count == 1 ? "tracker loses its" : "trackers lose their") definition "
                + "(\(removal.trackers.joined(separator: ", "))); \(count == 1 ? "its" : "their") \(entries) "
                + "\(entries == 1 ? "entry stays" : "entries stay")."
        guard try Confirmation.confirm(plan, question: "Remove the pack \(id)?", yes: yes,
                                       again: "haven pack remove \(id)", console: invocation.console) else { return }
        try session.runtime.remove(removal)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("removed", .bool(true)),
                                                        ("trackers", .array(removal.trackers.map(Value.string))),
                                                        ("entriesKept", .int(entries))]).json(pretty: true))
        }
        invocation.console.out("Removed the pack \(id). " + plan)
    }
}

struct PackNewCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Make a new pack folder here that validates: pack.yaml, the folders, a README.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack's id: lower-case letters, digits and '-'.", valueName: "NAME"))
    var name: String

    func run(_ invocation: Invocation) throws {
        let folder = try invocation.openRuntime().scaffoldPack(name, in: invocation.currentDirectory)
        if global.json {
            return invocation.console.out(Value.object([("id", .string(name)), ("path", .string(folder))]).json(pretty: true))
        }
        invocation.console.out("Made \(folder). Add trackers or presets, check it with 'haven validate \(name)', "
            + "then share the folder.")
    }
}

struct PackTrustCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", abstract: "Trust an installed pack as it is now: its trackers go live, its hooks run.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    @Flag(help: "Trust it without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        let pack = try runtime.trustSummary(of: id, currentDirectory: invocation.currentDirectory)
        guard try PackInstallCommand.askTrust(pack, question: "Trust \(id)?", yes: yes, again: "haven pack trust \(id)",
                                              goAhead: "trust it", declined: "Nothing changed.", console: invocation.console)
        else { return }
        try runtime.setTrust(id, true)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("trusted", .bool(true)),
                                                        ("trackers", .array(pack.trackers.map(Value.string)))]).json(pretty: true))
        }
        invocation.console.out("Trusted \(id): its trackers are live.")
    }
}

struct PackUntrustCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrust", abstract: "Take trust back: the pack's trackers stop loading and its hooks never run.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        try runtime.setTrust(id, false)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("trusted", .bool(false))]).json(pretty: true))
        }
        invocation.console.out("\(id) is no longer trusted: its trackers stop loading until 'haven pack trust \(id)'.")
    }
}

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

    @Flag(help: "Trust changed hooks without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        let console = invocation.console
        Interruption.catchSignals()
        defer { Interruption.release() }
        let ids = self.ids.isEmpty ? try runtime.lockedPackIds() : self.ids
        guard !ids.isEmpty else { return console.out("packs.lock lists no packs; nothing to update.") }
        var results: [Value] = []
        for id in ids {
            let update = try runtime.planUpdate(of: id, force: force, currentDirectory: invocation.currentDirectory)
            let to = update.staged.summary.version
            var applied = false
            defer {
                if !applied { runtime.discard(update.staged) }
                results.append(.object([("id", .string(id)), ("from", update.fromVersion.map(Value.string) ?? .null),
                                        ("to", to.map(Value.string) ?? .null), ("upToDate", .bool(update.upToDate)),
                                        ("changes", PackUpdateCommand.json(update.changes)),
                                        ("hooksChanged", .bool(update.hooksChanged)), ("updated", .bool(applied))]))
            }
            if update.upToDate {
                if !global.json { console.out("\(id) \(to ?? "") is up to date.") }
                continue
            }
            let summary = PackUpdateCommand.describe(update)
            if !global.json { console.out(summary) }
            if dryRun { continue }
            var trusted = false
            if update.hooksChanged {
                trusted = try PackInstallCommand.askTrust(
                    update.staged.summary, question: "Trust the new hooks of \(id) and update it?", yes: yes,
                    again: "haven pack update \(id)", goAhead: "trust the new hooks and update",
                    declined: "\(id) was not updated.", console: console)
                if Interruption.wasRequested { throw RuntimeError.interrupted(action: "updated") }
                guard trusted else { continue }
            }
            try runtime.apply(update, trusted: trusted)
            applied = true
            invocation.cache?.runtime = nil
            if !global.json {
                console.out("Updated \(id) \(update.fromVersion ?? "?") → \(to ?? "?"); 'haven pack rollback \(id)' goes back.")
            }
        }
        if global.json { console.out(Value.array(results).json(pretty: true)) }
        if dryRun && !global.json { console.out("Dry run: nothing was updated.") }
    }

    /// What changes, in one line per kind: what the person reads before anything moves.
    static func describe(_ update: PackUpdate) -> String {
        var lines = ["\(update.id) \(update.fromVersion ?? "?") → \(update.staged.summary.version ?? "?") "
            + "(from \(update.staged.summary.source)):"]
        for kind in update.changes.kinds {
            let parts = [("added", kind.added), ("changed", kind.changed), ("removed", kind.removed)]
                .filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.joined(separator: ", "))" }
            lines.append("  \(kind.folder): " + parts.joined(separator: "; "))
        }
        if !update.changes.otherFiles.isEmpty {
            lines.append("  other files: " + update.changes.otherFiles.joined(separator: ", "))
        }
        if let haven = update.changes.haven {
            lines.append("  works with Haven \(haven.to ?? "any") (was \(haven.from ?? "any"))")
        }
        if update.hooksChanged { lines.append("  its hooks changed: trust is asked again") }
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

struct PackRollbackCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback", abstract: "Go back to the version a pack had before its last update.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let hold = try runtime.holdPacks()
        defer { withExtendedLifetime(hold) {} }
        let (from, to) = try runtime.rollback(id)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("id", .string(id)), ("from", from.map(Value.string) ?? .null),
                                                        ("to", to.map(Value.string) ?? .null)]).json(pretty: true))
        }
        invocation.console.out("Rolled \(id) back from \(from ?? "?") to \(to ?? "?"); "
            + "'haven pack rollback \(id)' again goes forward.")
    }
}

struct PackExportCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Make a pack from your own trackers, to share as a folder or a .tar.gz.",
        discussion: "Example: haven pack export water stretch --name morning --out morning.tar.gz")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Your trackers to put in it; all of them when none.", valueName: "ID"))
    var ids: [String] = []

    @Option(help: ArgumentHelp("The pack's id: lower-case letters, digits and '-'.", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("A folder to make, or a FILE.tar.gz; ./NAME when not given.", valueName: "PATH"))
    var out: String?

    @Option(help: ArgumentHelp("The pack's version.", valueName: "X.Y.Z"))
    var version = "1.0.0"

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let made = try runtime.exportPack(ids, name: name, version: version, output: out,
                                          currentDirectory: invocation.currentDirectory)
        let shown = out ?? name
        if global.json {
            return invocation.console.out(Value.object([
                ("name", .string(made.name)), ("path", .string(made.path)),
                ("format", .string(made.isArchive ? "tar.gz" : "folder")),
                ("trackers", .array(made.trackers.map(Value.string))), ("files", .array(made.files.map(Value.string))),
                ("requires", .object(made.requires.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                ("sha256", made.sha256.map(Value.string) ?? .null), ("hash", .string(made.hash)),
            ]).json(pretty: true))
        }
        let count = made.trackers.count
        invocation.console.out("Exported \(count) \(count == 1 ? "tracker" : "trackers") (\(made.trackers.joined(separator: ", "))) "
            + "as the pack \(made.name) into \(shown); without since: or pinned:, \(made.files.count) files, hash \(made.hash).")
        invocation.console.out(made.sha256.map {
            "sha256 \($0)\nA friend installs it with: haven pack install \(shown) --sha256 \($0)"
        } ?? "A friend installs it with: haven pack install \(shown) (or push the folder to a git host and tag it v\(version))")
    }
}
