import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

extension Invocation {
    /// A sync problem as a message and an exit status, in the person's language.
    static func cliError(_ problem: SyncError, words: Words) -> CLIError {
        switch problem {
        case .database(let database): return cliError(database, words: words)
        case .unknownEntry(let id): return cliError(RuntimeError.unknownEntry(id), words: words)
        default: return CLIError(exitStatus(problem), message(problem, words: words))
        }
    }

    static func exitStatus(_ problem: SyncError) -> ExitStatus {
        switch problem {
        case .notSetUp, .badURL, .keyNeeded: return .usage
        case .badKey, .undecryptable, .unreadable, .settingsUnreadable, .cannotSeal, .stopped, .notAConflict: return .dataError
        case .unreachable, .badAnswer, .loginUnreachable: return .unavailable
        case .gap: return .tempFailure
        case .loggedOut, .wrongKey: return .noPermission
        case .refused(let status, _): return status == 401 || status == 403 ? .noPermission : .dataError
        case .cannotWriteSettings: return .cannotCreate
        case .unknownEntry: return .noInput
        case .database: return .dataError
        case .serverFault: return .unavailable
        case .unknownDevice: return .noInput
        case .revokingThisDevice: return .usage
        }
    }

    static func message(_ problem: SyncError, words: Words) -> String {
        switch problem {
        case .badKey:
            return words("that is not a sync key; a key is 'hk1-' and 43 letters, digits, '-' and '_', as 'haven sync key' "
                + "shows it on your first device")
        case .undecryptable(let id):
            return words("record {} does not open with this key (made with another key, or changed on the way); it is "
                + "kept and skipped", id)
        case .unreadable(let id):
            return words("record {} cannot be read by this Haven (not a record this Haven knows); it is kept and skipped",
                         id)
        case .badURL(let text):
            return words("'{}' is not a server address; give one such as http://127.0.0.1:8787 or "
                + "https://haven.example.org", text)
        case .notSetUp:
            return words("this home does not sync yet; run 'haven sync login URL --account NAME' (add --new to make the "
                + "account)")
        case .keyNeeded:
            return words("this device needs the key of the account's first device: add --key KEY ('haven sync key' on "
                + "that device shows it)")
        case .unreachable(let url, let reason):
            return words("the sync server at {} did not answer ({}); your records wait here and go with the next "
                + "'haven sync'", url, reason)
        case .loggedOut(let url, let message):
            return words("the sync server at {} no longer knows this device ({}); log in again with 'haven sync login {} "
                + "--account NAME'", url, message, url)
        case .refused(let status, let message):
            return words("the sync server refused ({}): {}", status, message)
        case .badAnswer(let url, let status):
            return words("the answer from {} cannot be read (HTTP {} with a body that is not the expected JSON); is it a "
                + "haven-server?", url, status)
        case .gap(let device, let expected):
            return words("the server holds the records of device {} up to {}; run 'haven sync' again", device, expected - 1)
        case .database(let problem):
            return cliError(problem, words: words).message
        case .settingsUnreadable(let path, let reason):
            return words("{} cannot be read ({}); move it away and run 'haven sync login URL --account NAME --key KEY' "
                + "again", path, reason)
        case .cannotWriteSettings(let path, let reason):
            return words("cannot write {}: {}", path, reason)
        case .cannotSeal(let reason):
            return words("a record could not be sealed: {}", reason)
        case .wrongKey(let account):
            return words("that key is not the key of account '{}': its records would not open on your other devices, so "
                + "nothing was written; copy the key 'haven sync key' shows on a device of that account", account)
        case .stopped(let reason):
            return words("sync stopped: {}", reason)
        case .loginUnreachable(let url, let reason):
            return words("the sync server at {} did not answer ({}); check the address, and that the server runs "
                + "('make server' starts one on this machine)", url, reason)
        case .unknownEntry(let id):
            return words("no entry {}; 'haven entries ID' lists entries with their numbers", id)
        case .notAConflict(let id, let tracker, let day):
            return words("entry {} ({}, {}) is not part of a conflict; 'haven conflicts' lists them", id, tracker, day)
        case .unknownDevice(let named, let ambiguous):
            if !ambiguous.isEmpty {
                return words("'{}' starts several devices ({}); give more of the id", named, ambiguous.joined(separator: ", "))
            }
            return words("no device '{}' is logged in to this account; 'haven sync devices' lists them", named)
        case .revokingThisDevice:
            return words("that is this device; 'haven sync logout' logs it out")
        case .serverFault(let url, let fault):
            return words("the sync server at {} answered what a haven-server never sends: {}; nothing of its answer was "
                + "written here, and your records are safe (is the address right, and is it a haven-server?)", url,
                         faultText(fault, words: words))
        }
    }

    /// What the server did wrong, as a fact about its answer.
    static func faultText(_ fault: ServerFault, words: Words) -> String {
        switch fault {
        case .badPosition(let device, let last):
            return words("a stream position of device '{}' at idx {} (a device id and an idx of 0 to 2^53 are "
                + "expected)", device, last)
        case .ownStream(let device, let here, let server):
            return words("it claims {} records of this device's own stream ({}), which holds {} here", server, device, here)
        case .wrongDevice(let asked, let got):
            return words("asked for the records of device {}, it sent one of device '{}'", asked, got)
        case .wrongIdx(let device, let expected, let got):
            return words("a record of device {} at idx {} where idx {} comes next", device, got, expected)
        case .badRecord(let device, let idx, let field):
            return words("record {} of device {}, whose {} is not one a device sends", idx, device, field)
        case .pageTooLarge(let limit, let got):
            return words("{} records where at most {} were asked for", got, limit)
        case .noProgress(let device, let after):
            return words("an empty page of device {} after idx {} that says more are coming", device, after)
        case .answerTooLarge(let limit):
            return words("an answer larger than {} MiB", limit >> 20)
        case .redirected(let status):
            return words("a redirect (HTTP {}), which Haven does not follow; log in with the address it leads to", status)
        case .tooSlow(let seconds):
            return words("a sync that went on for more than {} seconds", seconds)
        }
    }
}
