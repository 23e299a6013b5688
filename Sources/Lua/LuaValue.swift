internal import CLuaShim

/// A value handed to Lua: an argument, or a table kept for many calls.
public indirect enum LuaValue: Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A new table: string keys, then the array part from index 1.
    case table(fields: [(String, LuaValue)], items: [LuaValue] = [])
    /// A table built once with `LuaState.keep`, shared by reference.
    case kept(LuaKept)
}

/// What a Lua function returned (its first result).
public enum LuaResult: Sendable, Equatable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// Any other type (a table, a function...), by its Lua type name.
    case other(String)
}

/// A chunk loaded into a state: its own globals, where its functions live.
public struct LuaChunk: Sendable, Hashable {
    let ref: Int32
}

/// A value kept in a state's registry until released.
public struct LuaKept: Sendable, Hashable {
    let ref: Int32
}

/// Limits of one state. Hooks are untrusted code: every call has an
/// instruction budget (which library functions that take a size or a count
/// are charged) and a wall-clock deadline, every command a total of time
/// across its calls, every state a memory cap, and every pattern match a
/// bound on its worst case.
public struct LuaLimits: Sendable, Equatable {
    /// Bytes the state may hold.
    public var memory: Int
    /// VM instructions per call.
    public var instructions: Int
    /// The most matching steps a pattern function may risk, estimated from
    /// the pattern, its repetitions and the length of the text.
    public var patternSteps: Double
    /// Milliseconds of CPU time one call may run.
    public var callMilliseconds: Int
    /// Milliseconds of CPU time all calls of one command may run together.
    public var totalMilliseconds: Int

    public init(memory: Int = 16 << 20, instructions: Int = 1_000_000, patternSteps: Double = 1e8,
                callMilliseconds: Int = 250, totalMilliseconds: Int = 2000) {
        self.memory = memory
        self.instructions = instructions
        self.patternSteps = patternSteps
        self.callMilliseconds = callMilliseconds
        self.totalMilliseconds = totalMilliseconds
    }

    public static let `default` = LuaLimits()

    /// The most an override may set: beyond these a hook could hold a
    /// command for minutes or the machine's memory.
    public static let maximum = LuaLimits(memory: 1 << 30, instructions: 1_000_000_000, patternSteps: 1e9,
                                          callMilliseconds: 10_000, totalMilliseconds: 60_000)

    /// Every limit between 1 (or 1 MiB) and `maximum`.
    public var clamped: LuaLimits {
        let top = LuaLimits.maximum
        return LuaLimits(memory: min(max(memory, 1 << 20), top.memory),
                         instructions: min(max(instructions, 1), top.instructions),
                         patternSteps: min(max(patternSteps, 1), top.patternSteps),
                         callMilliseconds: min(max(callMilliseconds, 1), top.callMilliseconds),
                         totalMilliseconds: min(max(totalMilliseconds, 1), top.totalMilliseconds))
    }
}

/// The CPU time of the hooks of one command, shared by every state that
/// runs them: each call adds its own, and a call that finds the total
/// spent stops at its first instruction (the C side, `haven_lua_budget`,
/// says how wall time becomes CPU time on a busy machine).
public final class LuaTimeBudget {
    public let milliseconds: Int
    var spent = haven_lua_budget()

    public init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    /// A new command starts with the whole budget.
    public func reset() {
        spent = haven_lua_budget()
    }
}
