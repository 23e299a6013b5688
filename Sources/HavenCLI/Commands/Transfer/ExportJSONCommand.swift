import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ExportJSONCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Every entry, freeze and tracker state as JSON Lines, re-importable.",
        discussion: "Example: haven export json --out haven-history.jsonl")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Write to FILE (made new, whole) instead of standard output.", valueName: "FILE"))
    var out: String?

    func run(_ invocation: Invocation) throws {
        let lines = try invocation.openSession().transfer.historyLines()
        guard let out else {
            for line in lines { invocation.console.write(line) }
            return
        }
        _ = try invocation.outputPath(out, replacing: false)
        try invocation.writeWhole(lines.joined(), to: out)
        let entries = lines.filter { $0.hasPrefix("{") && $0.contains("\"kind\":\"entry\"") }.count
        invocation.console.out(invocation.console.words(
            entries == 1 ? "Wrote {} entry and the rest of your history to {}; 'haven import haven {}' reads it back."
                : "Wrote {} entries and the rest of your history to {}; 'haven import haven {}' reads it back.",
            entries, out, out))
    }
}
