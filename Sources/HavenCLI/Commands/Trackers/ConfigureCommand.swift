import ArgumentParser
import Foundation
import HavenSystem
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven configure ID`: a tracker's file in the person's editor, saved
/// only once it validates.
struct ConfigureCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "configure", abstract: "Open a tracker's file in $VISUAL or $EDITOR; it is saved only once it validates.",
        discussion: "On errors: e edits again, anything else discards. Example: EDITOR=nano haven configure water")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime()
        let tracker = try runtime.tracker(id)
        let console = invocation.console
        let words = console.words
        guard tracker.origin.pack == "local" else {
            throw CLIError(.dataError, words("'{}' comes from the pack '{}'; its file is the pack's. Copy it into your "
                + "trackers folder (haven show {} prints it) to change it", id, tracker.origin.pack, id))
        }
        let path = tracker.origin.path
        guard let original = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError(.noInput, words("cannot read {}", tracker.origin.file))
        }
        let scratch = TemporaryFolder()
        let draft = scratch.path + "/\(id).yaml"
        try Data(original.utf8).write(to: URL(fileURLWithPath: draft))
        let editor = invocation.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? invocation.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        while true {
            // Through the shell, so that EDITOR may carry its own arguments ("code --wait").
            let status = Foreground.shell(editor + " \"$1\"", arguments: ["editor", draft],
                                          environment: invocation.environment)
            guard status == 0 else {
                throw CLIError(.unavailable, words("the editor ({}) ended with status {}; {} is as it was", editor, status,
                                                   tracker.origin.file))
            }
            let edited = (try? String(contentsOfFile: draft, encoding: .utf8)) ?? original
            func done(_ changed: Bool, _ text: String) {
                console.out(global.json ? Value.object([("tracker", .string(id)), ("file", .string(path)),
                                                        ("changed", .bool(changed))]).json(pretty: true) : text)
            }
            if edited == original { return done(false, words("No change to {}.", tracker.origin.file)) }
            let problems = try runtime.problems(replacing: path, with: edited)
            if problems.isEmpty {
                do {
                    try Data(edited.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw CLIError(.cannotCreate, words("cannot write {}: {}", tracker.origin.file, error.localizedDescription))
                }
                invocation.cache?.runtime = nil
                return done(true, words("Saved {}.", tracker.origin.file))
            }
            console.err(problems.map(words.diagnostic).joined(separator: "\n"))
            console.write(words("Edit again (e) or discard (d)? "))
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "e" else {
                throw CLIError(.dataError, words("discarded; {} is as it was", tracker.origin.file))
            }
        }
    }
}
