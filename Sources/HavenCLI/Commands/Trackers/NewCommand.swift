import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct NewCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "new", abstract: "Create a tracker by answering a few questions; writes a commented YAML file that validates.",
        discussion: "Answers can be piped, one per line (an empty line takes the default).")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        // Every preset: the suggestions are core presets nobody has extended yet.
        let runtime = try invocation.openRuntime(scope: .everything)
        let suggestions = TrackerWizard.suggested.mapValues { ids in ids.compactMap { try? runtime.definition("core/" + $0) } }
        var wizard = TrackerWizard(interactive: isatty(STDIN_FILENO) == 1, console: invocation.console,
                                   takenIDs: Set(runtime.trackers.map(\.id)),
                                   levelSets: runtime.levelSetNames + ["core/noalc", "core/mood", "core/energy"],
                                   suggestions: suggestions)
        let answers = try wizard.ask()
        let text = answers.yaml
        let path = runtime.layout.trackers + "/\(answers.id).yaml"
        // Check the file before it goes live: nothing half-written lands in the home.
        let scratch = TemporaryFolder()
        let candidate = scratch.path + "/\(answers.id).yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: candidate))
        let report = try Validation.validate(paths: [candidate], core: runtime.corePack, currentDirectory: scratch.path)
        guard report.diagnostics.isEmpty else {
            throw CLIError(.dataError, invocation.console.words("the answers do not make a valid tracker:") + "\n"
                + report.diagnostics.map(invocation.console.words.diagnostic).joined(separator: "\n"))
        }
        try FileManager.default.createDirectory(atPath: runtime.layout.trackers, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([("tracker", .string(answers.id)), ("file", .string(path))])
                .json(pretty: true))
        }
        invocation.console.out(invocation.console.words("Created {}; log it with: haven log {}",
                                                        "\(runtime.layout.configDisplay)/trackers/\(answers.id).yaml", answers.id))
    }
}

/// A folder removed when released.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/haven-new-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
