import ArgumentParser
import Foundation
import HavenConfig
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

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

    @Option(parsing: .singleValue,
            help: ArgumentHelp("Leave out the pack's tracker ID (repeat for more), as for one whose id you use already.",
                               valueName: "ID"))
    var without: [String] = []

    @Flag(help: "Trust the pack (its trackers go live, its hooks run) without asking.")
    var yes = false

    @Flag(help: "Check and show what the pack brings; install nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: source != nil)
        let hold = try runtime.packs.hold()
        defer { withExtendedLifetime(hold) {} }
        // Ctrl-C stops the install where everything can still be put back.
        Interruption.catchSignals()
        defer { Interruption.release() }
        let words = invocation.console.words
        guard let source else {
            let packs = try runtime.packs.restore()
            invocation.cache?.runtime = nil
            if global.json {
                return invocation.console.out(Value.array(packs.map {
                    .object([("id", .string($0.id)), ("restored", .bool($0.restored))])
                }).json(pretty: true))
            }
            guard !packs.isEmpty else { return invocation.console.out(words("packs.lock lists no packs; nothing to restore.")) }
            for pack in packs {
                invocation.console.out("\(pack.id): " + words(pack.restored ? "restored as recorded" : "already in place"))
            }
            return
        }
        let staged = try runtime.packs.stage(source, as: name, ref: ref, sha256: sha256, link: link, without: without,
                                           currentDirectory: invocation.currentDirectory)
        let pack = staged.summary
        let console = invocation.console
        let clash = staged.clashes.isEmpty ? nil
            : PackError.trackersClash(id: pack.id, clashes: staged.clashes,
                                      retry: command(without: without + staged.clashes.map(\.id)), dryRun: dryRun)
        if dryRun {
            runtime.packs.discard(staged)
            if global.json {
                console.out(PackInstallCommand.json(pack, installed: false, link: nil, clashes: staged.clashes)
                    .json(pretty: true))
            } else {
                console.out(PackInstallCommand.describe(pack, words: words) + "\n" + words("Dry run: nothing was installed."))
            }
            if let clash { throw clash }
            return
        }
        if let clash {
            runtime.packs.discard(staged)
            throw clash
        }
        let trusted: Bool
        do {
            trusted = try PackInstallCommand.askTrust(pack, question: words("Trust {} and install it?", pack.id), yes: yes,
                                                      again: command(without: without),
                                                      goAhead: "trust it and install", declined: "Nothing was installed.",
                                                      console: console)
        } catch {
            runtime.packs.discard(staged)
            throw error
        }
        guard trusted else {
            runtime.packs.discard(staged)
            if Interruption.wasRequested { throw PackError.interrupted(.installed) }
            return
        }
        try runtime.packs.install(staged)
        invocation.cache?.runtime = nil
        let named = pack.id + (pack.version.map { " " + $0 } ?? "")
        let folder = "\(runtime.layout.configDisplay)/packs/\(pack.id)"
        if global.json {
            console.out(PackInstallCommand.json(pack, installed: true, link: staged.link).json(pretty: true))
        } else if let target = staged.link {
            console.out(words("Linked {} as {} → {}; your edits load at once.", named, folder, target))
        } else {
            console.out(words("Installed {} into {}.", named, folder))
        }
    }

    /// This install as a command to type again, leaving out `without`.
    func command(without: [String]) -> String {
        var words = ["haven", "pack", "install", source ?? ""]
        if let name { words += ["--as", name] }
        if let ref { words += ["--ref", ref] }
        if let sha256 { words += ["--sha256", sha256] }
        if link { words.append("--link") }
        for id in without { words += ["--without", id] }
        return words.map(\.shellWord).joined(separator: " ")
    }

    /// What the pack brings, for scripts.
    static func json(_ pack: PackSummary, installed: Bool, link: String?, clashes: [Catalog.Clash] = []) -> Value {
        .object([("id", .string(pack.id)), ("version", pack.version.map(Value.string) ?? .null),
                 ("source", .string(pack.source)), ("trackers", .array(pack.trackers.map(Value.string))),
                 ("hooks", .array(pack.hooks.map { .object([("file", .string($0.file)),
                                                            ("points", .array($0.points.map(Value.string)))]) })),
                 ("code", .array(pack.code.map(Value.string))),
                 ("reminders", .int(pack.reminders)),
                 ("requires", .object(pack.requires.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                 ("left_out", .array(pack.leftOut.map(Value.string))),
                 ("clashes", .array(clashes.map {
                     .object([("id", .string($0.id)), ("file", .string($0.file)), ("taken_by", .string($0.owner)),
                              ("yours", .bool($0.ownerIsHome))])
                 })),
                 ("installed", .bool(installed)), ("link", link.map(Value.string) ?? .null)])
    }

    /// What the pack brings, in one line: what the trust question is about.
    static func describe(_ pack: PackSummary, words: Words) -> String {
        var parts = [words.count(pack.trackers.count, "tracker", "trackers")
            + (pack.trackers.isEmpty ? "" : " (\(pack.trackers.joined(separator: ", ")))")]
        parts.append(pack.hooks.isEmpty ? words("no hooks") : words("hooks {}", pack.hooks.map { hook in
            hook.file + (hook.points.isEmpty ? "" : " (\(hook.points.joined(separator: ", ")))")
        }.joined(separator: ", ")))
        let hookFiles = Set(pack.hooks.map(\.file))
        let otherCode = pack.code.filter { !hookFiles.contains($0) }
        if !otherCode.isEmpty { parts.append(words("code {}", otherCode.joined(separator: ", "))) }
        if !pack.leftOut.isEmpty { parts.append(words("left out {}", pack.leftOut.joined(separator: ", "))) }
        if pack.reminders > 0 { parts.append(words.count(pack.reminders, "reminder", "reminders")) }
        if !pack.requires.isEmpty {
            parts.append(words("requires {}", pack.requires.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")))
        }
        return words("{} from {}: {}.", pack.id + (pack.version.map { " " + $0 } ?? ""), pack.source,
                     parts.joined(separator: "; "))
    }

    /// The trust question of `pack install` and `pack trust`: on a terminal
    /// a y/N question after what the pack brings; elsewhere `--yes` or 77.
    static func askTrust(_ pack: PackSummary, question: String, yes: Bool, again: String, goAhead: String,
                         declined: String, console: Console) throws -> Bool {
        try Confirmation.confirm(describe(pack, words: console.words) + " "
                                 + console.words("Trusting a pack lets its trackers go live, its hooks run and its templates render."),
                                 question: question, yes: yes, again: again, console: console, goAhead: goAhead,
                                 refusal: .noPermission, declined: declined)
    }
}
