/// Exit codes of SPEC §7 (sysexits.h values).
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    /// A menu left without a choice (`haven pick`, Esc), as menu programs say it.
    case nothingChosen = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    /// A program or service Haven needs is not there.
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    case tempFailure = 75
    /// Refused by trust or permission.
    case noPermission = 77
    /// Stopped by Ctrl-C (128 + SIGINT), as shells report it.
    case interrupted = 130
}

/// An error a command ends with: what to print and how to exit.
struct CLIError: Error {
    var status: ExitStatus
    var message: String
    /// Already printed (diagnostics): exit without another line.
    var printed = false
    /// "error" in the person's language, for the line's prefix; nil: English.
    var label: String?

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    static func silent(_ status: ExitStatus) -> CLIError {
        var error = CLIError(status, "")
        error.printed = true
        return error
    }
}
