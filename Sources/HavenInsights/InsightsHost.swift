import HavenCore

/// What insights ask of a session (SPEC §16), answered by the runtime
/// from its catalog, clock and database.
public protocol InsightsHost {
    associatedtype Failure: Error

    /// A tracker by its id (an archived one too).
    func tracker(_ id: String) throws(Failure) -> TrackerDefinition
    /// The tracker's first day (its walk's start) and its today.
    func life(of tracker: TrackerDefinition) throws(Failure) -> (start: Day, today: Day)
    /// The days with entries from `from` through `to`, each with its entries in the order they happened.
    func days(of tracker: TrackerDefinition, from: Day, through to: Day) throws(Failure) -> HookDays
    /// The day numbers with a freeze from `from` through `to`.
    func frozen(_ tracker: TrackerDefinition, from: Day, through to: Day) throws(Failure) -> Set<Int>
}

/// Why insights could not answer: facts, worded by the CLI.
public enum InsightsError: Error, Equatable {
    /// `--from` after `--to`.
    case reversedRange(from: Day, to: Day)
    /// `--from` after the tracker's today.
    case startsAfterToday(from: Day, today: Day, tracker: String)
    /// `--with` names the tracker itself.
    case pairedWithItself(String)
    /// `--levels` for a tracker without levels.
    case levelsWithoutLevels(String)
    /// `--levels` names a level the tracker does not have.
    case unknownLevel(String, tracker: String, known: [String])
    /// Fewer paired days than `needed` (SPEC §16: 14).
    case tooFewDays(tracker: String, other: String, days: Int, needed: Int)
}

/// The days insights look at, and the period of the same length before them.
public struct InsightsRange: Sendable, Equatable {
    public var from: Day
    public var to: Day

    /// By default the 12 weeks through today; `--to` alone ends them there,
    /// `--from` alone runs through today; a `--to` after today stops at today.
    public static func resolve(from: Day?, to: Day?, today: Day, tracker: String) throws(InsightsError) -> InsightsRange {
        if let from, let to, from > to { throw .reversedRange(from: from, to: to) }
        if let from, from > today { throw .startsAfterToday(from: from, today: today, tracker: tracker) }
        let end = min(to ?? today, today)
        return InsightsRange(from: from ?? end.adding(days: -(defaultWeeks * 7 - 1)), to: end)
    }

    public static var defaultWeeks: Int { 12 }

    public var days: Int { to.number - from.number + 1 }

    /// The same number of days just before.
    public var previous: InsightsRange {
        InsightsRange(from: from.adding(days: -days), to: from.adding(days: -1))
    }
}
