import Foundation
import HavenCore
import HavenRuntime

/// What a command runs with: the environment, the console and, once opened,
/// the runtime. Built from the global options of each command.
struct Invocation {
    let options: GlobalOptions
    let environment: [String: String]
    let currentDirectory: String
    let console: Console

    init(_ options: GlobalOptions) {
        self.options = options
        environment = ProcessInfo.processInfo.environment
        currentDirectory = FileManager.default.currentDirectoryPath
        console = Console(color: Console.wantsColor(noColorFlag: options.noColor, environment: environment),
                          language: Console.language(option: options.lang, environment: environment))
    }

    /// Opens the home; says once what a first run created and, every time,
    /// which files were skipped because of problems.
    func openRuntime() throws -> Runtime {
        let runtime: Runtime
        do {
            runtime = try Runtime(home: options.home, environment: environment, currentDirectory: currentDirectory,
                                  executable: CorePackLocator.currentExecutable())
        } catch {
            throw Invocation.cliError(error)
        }
        if !runtime.createdOnFirstRun.isEmpty {
            console.err("Welcome to Haven. Created " + runtime.createdOnFirstRun.joined(separator: " and ")
                + "; edit them, or drop more tracker files next to them.")
        }
        if !runtime.catalog.skipped.isEmpty {
            let count = runtime.catalog.skipped.count
            console.err("haven: skipped \(count) file\(count == 1 ? "" : "s") with problems: "
                + runtime.catalog.skipped.joined(separator: ", ") + " (run 'haven validate' for details)")
        }
        return runtime
    }

    /// The one mapping from runtime errors to messages and exit codes.
    static func cliError(_ error: RuntimeError) -> CLIError {
        switch error {
        case .corePackNotFound:
            return CLIError(.software, "cannot find the built-in core pack; reinstall Haven with 'make install', "
                + "or set \(CorePackLocator.variable) to its folder (the repository's trackers/)")
        case .unknownTracker(let id, let suggestion):
            let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
            return CLIError(.noInput, "no tracker '\(id)'; \(hint)'haven trackers' lists them")
        case .pathNotFound(let path):
            return CLIError(.noInput, "no such file or folder: \(path)")
        case .homeNotWritable(let path, let reason):
            return CLIError(.software, "cannot create \(path): \(reason); pass --home DIR with a folder you can write")
        }
    }
}
