import ArgumentParser
import Foundation
import HavenCore
import HavenPacks
import HavenPresentation
import HavenRuntime
import HavenSystem

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
        let words = invocation.console.words
        invocation.console.out(words("Exported {} ({}) as the pack {} into {}; without since: or pinned:, {}, hash {}.",
                                     words.count(made.trackers.count, "tracker", "trackers"),
                                     made.trackers.joined(separator: ", "), made.name, shown,
                                     words.count(made.files.count, "file", "files"), made.hash))
        invocation.console.out(made.sha256.map {
            "sha256 \($0)\n" + words("A friend installs it with: haven pack install {} --sha256 {}", shown, $0)
        } ?? words("A friend installs it with: haven pack install {} (or push the folder to a git host and tag it v{})",
                   shown, version))
    }
}
