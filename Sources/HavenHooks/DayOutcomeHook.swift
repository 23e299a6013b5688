import HavenCore
import Lua

/// A tracker's `day_outcome`, ready for the days of one walk: its chunk and
/// its tracker table are looked up once, and one argument buffer serves
/// every call.
public struct DayOutcomeHook {
    private let loaded: HookHost.LoadedChunk
    private let tracker: TrackerDefinition
    private let trackerTable: LuaKept
    private let host: HookHost
    private var arguments = LuaArguments()
    private var packed = LuaPackedEntries()

    init(loaded: HookHost.LoadedChunk, tracker: TrackerDefinition, trackerTable: LuaKept, host: HookHost) {
        self.loaded = loaded
        self.tracker = tracker
        self.trackerTable = trackerTable
        self.host = host
    }

    /// What the hook makes of a day: `{date, weekday, entries, sum, goal,
    /// goal_kind, window, tracker}`; nil to use the table of §4.1. `window`
    /// (rolling trackers only, SPEC §4.6): the successful days of the
    /// window ending on that day, and its length.
    public mutating func outcome(day: Day, entries: ArraySlice<Entry>, window: (successes: Int, days: Int)? = nil)
        throws(HookError) -> Effect? {
        arguments.removeAll()
        arguments.pushTable(fields: 8)
        arguments.push(day.description)
        arguments.setField("date")
        arguments.push(day.weekday.rawValue)
        arguments.setField("weekday")
        // `entries` is made when the hook first reads it: most hooks read only the sum.
        packed.removeAll()
        var sum = 0.0
        for entry in entries {
            let local = ((entry.instant / 1000 + Int64(entry.offset)) % 86_400 + 86_400) % 86_400
            switch entry.value {
            case .number(let n): packed.append(minute: Int(local / 60), number: n, level: nil, note: entry.note,
                                               trigger: entry.trigger)
            case .level(let key): packed.append(minute: Int(local / 60), number: nil, level: key, note: entry.note,
                                                trigger: entry.trigger)
            case .none: packed.append(minute: Int(local / 60), number: nil, level: nil, note: entry.note,
                                      trigger: entry.trigger)
            }
            sum += entry.value.number
        }
        arguments.lazyEntries(packed)
        arguments.push(sum)
        arguments.setField("sum")
        switch tracker.goal {
        case .atLeast(let n)?:
            arguments.push(n)
            arguments.setField("goal")
            arguments.push("at_least")
            arguments.setField("goal_kind")
        case .atMost(let n)?:
            arguments.push(n)
            arguments.setField("goal")
            arguments.push("at_most")
            arguments.setField("goal_kind")
        case nil:
            break
        }
        if let window {
            arguments.pushTable()
            arguments.push(Int64(window.successes))
            arguments.setField("successes")
            arguments.push(Int64(window.days))
            arguments.setField("days")
            arguments.setField("window")
        }
        arguments.push(trackerTable)
        arguments.setField("tracker")
        let result: LuaResult?
        do {
            result = try loaded.state.call(HookPoint.dayOutcome.rawValue, of: loaded.chunk, arguments)
        } catch {
            throw HookError(error, file: loaded.display, hook: .dayOutcome, tracker: tracker.id,
                            about: day.description, definedAt: host.line(of: .dayOutcome, in: loaded))
        }
        switch result {
        case nil, .nil?: return nil
        case .string(let text)?:
            if let effect = Effect(rawValue: text) { return effect }
            let keys = Effect.allCases.map(\.rawValue)
            throw host.problem(in: loaded, .dayOutcome, tracker, day.description,
                               "returned '\(HookError.capped(text))'\(Suggestion.didYouMean(text, in: keys)); return "
                                   + keys.map { "\"\($0)\"" }.joined(separator: ", ") + " or nil")
        case let other?:
            throw host.wrongType(other, in: loaded, .dayOutcome, tracker, day.description,
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
