import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct EntriesCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "entries", abstract: "List a tracker's recent entries with their numbers.")

    @OptionGroup var global: GlobalOptions

    var pages: Bool { true }

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Option(help: ArgumentHelp("How many days back, today included.", valueName: "N"))
    var days = 7

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession(tracker: id)
        let entries = try session.entries(id, days: days)
        let health = try session.healthValues(entries, of: id)
        let console = invocation.console
        if global.json {
            console.out(Value.array(entries.enumerated().map { i, entry in
                var value = StatusValue.entry(entry)
                // With a health_value hook, what it makes of each entry.
                if let health, case .object(var fields) = value {
                    fields.append(("health", health[i].map(DefinitionValue.number) ?? .null))
                    value = .object(fields)
                }
                return value
            }).json(pretty: true))
            return
        }
        if entries.isEmpty {
            console.out(console.words(days == 1 ? "No entries for {} today." : "No entries for {} in the last {} days.",
                                      id, days))
            return
        }
        var rows = entries.map { EntryText.row($0, words: console.words) }
        if let health {
            for i in rows.indices { rows[i].append("health " + (health[i]?.plainText ?? "none")) }
        }
        console.out(contentsOf: Columns.align(rows))
    }
}
