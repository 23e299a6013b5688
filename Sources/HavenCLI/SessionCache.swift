import Foundation
import HavenRuntime

/// The runtime and session a REPL or a script keeps open between lines.
/// The runtime is reloaded when a file it came from changes.
final class SessionCache {
    var runtime: Runtime?
    var session: Session?
    /// The `--home` the runtime was opened with.
    var home: String?
    /// Read once: a long session's environment and folder do not change.
    let environment = ProcessInfo.processInfo.environment
    let currentDirectory = FileManager.default.currentDirectoryPath
}
