import Foundation
import HavenPresentation

/// Asks before a change that cannot be taken back: on a terminal with a
/// y/N question, elsewhere only with `--yes`.
enum Confirmation {
    /// True to go ahead. `plan` says what will happen; `again` is the
    /// command to type with `--yes`, to `goAhead`. Without a terminal the
    /// command ends with 77, as every refusal for want of permission does
    /// (SPEC §7): the line was right, the go-ahead was missing.
    static func confirm(_ plan: String, question: String, yes: Bool, again: String, console: Console,
                        goAhead: String = "go ahead", refusal: ExitStatus = .noPermission,
                        declined: String = "Nothing changed.") throws -> Bool {
        if yes {
            return true
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError(refusal, plan + console.words(" Add --yes to {}: {} --yes", console.words(goAhead), again))
        }
        console.out(plan)
        console.write(question + console.words(" [y/N] "))
        guard let answer = readLine(), ["y", "yes", "j", "ja"].contains(answer.lowercased()) else {
            console.out(console.words(declined))
            return false
        }
        return true
    }
}
