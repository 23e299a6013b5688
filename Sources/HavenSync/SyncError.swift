import HavenCore

/// What can go wrong with records, keys and the server, as facts: the
/// CLI words them.
public enum SyncError: Error, Sendable, Equatable {
    /// A key that is not the text `haven sync key` shows.
    case badKey
    /// A record that does not open with this key, or whose identity was
    /// changed: it is kept and skipped, never fatal (SPEC §12).
    case undecryptable(id: String)
    /// A record that opens but whose payload is not one this Haven knows.
    case unreadable(id: String)
    /// Not a server address.
    case badURL(String)
    /// This home has no server, token or key yet.
    case notSetUp
    /// A login to an existing account on a device that has no key yet.
    case keyNeeded
    /// The server did not answer (down, unreachable, or libcurl missing):
    /// records wait on this device.
    case unreachable(url: String, reason: String)
    /// The server does not know this device's token any more (401).
    case loggedOut(url: String, message: String)
    /// The server refused a call, with its reason.
    case refused(status: Int, message: String)
    /// The answer (with its HTTP status) is not the JSON a haven-server sends.
    case badAnswer(url: String, status: Int)
    /// A stream must go on at another idx (409).
    case gap(device: String, expected: Int64)
    /// The device's database said no.
    case database(DatabaseProblem)
    /// `sync.json` cannot be read.
    case settingsUnreadable(path: String, reason: String)
    /// `sync.json` cannot be written.
    case cannotWriteSettings(path: String, reason: String)
    /// A record could not be sealed for the server.
    case cannotSeal(String)
    /// Something else stopped a sync half-way; run again, nothing is lost.
    case stopped(String)
    /// The server did not answer a login: the address, or a server not running.
    case loginUnreachable(url: String, reason: String)
    /// `conflicts keep N` of an entry that does not exist.
    case unknownEntry(Int64)
    /// `conflicts keep N` of an entry whose day is not in conflict.
    case notAConflict(entry: Int64, tracker: String, day: Day)
}
