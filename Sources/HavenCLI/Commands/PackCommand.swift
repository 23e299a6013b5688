import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime

/// `haven pack`: sharing packs (SPEC §8).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack", abstract: "Install, list, remove and make shared tracker packs.",
        subcommands: [PackInstallCommand.self, PackListCommand.self, PackRemoveCommand.self, PackTrustCommand.self,
                      PackUntrustCommand.self, PackNewCommand.self])
}

struct PackInstallCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Install a pack from a folder: validated whole, trusted, then moved into packs/.",
        discussion: "Example: haven pack install ~/src/calm-evenings --yes")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The pack's folder; without it, every pack of packs.lock is restored as recorded.",
                                 valueName: "SOURCE"))
    var source: String?

    @Option(name: .customLong("as"), help: ArgumentHelp("Install under this name instead of the pack's id.", valueName: "NAME"))
    var name: String?

    @Option(help: ArgumentHelp("For a git source: a tag, branch, commit, or a version range over its vX.Y.Z tags.",
                               valueName: "REF"))
    var ref: String?

    @Flag(help: "Trust the pack (its trackers go live, its hooks run) without asking.")
    var yes = false

    @Flag(help: "Check and show what the pack brings; install nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: source != nil)
        guard let source else {
            let packs = try runtime.restorePacks()
            invocation.cache?.runtime = nil
            guard !packs.isEmpty else { return invocation.console.out("packs.lock lists no packs; nothing to restore.") }
            for pack in packs {
                invocation.console.out("\(pack.id): " + (pack.restored ? "restored as recorded" : "already in place"))
            }
            return
        }
        let staged = try runtime.stagePack(source, as: name, ref: ref, currentDirectory: invocation.currentDirectory)
        let console = invocation.console
        let summary = PackInstallCommand.summary(staged)
        if dryRun {
            runtime.discard(staged)
            console.out(summary + "\nDry run: nothing was installed.")
            return
        }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                runtime.discard(staged)
                throw CLIError(.noPermission, summary + " Trusting a pack lets its trackers go live and its hooks run. "
                    + "Add --yes to trust it and install: haven pack install \(source)\(ref.map { " --ref \($0)" } ?? "") --yes")
            }
            console.out(summary)
            console.write("Trust \(staged.id) and install it? [y/N] ")
            guard let answer = readLine(), ["y", "yes", "j", "ja"].contains(answer.lowercased()) else {
                runtime.discard(staged)
                console.out("Nothing was installed.")
                return
            }
        }
        try runtime.install(staged)
        invocation.cache?.runtime = nil
        console.out("Installed \(staged.id)\(staged.version.map { " " + $0 } ?? "") into "
            + "\(runtime.layout.configDisplay)/packs/\(staged.id).")
    }

    /// What the pack brings, in one line: what the trust question is about.
    static func summary(_ staged: StagedPack) -> String {
        var parts = ["\(staged.trackers.count) \(staged.trackers.count == 1 ? "tracker" : "trackers")"
            + (staged.trackers.isEmpty ? "" : " (\(staged.trackers.joined(separator: ", ")))")]
        parts.append(staged.hooks.isEmpty ? "no hooks" : "hooks " + staged.hooks.joined(separator: ", "))
        if staged.reminders > 0 { parts.append("\(staged.reminders) \(staged.reminders == 1 ? "reminder" : "reminders")") }
        if !staged.requires.isEmpty {
            parts.append("requires " + staged.requires.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", "))
        }
        return "\(staged.id)\(staged.version.map { " " + $0 } ?? "") from \(staged.source): " + parts.joined(separator: "; ") + "."
    }
}

struct PackListCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Installed packs: version, source, whether their files still match the lock.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let packs = try invocation.openRuntime(announceSkipped: false).installedPacks()
        let console = invocation.console
        func state(_ pack: InstalledPack) -> String {
            !pack.locked ? "not in packs.lock" : pack.intact ? "ok" : "modified locally"
        }
        if global.json {
            console.out(Value.array(packs.map { pack in
                .object([("id", .string(pack.id)), ("version", pack.version.map(Value.string) ?? .null),
                         ("source", pack.sourceKind.map { .object([("kind", .string($0)),
                                                                   ("path", pack.sourcePath.map(Value.string) ?? .null)]) } ?? .null),
                         ("hash", pack.hash.map(Value.string) ?? .null), ("state", .string(state(pack))),
                         ("trust", .string(pack.trust.rawValue)),
                         ("trackers", .array(pack.trackers.map(Value.string)))])
            }).json(pretty: true))
            return
        }
        guard !packs.isEmpty else { return console.out("No packs installed. Install one with: haven pack install FOLDER") }
        for pack in packs {
            let source = pack.sourceKind.map { "\($0) \(pack.sourcePath ?? "")" } ?? "copied by hand"
            let live = pack.trust == .waiting || pack.trust == .hooksChanged ? pack.trust.rawValue
                : "\(pack.trackers.count) \(pack.trackers.count == 1 ? "tracker" : "trackers")"
            console.out("\(pack.id)  \(pack.version ?? "-")  \(source)  \(state(pack))  \(live)")
        }
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
        let summary = PackInstallCommand.summary(try runtime.trustSummary(of: id, currentDirectory: invocation.currentDirectory))
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CLIError(.noPermission, summary + " Trusting a pack lets its trackers go live and its hooks run. "
                    + "Add --yes to trust it: haven pack trust \(id) --yes")
            }
            invocation.console.out(summary)
            invocation.console.write("Trust \(id)? [y/N] ")
            guard let answer = readLine(), ["y", "yes", "j", "ja"].contains(answer.lowercased()) else {
                return invocation.console.out("Nothing changed.")
            }
        }
        try runtime.setTrust(id, true)
        invocation.cache?.runtime = nil
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
        try runtime.setTrust(id, false)
        invocation.cache?.runtime = nil
        invocation.console.out("\(id) is no longer trusted: its trackers stop loading until 'haven pack trust \(id)'.")
    }
}
