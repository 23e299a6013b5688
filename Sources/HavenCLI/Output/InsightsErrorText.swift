import HavenInsights
import HavenPresentation
import HavenRuntime

extension Invocation {
    /// Insights' refusals as a message and an exit status.
    static func cliError(_ error: InsightsError, words: Words) -> CLIError {
        switch error {
        case .reversedRange(let from, let to):
            return cliError(RuntimeError.badValue(.reversedRange(from: from, to: to)), words: words)
        case .startsAfterToday(let from, let today, let tracker):
            return cliError(RuntimeError.badValue(.rangeAfterToday(from: from, today: today, tracker: tracker)), words: words)
        case .pairedWithItself(let id):
            return CLIError(.usage, words("--with needs another tracker than {}; for example: haven insights {} --with water",
                                          id, id))
        case .levelsWithoutLevels(let id):
            return CLIError(.usage, words("--levels is for a levels tracker, and {} has none; leave it out", id))
        case .unknownLevel(let key, let tracker, let known):
            return CLIError(.usage, words("{} has no level '{}'; its levels are {}", tracker, TerminalText.oneLine(key),
                                          known.joined(separator: ", ")))
        case .tooFewDays(let tracker, let other, let days, let needed):
            return CLIError(.dataError, words("{} and {} share {} closed days here, too few to say what went together (it takes "
                + "{}); log a while longer, or widen the range with --from", tracker, other, days, needed))
        }
    }
}
