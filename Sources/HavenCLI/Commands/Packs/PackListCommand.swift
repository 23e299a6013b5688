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
        if outdated { return try listOutdated(runtime, console) }
        let packs = try runtime.packs.installed()
        func state(_ pack: InstalledPack) -> String {
            !pack.locked ? "not in packs.lock" : pack.sourceKind == .link ? "linked" : pack.intact ? "ok" : "modified locally"
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
        guard !packs.isEmpty else { return console.out("No packs installed. Install one with: haven pack install FOLDER") }
        for pack in packs {
            var source = pack.sourceKind.map { "\($0) \(pack.sourcePath ?? "")" } ?? "copied by hand"
            if let ref = pack.ref { source += " \(ref)" }
            if let resolved = pack.resolved { source += " @ " + resolved.prefix(12) }
            let live = pack.trust == .waiting || pack.trust == .codeChanged ? pack.trust.rawValue
                : "\(pack.trackers.count) \(pack.trackers.count == 1 ? "tracker" : "trackers")"
            let required = pack.requiredBy.isEmpty ? "" : "  required by " + pack.requiredBy.joined(separator: ", ")
            let leftOut = pack.leftOut.isEmpty ? "" : "  left out " + pack.leftOut.joined(separator: ", ")
            console.out("\(pack.id)  \(pack.version ?? "-")  \(source)  \(state(pack))  \(live)\(leftOut)\(required)")
        }
    }

    private func listOutdated(_ runtime: Runtime, _ console: Console) throws {
        let packs = try runtime.packs.outdated()
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
