/// Why the store could not answer.
public enum StoreError: Error, Equatable, Sendable {
    /// The database was written by a newer Haven; it is left untouched.
    case newerSchema(path: String)
    /// Another process held the database longer than the busy timeout.
    case busy(path: String)
    /// The file could not be opened or is not a Haven database.
    case unreadable(path: String, reason: String)
    /// An entry or other row does not exist.
    case notFound(String)
    /// The file at `path` was removed or replaced (a sync tool renamed
    /// another over it) since it was opened; nothing was written.
    case replaced(path: String)
}
