import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct AddCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "add", abstract: "Start tracking a preset: writes a tracker file that extends it.",
        discussion: "Example: haven add core/water · haven add core/walking --id evening-walk")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A preset, PACK/PRESET (core/water).", valueName: "PACK/PRESET"))
    var preset: String

    @Option(help: ArgumentHelp("The new tracker's id (default: the preset's).", valueName: "ID"))
    var id: String?

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime()
        let file = try runtime.add(preset: preset, id: id)
        invocation.cache?.runtime = nil
        let reloaded = try Invocation(global.values, cache: invocation.cache).openRuntime()
        let tracker = try reloaded.tracker(id ?? String(preset.split(separator: "/").last!))
        if global.json {
            return invocation.console.out(Value.object([("tracker", .string(tracker.id)), ("preset", .string(preset)),
                                                        ("file", .string(file))]).json(pretty: true))
        }
        let verb = tracker.origin.pack == "local" ? "Added" : "Switched back on"
        invocation.console.out("\(verb) \(StatusText(console: invocation.console).name(tracker)) (\(tracker.id)): \(file)")
    }
}
