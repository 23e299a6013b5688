/// Why Lua code could not run.
public struct LuaError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The chunk does not parse (or is binary).
        case syntax
        /// An error raised while running: by the code, a library function,
        /// the instruction budget or a pattern guard.
        case runtime
        /// The state reached its memory cap.
        case memory
        /// The call was stopped: its instruction budget, its deadline, the
        /// command's total time or the memory cap. Every later instruction
        /// of the call raised it again, so no `pcall` could go on.
        case limit
        /// The error could not even be reported (an error in the message handler).
        case handler
    }

    public var kind: Kind
    /// Lua's message, with the chunk name and line when Lua knows them
    /// (`hooks/x.lua:3: attempt to index a nil value`).
    public var message: String
    /// Lua's stack traceback, when it could write one.
    public var traceback: String?

    public init(_ kind: Kind = .runtime, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// Errors are equal when they say the same; the traceback is detail.
    public static func == (a: LuaError, b: LuaError) -> Bool { a.kind == b.kind && a.message == b.message }
}
