import HavenPresentation
import HavenReminders

extension Invocation {
    /// The reminder timer's refusals as a message and an exit status.
    static func cliError(_ error: ReminderError, words: Words) -> CLIError {
        let advice = { (written: Bool) in
            written ? words("the files are written; in your desktop session run: systemctl --user enable --now {} "
                + "(or use the cron line in the README)", ReminderTimer.timer) : ""
        }
        switch error {
        case .cannotWrite(let path, let reason):
            return CLIError(.cannotCreate, words("cannot write {}: {}", path, reason))
        case .noSystemctl(let written):
            return CLIError(.unavailable, words("systemctl is not installed here; {}", advice(written)))
        case .systemctlNotStarted(let written):
            return CLIError(.unavailable, words("systemctl could not be started; {}", advice(written)))
        case .unitCannotCarry(let word):
            return CLIError(.dataError, words("a systemd unit cannot carry '{}' (it holds a line break or another control "
                + "character); nothing was written: move the home to a path without one, or use the cron line in the "
                + "README", TerminalText.oneLine(word)))
        case .systemctlFailed(let arguments, let said, let written):
            return CLIError(.unavailable, words("'systemctl --user {}' did not succeed{}; {}", arguments,
                                                said.map { ": " + $0 } ?? "", advice(written)))
        }
    }
}
