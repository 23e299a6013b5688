internal import CLuaShim

/// The values of a call, as the C side builds them: value steps push, and
/// `setField` and `appendItem` store the value on top into the table below
/// it. Every string lives in one buffer. Nothing here touches Lua, so
/// nothing here can raise a Lua error.
public struct LuaArguments {
    private var steps: [haven_lua_step] = []
    private var text: [UInt8] = [0]

    public init() {}

    /// Empties the arguments, keeping their storage for the next call.
    public mutating func removeAll() {
        steps.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        text.append(0)
    }

    public mutating func pushNil() { add(HAVEN_LUA_NIL) }
    public mutating func push(_ boolean: Bool) { add(HAVEN_LUA_BOOLEAN, integer: boolean ? 1 : 0) }
    public mutating func push(_ integer: Int64) { add(HAVEN_LUA_INTEGER, integer: integer) }
    public mutating func push(_ number: Double) { add(HAVEN_LUA_NUMBER, number: number) }
    public mutating func push(_ string: String) { add(HAVEN_LUA_STRING, text: string) }
    public mutating func push(_ kept: LuaKept) { add(HAVEN_LUA_REF, integer: Int64(kept.ref)) }
    /// A new, empty table, made with room for `fields` keyed values and
    /// `items` listed ones (no rehash while it fills).
    public mutating func pushTable(fields: Int = 0, items: Int = 0) {
        add(HAVEN_LUA_TABLE, integer: Int64(min(items, 1 << 16)) << 32 | Int64(min(fields, 1 << 16)))
    }
    /// `table[key] = value`, the value on top, the table below it.
    public mutating func setField(_ key: String) { add(HAVEN_LUA_FIELD, text: key) }
    /// `table[#table + 1] = value`.
    public mutating func appendItem() { add(HAVEN_LUA_ITEM) }

    public mutating func push(_ value: LuaValue) {
        switch value {
        case .nil: pushNil()
        case .boolean(let b): push(b)
        case .integer(let n): push(n)
        case .number(let x): push(x)
        case .string(let s): push(s)
        case .kept(let kept): push(kept)
        case .table(let fields, let items):
            pushTable()
            for (key, value) in fields {
                push(value)
                setField(key)
            }
            for item in items {
                push(item)
                appendItem()
            }
        }
    }

    private mutating func add(_ kind: haven_lua_step_kind, integer: Int64 = 0, number: Double = 0, text s: String? = nil) {
        var offset = 0, length = 0
        if var s {
            offset = text.count
            s.withUTF8 { text.append(contentsOf: $0) }
            length = text.count - offset
        }
        steps.append(haven_lua_step(kind: kind, integer: integer, number: number, offset: offset, length: length))
    }

    /// `text` is never empty, so its pointer is never nil; the steps' is nil
    /// when there are none.
    func withSteps<T>(_ body: (UnsafePointer<haven_lua_step>?, Int, UnsafePointer<CChar>) -> T) -> T {
        steps.withUnsafeBufferPointer { stepBuffer in
            text.withUnsafeBufferPointer { textBuffer in
                textBuffer.withMemoryRebound(to: CChar.self) { chars in
                    body(stepBuffer.baseAddress, stepBuffer.count, chars.baseAddress!)
                }
            }
        }
    }
}
