import HavenCore
import Lua

/// The streak as `on_log` sees it, after the entry was written.
public struct HookStreak: Sendable {
    public var current: Int
    public var longest: Int
    public var jokers: Int
    /// Today's outcome: "success", "pending", "grace"...
    public var today: String
    public var atRisk: Bool

    public init(current: Int, longest: Int, jokers: Int, today: String, atRisk: Bool) {
        self.current = current
        self.longest = longest
        self.jokers = jokers
        self.today = today
        self.atRisk = atRisk
    }
}

extension HookHost {
    /// `validate`'s message refusing an entry, or nil to accept it.
    public func validate(_ tracker: TrackerDefinition, entry: Entry) throws(HookError) -> String? {
        let context = "\(tracker.id), \(entry.day)"
        return try message(call(.validate, of: tracker, context: context) { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
        }, of: .validate, tracker, context)
    }

    /// `on_log`'s short message after an entry was written, if any.
    public func onLog(_ tracker: TrackerDefinition, entry: Entry, streak: HookStreak) throws(HookError) -> String? {
        let context = "\(tracker.id), \(entry.day)"
        return try message(call(.onLog, of: tracker, context: context) { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
            arguments.push(.table(fields: [
                ("current", .integer(Int64(streak.current))), ("longest", .integer(Int64(streak.longest))),
                ("jokers", .integer(Int64(streak.jokers))), ("today", .string(streak.today)),
                ("at_risk", .boolean(streak.atRisk)),
            ]))
        }, of: .onLog, tracker, context)
    }

    /// A text result, for hooks that answer with a message or nil.
    private func message(_ result: LuaResult?, of hook: HookPoint, _ tracker: TrackerDefinition,
                         _ context: String) throws(HookError) -> String? {
        switch result {
        case nil, .nil?: return nil
        case .string(let message)?: return message
        case let other?:
            throw HookHost.wrongType(other, tracker: tracker, hook: hook, context: context, expected: "a message or nil")
        }
    }

    /// `health_value`'s number for an entry; nil when the hook gives none
    /// (no sample) or is not defined (`defines` tells which).
    public func healthValue(_ tracker: TrackerDefinition, entry: Entry) throws(HookError) -> Double? {
        let context = "\(tracker.id), \(entry.day)"
        switch try call(.healthValue, of: tracker, context: context, { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
        }) {
        case nil, .nil?: return nil
        case .integer(let n)?: return Double(n)
        case .number(let x)? where x.isFinite: return x
        case let other?:
            throw HookHost.wrongType(other, tracker: tracker, hook: .healthValue, context: context, expected: "a finite number or nil")
        }
    }

    /// `level_from_health`'s level key for a health value, checked against
    /// the tracker's levels; nil when the hook gives none.
    public func levelFromHealth(_ tracker: TrackerDefinition, value: Double) throws(HookError) -> String? {
        let context = "\(tracker.id), \(value.plainText)"
        switch try call(.levelFromHealth, of: tracker, context: context, { _, arguments in arguments.push(value) }) {
        case nil, .nil?: return nil
        case .string(let key)?:
            let keys = tracker.levels?.levels.map(\.key) ?? []
            guard keys.contains(key) else {
                throw HookError(file: tracker.hooks!.display, hook: .levelFromHealth, context: context,
                                problem: "returned '\(key)', which is not a level of \(tracker.id)"
                                    + "\(Suggestion.didYouMean(key, in: keys)); its levels are "
                                    + keys.joined(separator: ", "))
            }
            return key
        case let other?:
            throw HookHost.wrongType(other, tracker: tracker, hook: .levelFromHealth, context: context,
                            expected: "a level key or nil")
        }
    }

    static func wrongType(_ result: LuaResult, tracker: TrackerDefinition, hook: HookPoint, context: String,
                           expected: String) -> HookError {
        let got: String = switch result {
        case .nil: "nil"
        case .boolean(let b): "the boolean \(b)"
        case .integer(let n): "the number \(n)"
        case .number(let x): "the number \(x.plainText)"
        case .string(let s): "the string '\(s)'"
        case .other(let type): "a \(type)"
        }
        return HookError(file: tracker.hooks!.display, hook: hook, context: context,
                         problem: "returned \(got); it must return \(expected)")
    }

    /// An entry's table with its tracker's (`entry.tracker`).
    private func pushEntry(_ entry: Entry, of tracker: TrackerDefinition, _ loaded: LoadedChunk,
                           into arguments: inout LuaArguments) throws(LuaError) {
        HookHost.push(entry, into: &arguments)
        arguments.push(try trackerTable(tracker, in: loaded.state))
        arguments.setField("tracker")
    }

    /// `{date, time, value, level, note, trigger}` as a new table: time is
    /// the local wall-clock time at which it was logged (`21:30`).
    static func push(_ entry: Entry, into arguments: inout LuaArguments) {
        arguments.pushTable()
        arguments.push(entry.day.description)
        arguments.setField("date")
        let local = ((entry.instant / 1000 + Int64(entry.offset)) % 86_400 + 86_400) % 86_400
        arguments.push(TimeOfDay(hour: Int(local / 3600), minute: Int(local % 3600 / 60))!.description)
        arguments.setField("time")
        switch entry.value {
        case .number(let n):
            arguments.push(n)
            arguments.setField("value")
        case .level(let key):
            arguments.push(key)
            arguments.setField("level")
        case .none:
            break
        }
        if let note = entry.note {
            arguments.push(note)
            arguments.setField("note")
        }
        if let trigger = entry.trigger {
            arguments.push(trigger)
            arguments.setField("trigger")
        }
    }
}
