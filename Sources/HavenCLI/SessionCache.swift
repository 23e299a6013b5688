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
    let environment = ProcessEnvironment.current
    let currentDirectory = FileManager.default.currentDirectoryPath
    /// The source of entries logged through it (SPEC §3): `repl` for the
    /// REPL and piped scripts, `cli` for a one-shot `checkin`.
    let source: String

    init(source: String = "repl") {
        self.source = source
    }
}
