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
    /// The key given at login is not the account's (its key check differs).
    case wrongKey(account: String)
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
    /// The server answered what no haven-server sends: nothing of the
    /// answer was written here.
    case serverFault(url: String, ServerFault)
    /// `sync revoke` of a device the account does not list (or, when
    /// `ambiguous` holds them, of a start several devices share).
    case unknownDevice(String, ambiguous: [String])
    /// `sync revoke` of this device: that is `sync logout`.
    case revokingThisDevice
}

/// What a server did wrong (SPEC §12): each answer is checked before any of
/// it is written, and one wrong answer stops the run with nothing applied.
public enum ServerFault: Sendable, Equatable {
    /// A stream position that is not a device id and an idx of 0 to 2^53.
    case badPosition(device: String, last: Int64)
    /// The server holds more of this device's own stream than this device
    /// wrote: only this device writes it.
    case ownStream(device: String, here: Int64, server: Int64)
    /// A pulled record of another device than the one asked for.
    case wrongDevice(asked: String, got: String)
    /// A pulled record off its place: each page goes on at after + 1, + 2 …
    case wrongIdx(device: String, expected: Int64, got: Int64)
    /// A pulled record whose id is not a UUID, or whose version is not a
    /// positive number (`field` says which).
    case badRecord(device: String, idx: Int64, field: String)
    /// More records in a page than asked for.
    case pageTooLarge(limit: Int, got: Int)
    /// "more" with an empty page: a pull that would never end.
    case noProgress(device: String, after: Int64)
    /// An answer larger than the client reads (bytes).
    case answerTooLarge(limit: Int)
    /// A redirect: the client does not follow one.
    case redirected(status: Int)
    /// A run that went on longer than a run may (seconds).
    case tooSlow(seconds: Int)
}
