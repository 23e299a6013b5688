import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct ShowCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "show", abstract: "Print a tracker's resolved definition, after 'extends:' (or a preset, as PACK/ID); PACK/ lists a pack.")

    @OptionGroup var global: GlobalOptions

    var pages: Bool { true }

    @Argument(help: ArgumentHelp("A tracker id, a preset as PACK/ID (core/water), or PACK/ (core/) for what a pack holds.",
                                 valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        // Presets are only all decoded when one is asked for.
        let runtime = try invocation.openRuntime(scope: id.contains("/") ? .everything : .live)
        if id.hasSuffix("/") {
            let pack = String(id.dropLast())
            guard let contents = runtime.contents(ofPack: pack) else {
                throw CLIError(.noInput, invocation.console.words("no pack '{}'; the packs here are {}", pack,
                                                                  runtime.loadedPacks.map { $0 + "/" }.joined(separator: ", ")))
            }
            let text = PackContentsText(console: invocation.console)
            if global.json { return invocation.console.out(text.value(contents).json(pretty: true)) }
            for line in text.lines(contents) { invocation.console.out(line) }
            return
        }
        let definition = try runtime.definition(id)
        let value = DefinitionValue.make(definition, language: invocation.console.language)
        invocation.console.out(global.json ? value.json(pretty: true) : value.yaml())
    }
}

