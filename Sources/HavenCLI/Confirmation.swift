import Foundation

/// Asks before a change that cannot be taken back: on a terminal with a
/// y/N question, elsewhere only with `--yes`.
enum Confirmation {
    /// True to go ahead. `plan` says what will happen; `again` is the
    /// command to type with `--yes`.
    static func confirm(_ plan: String, question: String, yes: Bool, again: String, console: Console) throws -> Bool {
        if yes {
            return true
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError(.usage, plan + " Add --yes to go ahead: \(again) --yes")
        }
        console.out(plan)
        console.write("\(question) [y/N] ")
        guard let answer = readLine(), ["y", "yes", "j", "ja"].contains(answer.lowercased()) else {
            console.out("Nothing changed.")
            return false
        }
        return true
    }
}
