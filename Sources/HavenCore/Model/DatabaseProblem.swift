/// Why the database could not answer. Shared vocabulary: the store throws
/// it, the runtime passes it on, and the command line says what the person
/// can do about each case (wait, move the file aside, free space, make the
/// folder writable).
public enum DatabaseProblem: Error, Equatable, Sendable {
    /// The database was written by a newer Haven; it is left untouched.
    case newerSchema(path: String)
    /// Another process held the database longer than the busy timeout.
    case busy(path: String)
    /// The file is not an SQLite database, or is damaged.
    case damaged(path: String, reason: String)
    /// The file is an SQLite database of another program.
    case foreign(path: String)
    /// The file is empty (0 bytes): a copy or sync that failed, never a
    /// file Haven made. It is left as it is.
    case empty(path: String)
    /// A row holds a value of the wrong type (another program wrote it, or
    /// the file is damaged); `detail` says which table and column.
    case badRow(path: String, detail: String)
    /// The disk is full; nothing was written.
    case full(path: String)
    /// The file or its folder cannot be written; reading still works.
    case readOnly(path: String)
    /// The database could not be made.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing the file failed.
    case io(path: String, reason: String)
    /// Anything else SQLite said.
    case unreadable(path: String, reason: String)
    /// An entry or other row does not exist.
    case notFound(String)
    /// The file at `path` was removed or replaced (a sync tool renamed
    /// another over it) since it was opened; nothing was written.
    case replaced(path: String)
    /// Another device's record claims a place (device, idx) that a
    /// different record holds here: nothing of its batch was kept.
    case recordClash(String)
}
