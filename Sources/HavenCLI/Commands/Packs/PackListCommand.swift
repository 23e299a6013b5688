import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

struct PackListCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Installed packs: version, source, whether their files still match the lock, trust.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Ask each pack's source for something newer (git tags, a branch's head, a changed folder or archive).")
    var outdated = false

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(announceSkipped: false)
        let console = invocation.console
        let words = console.words
        if outdated { return try listOutdated(runtime, console) }
        let packs = try runtime.packs.installed()
        func state(_ pack: InstalledPack) -> String {
            words(!pack.locked ? "not in packs.lock" : pack.sourceKind == .link ? "linked" : pack.intact ? "ok"
                : "modified locally")
        }
        if global.json {
            console.out(Value.array(packs.map { pack in
                let source: Value = pack.sourceKind.map { kind in
                    .object([("kind", .string(kind.description)), ("path", pack.sourcePath.map(Value.string) ?? .null),
                             ("ref", pack.ref.map(Value.string) ?? .null)])
                } ?? .null
                return .object([("id", .string(pack.id)), ("version", pack.version.map(Value.string) ?? .null),
                         ("source", source),
                         ("resolved", pack.resolved.map(Value.string) ?? .null),
                         ("hash", pack.hash.map(Value.string) ?? .null), ("state", .string(state(pack))),
                         ("trust", .string(pack.trust.rawValue)),
                         ("trackers", .array(pack.trackers.map(Value.string))),
                         ("requiredBy", .array(pack.requiredBy.map(Value.string))),
                         ("left_out", .array(pack.leftOut.map(Value.string)))])
            }).json(pretty: true))
            return
        }
        guard !packs.isEmpty else { return console.out(words("No packs installed. Install one with: haven pack install FOLDER")) }
        for pack in packs {
            var source = pack.sourceKind.map { words($0.description) + " " + (pack.sourcePath ?? "") } ?? words("copied by hand")
            if let ref = pack.ref { source += " \(ref)" }
            if let resolved = pack.resolved { source += " @ " + resolved.prefix(12) }
            let live = pack.trust == .waiting || pack.trust == .codeChanged ? words(pack.trust.rawValue)
                : words.count(pack.trackers.count, "tracker", "trackers")
            let required = pack.requiredBy.isEmpty ? "" : "  " + words("required by {}", pack.requiredBy.joined(separator: ", "))
            let leftOut = pack.leftOut.isEmpty ? "" : "  " + words("left out {}", pack.leftOut.joined(separator: ", "))
            console.out("\(pack.id)  \(pack.version ?? "-")  \(source)  \(state(pack))  \(live)\(leftOut)\(required)")
        }
    }

    private func listOutdated(_ runtime: Runtime, _ console: Console) throws {
        let words = console.words
        let packs = try runtime.packs.outdated()
        if global.json {
            return console.out(Value.array(packs.map { pack in
                .object([("id", .string(pack.id)), ("current", pack.current.map(Value.string) ?? .null),
                         ("wanted", pack.wanted.map(Value.string) ?? .null),
                         ("latest", pack.latest.map(Value.string) ?? .null)])
            }).json(pretty: true))
        }
        guard !packs.isEmpty else { return console.out(words("Every pack is as new as its source.")) }
        for pack in packs {
            let ref = pack.ref.map { " \($0)" } ?? ""
            var line = "\(pack.id)  \(pack.current ?? "-")"
            switch (pack.wanted, pack.latest) {
            case (let wanted?, let latest?): line += " → \(wanted) (" + words("{} is out, outside{}", latest, ref) + ")"
            case (let wanted?, nil): line += " → \(wanted)"
            case (nil, let latest?): line += "  " + words("{} is out, outside{}", latest, ref)
            case (nil, nil): line += "  " + words("its source changed")
            }
            console.out(line)
        }
        console.out(words("'haven pack update' takes what each ref allows."))
    }
}
