import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct AddCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "add", abstract: "Start tracking a preset: writes a tracker file that extends it.",
        discussion: "Without a preset, lists them. Example: haven add core/water · haven add core/walking --id evening-walk")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A preset, PACK/PRESET (core/water); without one, the presets are listed.",
                                 valueName: "PACK/PRESET"))
    var preset: String?

    @Option(help: ArgumentHelp("The new tracker's id (default: the preset's).", valueName: "ID"))
    var id: String?

    func run(_ invocation: Invocation) throws {
        guard let preset else { return try list(invocation) }
        let runtime = try invocation.openRuntime()
        let file = try runtime.add(preset: preset, id: id)
        invocation.cache?.runtime = nil
        let reloaded = try Invocation(global.values, cache: invocation.cache).openRuntime()
        let tracker = try reloaded.tracker(id ?? String(preset.split(separator: "/").last!))
        if global.json {
            return invocation.console.out(Value.object([("tracker", .string(tracker.id)), ("preset", .string(preset)),
                                                        ("file", .string(file))]).json(pretty: true))
        }
        invocation.console.out(invocation.console.words(tracker.origin.pack == "local" ? "Added {} ({}): {}"
                                                        : "Switched back on {} ({}): {}",
                                                        StatusText(console: invocation.console).name(tracker), tracker.id, file))
    }

    /// Every preset of every pack, a line each, and how to start one.
    private func list(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime(scope: .everything)
        let presets = runtime.loadedPacks.compactMap(runtime.contents(ofPack:)).flatMap(\.presets)
        let text = PackContentsText(console: invocation.console)
        if global.json { return invocation.console.out(Value.array(presets.map(text.presetValue)).json(pretty: true)) }
        for line in text.presets(presets) { invocation.console.out(line) }
        let example = presets.contains { $0.reference == "core/water" } ? "core/water" : presets.first?.reference ?? "PACK/PRESET"
        invocation.console.out(invocation.console.words("Start one with: haven add {}", example))
    }
}
