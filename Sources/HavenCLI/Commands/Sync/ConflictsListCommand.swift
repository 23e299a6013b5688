import ArgumentParser
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

struct ConflictsListCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the days where devices disagree (what 'haven conflicts' does).",
        discussion: "The latest entry of a day is what it shows until you keep one with 'haven conflicts keep N'.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let conflicts = try session.sync.conflicts()
        let this = try session.sync.thisDevice()
        let console = invocation.console
        if global.json {
            return console.out(Value.array(conflicts.map { conflict in
                .object([("tracker", .string(conflict.tracker)), ("day", .string(conflict.day.description)),
                         ("shown", .string(conflict.entries.last?.value.level ?? "")),
                         ("entries", .array(zip(conflict.entries, conflict.devices).map { entry, device in
                             .object([("entry", StatusValue.entry(entry)), ("device", device.map(Value.string) ?? .null)])
                         }))])
            }).json(pretty: true))
        }
        let w = console.words
        guard !conflicts.isEmpty else { return console.out(w("No conflicts: your devices agree on every day.")) }
        for conflict in conflicts {
            console.out(w("{} {}: shows {}", conflict.tracker, conflict.day, conflict.entries.last?.value.level ?? ""))
            let rows = zip(conflict.entries, conflict.devices).map { entry, device in
                ["  #\(entry.id)", entry.value.level ?? "", EntryText.row(entry, words: w)[1],
                 device.map { $0 == this ? w("this device") : w("device {}", $0) } ?? w("this device")]
            }
            console.out(contentsOf: Columns.align(rows).map { $0.trimmingTrailingSpaces() })
        }
        console.out(w("Keep one with 'haven conflicts keep N'; the others of its day are deleted on every device."))
    }
}
