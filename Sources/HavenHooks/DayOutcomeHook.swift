import HavenCore
import Lua

/// A tracker's `day_outcome`, ready for the days of one walk: its chunk and
/// its tracker table are looked up once, and each day's table is made in
/// C in one go.
public struct DayOutcomeHook {
    private let loaded: HookHost.LoadedChunk
    private let tracker: TrackerDefinition
    private let trackerTable: LuaKept
    private let host: HookHost
    private let goal: LuaDay.Goal?

    init(loaded: HookHost.LoadedChunk, tracker: TrackerDefinition, trackerTable: LuaKept, host: HookHost) {
        self.loaded = loaded
        self.tracker = tracker
        self.trackerTable = trackerTable
        self.host = host
        goal = switch tracker.goal {
        case .atLeast(let n)?: .atLeast(n)
        case .atMost(let n)?: .atMost(n)
        case nil: nil
        }
    }

    /// What the hook makes of a day: `{date, weekday, entries, sum, goal,
    /// goal_kind, window, tracker}`; nil to use the table of §4.1.
    /// `entries` and `sum` are the day's in `days` (none when `summary` is
    /// nil). `window` (rolling trackers only, SPEC §4.6): the successful
    /// days of the window ending on that day, and its length.
    public func outcome(day number: Int, _ summary: HookDays.Summary?, of days: HookDays,
                        window: (successes: Int, days: Int)? = nil) throws(HookError) -> Effect? {
        let arguments = LuaDay(day: number, sum: summary?.sum ?? 0, goal: goal, window: window, tracker: trackerTable)
        let result: LuaResult?
        do {
            result = try days.packed.withUnsafeBytes { packed in
                Result { () throws(LuaError) in
                    try loaded.state.callDayOutcome(of: loaded.chunk, day: arguments,
                                          entries: summary.map { UnsafeRawBufferPointer(rebasing: packed[$0.entries]) }
                                              ?? UnsafeRawBufferPointer(start: nil, count: 0))
                }
            }.get()
        } catch {
            throw HookError(error, file: loaded.display, hook: .dayOutcome, tracker: tracker.id,
                            about: Day(number: number).description, definedAt: host.line(of: .dayOutcome, in: loaded))
        }
        switch result {
        case nil, .nil?: return nil
        case .string(let text)?:
            if let effect = Effect(rawValue: text) { return effect }
            let keys = Effect.allCases.map(\.rawValue)
            throw host.problem(in: loaded, .dayOutcome, tracker, Day(number: number).description,
                               "returned '\(HookError.capped(text))'\(Suggestion.didYouMean(text, in: keys)); return "
                                   + keys.map { "\"\($0)\"" }.joined(separator: ", ") + " or nil")
        case let other?:
            throw host.wrongType(other, in: loaded, .dayOutcome, tracker, Day(number: number).description,
                                 expected: "an outcome string or nil")
        }
    }
}

extension HookHost {
    /// The tracker's `day_outcome`, or nil when its hooks define none.
    public func dayOutcomeHook(for tracker: TrackerDefinition) throws(HookError) -> DayOutcomeHook? {
        guard let reference = tracker.hooks else { return nil }
        let loaded = try loaded(reference)
        guard loaded.functions.contains(HookPoint.dayOutcome.rawValue) else { return nil }
        let table: LuaKept
        do {
            table = try trackerTable(tracker, in: loaded.state)
        } catch {
            throw HookError(error, file: reference.display, hook: .dayOutcome, tracker: tracker.id)
        }
        return DayOutcomeHook(loaded: loaded, tracker: tracker, trackerTable: table, host: self)
    }
}
