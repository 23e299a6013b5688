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
/// instruction budget, every state a memory cap, and every pattern match a
/// bound on its worst case.
public struct LuaLimits: Sendable, Equatable {
    /// Bytes the state may hold.
    public var memory: Int
    /// VM instructions per call.
    public var instructions: Int
    /// The most matching steps a pattern function may risk, estimated from
    /// the pattern's repetitions and the length of the text.
    public var patternSteps: Double

    public init(memory: Int = 16 << 20, instructions: Int = 1_000_000, patternSteps: Double = 1e8) {
        self.memory = memory
        self.instructions = instructions
        self.patternSteps = patternSteps
    }

    public static let `default` = LuaLimits()
}
