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
        let about = entry.day.description
        return try message(call(.validate, of: tracker, about: about) { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
        }, of: .validate, tracker, about)
    }

    /// `on_log`'s short message after an entry was written, if any.
    public func onLog(_ tracker: TrackerDefinition, entry: Entry, streak: HookStreak) throws(HookError) -> String? {
        let about = entry.day.description
        return try message(call(.onLog, of: tracker, about: about) { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
            arguments.push(.table(fields: [
                ("current", .integer(Int64(streak.current))), ("longest", .integer(Int64(streak.longest))),
                ("jokers", .integer(Int64(streak.jokers))), ("today", .string(streak.today)),
                ("at_risk", .boolean(streak.atRisk)),
            ]))
        }, of: .onLog, tracker, about)
    }

    /// The longest message a hook may return (SPEC §5).
    public static let maxMessage = 1000

    /// A text result, for hooks that answer with a message or nil: at most
    /// `maxMessage` characters.
    private func message(_ called: (LuaResult, LoadedChunk)?, of hook: HookPoint, _ tracker: TrackerDefinition,
                         _ about: String) throws(HookError) -> String? {
        guard let (result, loaded) = called else { return nil }
        switch result {
        case .nil: return nil
        case .string(let message) where message.count <= HookHost.maxMessage: return message
        case .string(let message):
            throw problem(in: loaded, hook, tracker, about, "returned a message of \(message.count) characters; "
                + "a message may have at most \(HookHost.maxMessage)")
        case let other:
            throw wrongType(other, in: loaded, hook, tracker, about, expected: "a message or nil")
        }
    }

    /// `health_value`'s number for an entry; nil when the hook gives none
    /// (no sample) or is not defined (`defines` tells which).
    public func healthValue(_ tracker: TrackerDefinition, entry: Entry) throws(HookError) -> Double? {
        let about = entry.day.description
        guard let (result, loaded) = try call(.healthValue, of: tracker, about: about, { loaded, arguments throws(LuaError) in
            try pushEntry(entry, of: tracker, loaded, into: &arguments)
        }) else { return nil }
        switch result {
        case .nil: return nil
        case .integer(let n): return Double(n)
        case .number(let x) where x.isFinite: return x
        case let other:
            throw wrongType(other, in: loaded, .healthValue, tracker, about, expected: "a finite number or nil")
        }
    }

    /// `level_from_health`'s level key for a health value, checked against
    /// the tracker's levels; nil when the hook gives none.
    public func levelFromHealth(_ tracker: TrackerDefinition, value: Double) throws(HookError) -> String? {
        let about = value.plainText
        guard let (result, loaded) = try call(.levelFromHealth, of: tracker, about: about, { _, arguments in
            arguments.push(value)
        }) else { return nil }
        switch result {
        case .nil: return nil
        case .string(let key):
            let keys = tracker.levels?.levels.map(\.key) ?? []
            guard keys.contains(key) else {
                throw problem(in: loaded, .levelFromHealth, tracker, about,
                              "returned '\(HookError.capped(key))', which is not a level of \(tracker.id)"
                                  + "\(Suggestion.didYouMean(key, in: keys)); its levels are "
                                  + keys.joined(separator: ", "))
            }
            return key
        case let other:
            throw wrongType(other, in: loaded, .levelFromHealth, tracker, about, expected: "a level key or nil")
        }
    }

    /// A result the hook point does not take, placed at the hook function's
    /// first line.
    func problem(in loaded: LoadedChunk, _ hook: HookPoint, _ tracker: TrackerDefinition, _ about: String,
                 _ detail: String) -> HookError {
        HookError(.result, file: loaded.display, line: line(of: hook, in: loaded), hook: hook, tracker: tracker.id,
                  about: about, detail: detail)
    }

    func wrongType(_ result: LuaResult, in loaded: LoadedChunk, _ hook: HookPoint, _ tracker: TrackerDefinition,
                   _ about: String, expected: String) -> HookError {
        let got: String = switch result {
        case .nil: "nil"
        case .boolean(let b): "the boolean \(b)"
        case .integer(let n): "the number \(n)"
        case .number(let x): "the number \(x.plainText)"
        case .string(let s): "the string '\(s.count > 40 ? s.prefix(40) + "…" : s)'"
        case .other(let type): "a \(type)"
        }
        return problem(in: loaded, hook, tracker, about, "returned \(got); it must return \(expected)")
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
    /// "HH:MM" of the minute of the day, without a formatter.
    static func clock(_ minute: Int) -> String {
        let digits: [UInt8] = [UInt8(48 + minute / 600), UInt8(48 + minute / 60 % 10), 58,
                               UInt8(48 + minute % 60 / 10), UInt8(48 + minute % 10)]
        return String(decoding: digits, as: UTF8.self)
    }

    static func push(_ entry: Entry, into arguments: inout LuaArguments) {
        arguments.pushTable(fields: 5)
        arguments.push(entry.day.description)
        arguments.setField("date")
        let local = ((entry.instant / 1000 + Int64(entry.offset)) % 86_400 + 86_400) % 86_400
        arguments.push(HookHost.clock(Int(local / 60)))
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
