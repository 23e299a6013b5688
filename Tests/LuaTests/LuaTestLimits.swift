import Lua

extension LuaLimits {
    /// The default limits with the longest call and command deadlines an
    /// override may set: a test about another limit (the instruction
    /// budget, memory, the stack) uses them, so that a loaded machine never
    /// reaches a deadline first. Tests about the deadline keep the default.
    static let patient = LuaLimits(callMilliseconds: LuaLimits.maximum.callMilliseconds,
                                   totalMilliseconds: LuaLimits.maximum.totalMilliseconds)

    /// `patient`, with a memory cap of `bytes`.
    static func patient(memory bytes: Int) -> LuaLimits {
        var limits = LuaLimits.patient
        limits.memory = bytes
        return limits
    }
}
