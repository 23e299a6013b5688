/// Why the reminder timer could not be installed or removed, as facts;
/// the command line words them.
public enum ReminderError: Error, Equatable, Sendable {
    /// A unit file could not be written or removed.
    case cannotWrite(path: String, reason: String)
    /// `systemctl` is not installed; the unit files are written when `filesWritten`.
    case noSystemctl(filesWritten: Bool)
    /// `systemctl` could not be started.
    case systemctlNotStarted(filesWritten: Bool)
    /// `systemctl --user ARGUMENTS` failed, saying `said` first.
    case systemctlFailed(arguments: String, said: String?, filesWritten: Bool)
    /// A word of the service (a home path, say) holds a line break or another
    /// control character, which a unit file cannot carry: nothing is written.
    case unitCannotCarry(String)
}
