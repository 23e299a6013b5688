import ArgumentParser
import Foundation
import HavenConfig
import HavenCore
import HavenPresentation
import HavenReport
import HavenRuntime

struct ValidateCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "validate", abstract: "Check packs and tracker files; exit 0, or 65 with every problem.",
        discussion: "Without PATH, checks everything Haven loads: the core pack, installed packs and your home.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Pack folders or YAML files to check.", valueName: "PATH"))
    var paths: [String] = []

    /// `2 packs, 17 presets, 7 practices, 2 trackers`: practices only when there are some.
    static func summary(_ report: Validation.Report, words: Words) -> String {
        words.count(report.packs, "pack", "packs") + ", " + words.count(report.presets, "preset", "presets") + ", "
            + (report.practices > 0 ? words.count(report.practices, "practice", "practices") + ", " : "")
            + words.count(report.trackers, "tracker", "trackers")
    }

    /// The report's templates as the report would load them: one problem, or none.
    static func templates(_ folders: [(path: String, shown: String)]) -> [Diagnostic] {
        do {
            _ = try ReportTemplates(folders: folders)
            return []
        } catch {
            return [error.diagnostic]
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        var diagnostics: [Diagnostic]
        let warnings: [Diagnostic]
        let summary: String
        if paths.isEmpty {
            let runtime = try invocation.openRuntime(scope: .everything, announceSkipped: false)
            let report = Validation.check(runtime)
            diagnostics = report.diagnostics + ValidateCommand.templates(runtime.reportTemplateFolders)
            warnings = report.warnings
            summary = ValidateCommand.summary(report, words: invocation.console.words)
        } else {
            guard let core = CorePackLocator.locate(environment: invocation.environment,
                                                    executable: CorePackLocator.currentExecutable()) else {
                throw RuntimeError.corePackNotFound
            }
            let report = try Validation.validate(paths: paths, core: core, currentDirectory: invocation.currentDirectory)
            diagnostics = report.diagnostics
            warnings = report.warnings
            // A pack folder's report templates, over the core's.
            for path in paths where ValidateCommand.isFolder(invocation.path(path) + "/report") {
                diagnostics += ValidateCommand.templates([(core + "/report", "core/report"),
                                                          (invocation.path(path) + "/report", path + "/report")])
            }
            summary = ValidateCommand.summary(report, words: invocation.console.words)
        }
        if global.json {
            console.out(Value.object([
                ("ok", .bool(diagnostics.isEmpty)),
                ("diagnostics", .array(diagnostics.map(ValidateCommand.value))),
                ("warnings", .array(warnings.map(ValidateCommand.value))),
            ]).json(pretty: true))
        } else {
            for diagnostic in diagnostics + warnings { console.err(console.words.diagnostic(diagnostic)) }
        }
        guard diagnostics.isEmpty else {
            if !global.json {
                let count = Diagnostic.problems(in: diagnostics)
                console.err(console.words(count == 1 ? "{} problem found" : "{} problems found", count))
            }
            throw CLIError.silent(.dataError)
        }
        if !global.json {
            console.out(console.words("ok: {}, no problems", summary)
                        + (warnings.isEmpty ? "" : ", " + console.words.count(warnings.count, "warning", "warnings")))
        }
    }

    static func value(_ d: Diagnostic) -> Value {
        .object([("file", .string(d.file)), ("line", .int(d.line == Diagnostic.afterAll ? 0 : d.line)),
                 ("column", .int(d.column)), ("message", .string(d.message))])
    }
}
