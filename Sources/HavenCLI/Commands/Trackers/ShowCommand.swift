import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct ShowCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "show", abstract: "Print a tracker's resolved definition, after 'extends:' (or a preset, as PACK/ID).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A tracker id, or a preset as PACK/ID (core/water).", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        // Presets are only all decoded when one is asked for.
        let runtime = try invocation.openRuntime(scope: id.contains("/") ? .everything : .live)
        let definition = try runtime.definition(id)
        let value = DefinitionValue.make(definition, language: invocation.console.language)
        invocation.console.out(global.json ? value.json(pretty: true) : value.yaml())
    }
}

