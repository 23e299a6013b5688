internal import CLuaShim

/// A day_outcome hook's day (SPEC §5), made in C in one go: `{date,
/// weekday, entries, sum, goal, goal_kind, window, tracker}`. `entries`
/// are packed (HavenCore's `HookDays` gives the layout) and made into
/// tables only when the hook first reads them.
public struct LuaDay {
    public enum Goal {
        case atLeast(Double), atMost(Double)
    }

    /// Days since 1970-01-01: the C side writes the date and the weekday.
    public var day: Int
    public var sum: Double
    public var goal: Goal?
    /// A rolling tracker's window: its successful days and its length.
    public var window: (successes: Int, days: Int)?
    /// The tracker's table, kept for every call.
    public var tracker: LuaKept

    public init(day: Int, sum: Double, goal: Goal?, window: (successes: Int, days: Int)?, tracker: LuaKept) {
        (self.day, self.sum, self.goal, self.window, self.tracker) = (day, sum, goal, window, tracker)
    }

    /// The C form, with `entries` (valid for the call only).
    func withC<T>(entries: UnsafeRawBufferPointer, _ body: (UnsafePointer<haven_lua_day>) -> T) -> T {
        var c = haven_lua_day()
        c.day = Int64(day)
        c.entries = entries.baseAddress?.assumingMemoryBound(to: CChar.self)
        c.entries_length = entries.baseAddress == nil ? 0 : entries.count
        c.sum = sum
        switch goal {
        case .atLeast(let n)?: (c.goal_kind, c.goal) = (HAVEN_LUA_AT_LEAST, n)
        case .atMost(let n)?: (c.goal_kind, c.goal) = (HAVEN_LUA_AT_MOST, n)
        case nil: c.goal_kind = HAVEN_LUA_NO_GOAL
        }
        if let window { (c.window_successes, c.window_days) = (Int64(window.successes), Int64(max(window.days, 1))) }
        c.tracker = tracker.ref
        return body(&c)
    }
}
