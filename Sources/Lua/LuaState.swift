internal import CLua
internal import CLuaShim

/// One sandboxed Lua 5.4 state, closed when the value is released: only the
/// safe base functions, `string` (no `dump`; pattern and size-taking
/// functions bounded before they run), `table`, `math` and `utf8`; a locked
/// string metatable; no `__gc`. Every call runs in C under `lua_pcall` with
/// an instruction budget, a deadline and its share of the command's time, so
/// no Lua error ever unwinds through Swift. Not for use from two threads at
/// once.
public final class LuaState {
    private let state: OpaquePointer
    public let limits: LuaLimits
    /// The command's time, shared with the other states of its host.
    public let budget: LuaTimeBudget

    public init(limits: LuaLimits = .default, budget: LuaTimeBudget? = nil) throws(LuaError) {
        self.budget = budget ?? LuaTimeBudget(milliseconds: limits.totalMilliseconds)
        let c = haven_lua_limits(memory: limits.memory, instructions: Int64(limits.instructions),
                                 pattern_steps: limits.patternSteps, call_ms: Int32(limits.callMilliseconds),
                                 total_ms: Int32(self.budget.milliseconds))
        guard let state = haven_lua_open(c) else {
            throw LuaError(.memory, message: "cannot open a Lua state within \(limits.memory) bytes")
        }
        self.state = state
        self.limits = limits
    }

    deinit {
        haven_lua_close(state)
    }

    /// Bytes the state holds now.
    public var memoryInUse: Int { haven_lua_memory_in_use(state) }

    /// Loads a text chunk with its own globals and runs its top level.
    /// `name` is how errors name it (`hooks/noalc.lua`). A UTF-8 byte-order
    /// mark is skipped and a first line starting with `#` (`#!/usr/bin/env
    /// lua`) is read as a comment, as the `lua` program does.
    public func load(_ code: String, name: String) throws(LuaError) -> LuaChunk {
        let (chunk, _) = try loadReturning(code, name: name)
        return chunk
    }

    /// Runs a chunk and returns its first result as text (a string or a
    /// number), or nil; its globals are dropped.
    @discardableResult
    public func run(_ code: String, name: String) throws(LuaError) -> String? {
        let (chunk, result) = try loadReturning(code, name: name)
        haven_lua_release(state, chunk.ref)
        switch result {
        case .string(let text): return text
        case .integer(let n): return String(n)
        case .number(let x): return String(x)
        default: return nil
        }
    }

    private func loadReturning(_ code: String, name: String) throws(LuaError) -> (LuaChunk, LuaResult) {
        var env: Int32 = LUA_NOREF
        var code = Substring(code)
        if code.first == "\u{FEFF}" { code = code.dropFirst() }
        // NUL-terminated, so the pointer is valid even for an empty chunk.
        let chars = Array((code.first == "#" ? "--" + code : String(code)).utf8CString)
        let status = chars.withUnsafeBufferPointer { buffer in
            haven_lua_load(state, buffer.baseAddress!, buffer.count - 1, "@" + name, &env, &budget.spent)
        }
        guard status == LUA_OK else { throw popError(status, chunk: name) }
        let result = popResult()
        return (LuaChunk(ref: env), result)
    }

    /// The functions a chunk defined as its globals, by name, with the line
    /// each starts on.
    public func functions(of chunk: LuaChunk) throws(LuaError) -> [(name: String, line: Int)] {
        let status = haven_lua_function_names(state, chunk.ref)
        guard status == LUA_OK else { throw popError(status, chunk: nil) }
        var functions: [(name: String, line: Int)] = []
        for i in 0..<haven_lua_rawlen(state, -1) {
            haven_lua_rawgeti(state, -1, Int64(i) + 1)
            if let item = string(at: -1), let tab = item.lastIndex(of: "\t") {
                functions.append((String(item[..<tab]), Int(item[item.index(after: tab)...]) ?? 0))
            }
            haven_lua_pop(state, 1)
        }
        haven_lua_pop(state, 1)
        return functions.sorted { $0.name < $1.name }
    }

    /// Calls the chunk's function `name` with `arguments`; nil when the chunk
    /// defines no such function.
    public func call(_ name: String, of chunk: LuaChunk, _ arguments: [LuaValue]) throws(LuaError) -> LuaResult? {
        var built = LuaArguments()
        for argument in arguments { built.push(argument) }
        return try call(name, of: chunk, built)
    }

    /// Calls with arguments built step by step: a caller that makes many
    /// calls reuses one `LuaArguments`.
    public func call(_ name: String, of chunk: LuaChunk, _ arguments: borrowing LuaArguments) throws(LuaError) -> LuaResult? {
        let status = arguments.withSteps { steps, count, text in
            haven_lua_call(state, chunk.ref, name, steps, count, text, &budget.spent)
        }
        if status == -1 { return nil }
        guard status == LUA_OK else { throw popError(status, chunk: nil) }
        return popResult()
    }

    /// Calls the chunk's `day_outcome` with a day and its packed entries;
    /// nil when the chunk defines none.
    public func callDayOutcome(of chunk: LuaChunk, day: LuaDay, entries: UnsafeRawBufferPointer)
        throws(LuaError) -> LuaResult? {
        let status = day.withC(entries: entries) { haven_lua_call_day(state, chunk.ref, $0, &budget.spent) }
        if status == -1 { return nil }
        guard status == LUA_OK else { throw popError(status, chunk: nil) }
        return popResult()
    }

    /// Builds a table once, for many calls to share (`.kept`).
    public func keep(_ value: LuaValue) throws(LuaError) -> LuaKept {
        var built = LuaArguments()
        built.push(value)
        let ref = built.withSteps { steps, count, text in haven_lua_keep(state, steps, count, text) }
        guard ref != LUA_NOREF else { throw LuaError(.memory, message: "not enough memory") }
        return LuaKept(ref: ref)
    }

    public func release(_ kept: LuaKept) {
        haven_lua_release(state, kept.ref)
    }

    // MARK: Reading the stack (nothing here can raise a Lua error)

    private func string(at index: Int32) -> String? {
        var length = 0
        guard let pointer = haven_lua_string(state, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private func popResult() -> LuaResult {
        defer { haven_lua_pop(state, 1) }
        switch haven_lua_type(state, -1) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(haven_lua_boolean(state, -1) != 0)
        case LUA_TNUMBER:
            var isInteger: Int32 = 0, integer: Int64 = 0
            let number = haven_lua_number(state, -1, &isInteger, &integer)
            return isInteger != 0 ? .integer(integer) : .number(number)
        case LUA_TSTRING: return .string(string(at: -1) ?? "")
        case LUA_TTABLE: return .other("table")
        case LUA_TFUNCTION: return .other("function")
        case LUA_TUSERDATA, LUA_TLIGHTUSERDATA: return .other("userdata")
        case LUA_TTHREAD: return .other("thread")
        default: return .other("value")
        }
    }

    /// The error a failed call left on the stack, with its traceback. `chunk` names
    /// a chunk being loaded, for errors Lua raises without a place (the
    /// parser's own stack overflow).
    private func popError(_ status: Int32, chunk: String?) -> LuaError {
        var message = string(at: -1) ?? "error in error handling"
        haven_lua_pop(state, 1)
        let traceback = String(cString: haven_lua_traceback(state))
        var kind: LuaError.Kind = switch status {
        case LUA_ERRSYNTAX: .syntax
        case LUA_ERRMEM: .memory
        case LUA_ERRERR: .handler
        default: message.hasPrefix("attempt to load a binary chunk") ? .syntax : .runtime
        }
        if kind == .memory {
            message += " (a hooks file may hold at most \(limits.memory >> 20) MiB)"
        } else if haven_lua_stopped(state) != 0 {
            kind = .limit
        } else if kind == .syntax, let chunk, message.hasSuffix("C stack overflow"), !message.hasPrefix(chunk + ":") {
            message = chunk + ": the code nests too deeply for Lua to read (C stack overflow); "
                + "split deeply nested expressions, tables or blocks into local functions"
        }
        return LuaError(kind, message: message, traceback: traceback.isEmpty ? nil : traceback)
    }
}

