import HavenPresentation
import HavenRuntime

extension Invocation {
    /// What the runtime turned down, and what to do instead.
    static func message(_ rejection: Rejection, words: Words) -> String {
        switch rejection {
        case .namedTwice(let id): return words("'{}' is named twice; name each tracker once", id)
        case .modesAreForSaboteurs(let id): return words("'{}' is a good habit; modes are for saboteurs (type: saboteur)", id)
        case .fileDoesNotAdjust(let path, let pack, let id):
            return words("{} exists but does not adjust the pack's tracker; add 'extends: {}/{}' to it", path, pack, id)
        case .notATrackerID(let id):
            return words("'{}' is not a tracker id; use lower-case letters, digits and '-', starting with a letter", id)
        case .idTaken(let id, let file): return words("the id '{}' is taken by {}; choose another with --id", id, file)
        case .fileExists(let path): return words("{} exists; choose another id with --id", path)
        case .coreTracker(let id): return words("'{}' is the core pack's; it is live only through a file of yours", id)
        case .disabledNotAList(let path):
            return words("the 'disabled:' line of {} is not a list like [walk]; fix it by hand", path)
        case .days(let days): return words("--days must be at least 1, not {}", days)
        case .rangeBackwards(let from, let to):
            return words("the range {}..{} runs backwards; write the earlier day first", from, to)
        case .freezeTooLong(let from, let to):
            return words("a freeze covers at most a year at once, and {}..{} is longer", from, to)
        case .healthNotANumber: return words("--health takes a number, for example --health 2")
        }
    }
}
