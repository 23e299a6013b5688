import HavenRuntime

/// The runtime and session a REPL or a script keeps open between lines.
/// The runtime is reloaded when a file it came from changes.
final class SessionCache {
    var runtime: Runtime?
    var session: Session?
    /// The `--home` the runtime was opened with.
    var home: String?
}
