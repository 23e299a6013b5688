import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct ValidateCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "validate", abstract: "Check packs and tracker files; exit 0, or 65 with every problem.",
        discussion: "Without PATH, checks everything Haven loads: the core pack, installed packs and your home.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Pack folders or YAML files to check.", valueName: "PATH"))
    var paths: [String] = []

    static func summary(_ packs: Int, _ presets: Int, _ trackers: Int) -> String {
        Plural.count(packs, "pack", "packs") + ", " + Plural.count(presets, "preset", "presets") + ", "
            + Plural.count(trackers, "tracker", "trackers")
    }

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        let diagnostics: [Diagnostic]
        let summary: String
        if paths.isEmpty {
            let report = Validation.check(try invocation.openRuntime(scope: .everything, announceSkipped: false))
            diagnostics = report.diagnostics
            summary = ValidateCommand.summary(report.packs, report.presets, report.trackers)
        } else {
            guard let core = CorePackLocator.locate(environment: invocation.environment,
                                                    executable: CorePackLocator.currentExecutable()) else {
                throw RuntimeError.corePackNotFound
            }
            let report = try Validation.validate(paths: paths, core: core, currentDirectory: invocation.currentDirectory)
            diagnostics = report.diagnostics
            summary = ValidateCommand.summary(report.packs, report.presets, report.trackers)
        }
        if global.json {
            console.out(Value.object([
                ("ok", .bool(diagnostics.isEmpty)),
                ("diagnostics", .array(diagnostics.map { d in
                    .object([("file", .string(d.file)), ("line", .int(d.line == Diagnostic.afterAll ? 0 : d.line)),
                             ("column", .int(d.column)),
                             ("message", .string(d.message))])
                })),
            ]).json(pretty: true))
        } else {
            for diagnostic in diagnostics { console.err(diagnostic.rendered) }
        }
        guard diagnostics.isEmpty else {
            if !global.json {
                let count = Diagnostic.problems(in: diagnostics)
                console.err("\(count) \(count == 1 ? "problem" : "problems") found")
            }
            throw CLIError.silent(.dataError)
        }
        if !global.json { console.out("ok: \(summary), no problems") }
    }
}
