internal import CLua
internal import CLuaShim

/// Why Lua code could not run.
public struct LuaError: Error, Equatable, Sendable {
    /// Lua's message, with the chunk name and line (`hooks/x.lua:3: ...`).
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// One Lua 5.4 state with a memory cap, closed when the value is released.
/// The hook sandbox and hook points build on this (the hooks issue).
public final class LuaState {
    private let state: OpaquePointer

    /// A state whose memory may not grow past `memoryLimit` bytes; nil when
    /// Lua cannot allocate even that.
    public init?(memoryLimit: Int = 16 << 20) {
        guard let state = haven_lua_newstate(memoryLimit) else { return nil }
        self.state = state
    }

    deinit {
        haven_lua_close(state)
    }

    /// Bytes the state holds now.
    public var memoryInUse: Int { haven_lua_memory_in_use(state) }

    /// Runs a text chunk (binary chunks are refused) and returns its first
    /// result as text, or nil when it returned nothing convertible.
    @discardableResult
    public func run(_ code: String, name: String) throws(LuaError) -> String? {
        let top = haven_lua_gettop(state)
        // NUL-terminated, so the pointer is valid even for an empty chunk.
        let chars = Array(code.utf8CString)
        let status = chars.withUnsafeBufferPointer { buffer in
            haven_lua_run_text(state, buffer.baseAddress!, buffer.count - 1, "@" + name)
        }
        defer { haven_lua_pop(state, haven_lua_gettop(state) - top) }
        if status != LUA_OK {
            throw LuaError(message: string(at: -1) ?? "Lua error \(status)")
        }
        return haven_lua_gettop(state) > top ? string(at: top + 1) : nil
    }

    private func string(at index: Int32) -> String? {
        var length = 0
        guard let pointer = haven_lua_tostring(state, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
