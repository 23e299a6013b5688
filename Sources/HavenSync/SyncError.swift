import HavenCore

/// What can go wrong with records and keys, each with a line for a person.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key that is not the text `haven sync key` shows.
    case badKey
    /// A record that does not open with this key, or whose identity was
    /// changed: it is kept and skipped, never fatal (SPEC §12).
    case undecryptable(id: String)
    /// A record that opens but whose payload this Haven cannot read.
    case unreadable(id: String, reason: String)
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
    /// The answer is not what a haven-server says.
    case badAnswer(url: String, reason: String)
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

    public var description: String {
        switch self {
        case .badKey:
            return "that is not a sync key; a key is 'hk1-' and 43 letters, digits, '-' and '_', as 'haven sync key' "
                + "shows it on your first device"
        case .undecryptable(let id):
            return "record \(id) does not open with this key (made with another key, or changed on the way); it is "
                + "kept and skipped"
        case .unreadable(let id, let reason):
            return "record \(id) cannot be read by this Haven (\(reason)); it is kept and skipped"
        case .badURL(let text):
            return "'\(text)' is not a server address; give one such as http://127.0.0.1:8787 or https://haven.example.org"
        case .notSetUp:
            return "this home does not sync yet; run 'haven sync login URL --account NAME' (add --new to make the account)"
        case .keyNeeded:
            return "this device needs the key of the account's first device: add --key KEY ('haven sync key' on that "
                + "device shows it)"
        case .unreachable(let url, let reason):
            return "the sync server at \(url) did not answer (\(reason)); your records wait here and go with the next "
                + "'haven sync'"
        case .loggedOut(let url, let message):
            return "the sync server at \(url) no longer knows this device (\(message)); log in again with "
                + "'haven sync login \(url) --account NAME'"
        case .refused(let status, let message):
            return "the sync server refused (\(status)): \(message)"
        case .badAnswer(let url, let reason):
            return "the answer from \(url) cannot be read (\(reason)); is it a haven-server?"
        case .gap(let device, let expected):
            return "the server holds the records of device \(device) up to \(expected - 1); run 'haven sync' again"
        case .database(let problem):
            return "\(problem)"
        case .settingsUnreadable(let path, let reason):
            return "\(path) cannot be read (\(reason)); move it away and run 'haven sync login URL --account NAME --key "
                + "KEY' again"
        case .cannotWriteSettings(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotSeal(let reason):
            return "a record could not be sealed: \(reason)"
        case .stopped(let reason):
            return "sync stopped: \(reason)"
        case .loginUnreachable(let url, let reason):
            return "the sync server at \(url) did not answer (\(reason)); check the address, and that the server runs "
                + "('make server' starts one on this machine)"
        case .unknownEntry(let id):
            return "no entry \(id); 'haven entries ID' lists entries with their numbers"
        case .notAConflict(let id, let tracker, let day):
            return "entry \(id) (\(tracker), \(day)) is not part of a conflict; 'haven conflicts' lists them"
        }
    }
}
