import Foundation
import Lua
import XCTest

/// Hooks are untrusted code: each escape ends in a clear error, with the
/// state still usable.
final class SandboxTests: XCTestCase {
    /// Every refusal here is about something other than the deadline: the
    /// deadlines are the longest, so that a loaded machine cannot reach them first.
    private func assertRefused(_ code: String, _ expected: LuaError, limits: LuaLimits = .patient,
                               file: StaticString = #filePath, line: UInt = #line) {
        let lua: LuaState
        do { lua = try LuaState(limits: limits) } catch { return XCTFail("\(error)", file: file, line: line) }
        XCTAssertThrowsError(try lua.run(code, name: "hook.lua"), file: file, line: line) { error in
            XCTAssertEqual(error as? LuaError, expected, file: file, line: line)
        }
        XCTAssertEqual(try? lua.run("return 'still here'", name: "after.lua"), "still here", file: file, line: line)
    }

    private func runtime(_ message: String) -> LuaError { LuaError(.runtime, message: message) }
    private func limit(_ message: String) -> LuaError { LuaError(.limit, message: message) }

    func testNoProcessesFilesOrModules() {
        assertRefused("os.execute('touch /tmp/haven-escaped')",
                      runtime("hook.lua:1: attempt to index a nil value (global 'os')"))
        assertRefused("io.open('/etc/passwd')", runtime("hook.lua:1: attempt to index a nil value (global 'io')"))
        assertRefused("require('os')", runtime("hook.lua:1: attempt to call a nil value (global 'require')"))
        assertRefused("dofile('/etc/passwd')", runtime("hook.lua:1: attempt to call a nil value (global 'dofile')"))
        assertRefused("return debug.getinfo(1)", runtime("hook.lua:1: attempt to index a nil value (global 'debug')"))
        assertRefused("collectgarbage()", runtime("hook.lua:1: attempt to call a nil value (global 'collectgarbage')"))
        assertRefused("print('x')", runtime("hook.lua:1: attempt to call a nil value (global 'print')"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/haven-escaped"))
    }

    func testNoCodeFromStringsOrBytes() {
        assertRefused("load('return 1')()", runtime("hook.lua:1: attempt to call a nil value (global 'load')"))
        assertRefused("return string.dump(function() end)",
                      runtime("hook.lua:1: attempt to call a nil value (field 'dump')"))
        assertRefused("\u{1B}Lua\u{54}\u{00}", LuaError(.syntax, message: "attempt to load a binary chunk (mode is 't')"))
    }

    func testTheStringMetatableIsLocked() throws {
        assertRefused("setmetatable(getmetatable(''), {})",
                      runtime("hook.lua:1: bad argument #1 to 'setmetatable' (table expected, got string)"))
        assertRefused("getmetatable('').__index = {}",
                      runtime("hook.lua:1: attempt to index a string value"))
        XCTAssertEqual(try LuaState().run("return getmetatable('')", name: "t.lua"), "the string metatable is locked")
    }

    func testFinalizersAreRefused() {
        assertRefused("setmetatable({}, { __gc = function() while true do end end })",
                      runtime("hook.lua:1: hooks cannot use __gc metamethods"))
    }

    func testEndlessLoopsEndWithTheBudget() {
        let spent = limit("hook.lua:1: used up its budget of 1000000 instructions (an endless loop?)")
        assertRefused("while true do end", spent)
        // Catching the budget error does not buy more time.
        assertRefused("while true do pcall(function() while true do end end) end", spent)
    }

    func testMemoryIsCapped() {
        assertRefused("local t = {} while true do t[#t + 1] = {} end",
                      limit("hook.lua:1: not enough memory (a hooks file may hold at most 4 MiB)"),
                      limits: .patient(memory: 4 << 20))
        // One allocation past the cap's soft quarter is refused by Lua itself, which names no line.
        assertRefused("local s = 'x' while true do s = s .. s end",
                      LuaError(.memory, message: "not enough memory (a hooks file may hold at most 16 MiB)"))
    }

    func testPathologicalPatternsAreRefusedBeforeTheyRun() throws {
        assertRefused("return string.find(string.rep('a', 40), string.rep('a*', 9) .. 'b')",
                      runtime("hook.lua:1: string.find: the pattern 'a*a*a*a*a*a*a*a*a*b' could take more than 100 million steps "
                          + "on a text of 40 bytes; use fewer repetitions (*, +, -, ?) or match a shorter text"))
        assertRefused("return (string.rep('a', 5000)):match('a-a-a-b')",
                      runtime("hook.lua:1: string.match: the pattern 'a-a-a-b' could take more than 100 million steps "
                          + "on a text of 5000 bytes; use fewer repetitions (*, +, -, ?) or match a shorter text"))
        // Everyday patterns on everyday text pass.
        let lua = try LuaState()
        XCTAssertEqual(try lua.run("return ('  before work  '):match('^%s*(.-)%s*$')", name: "t.lua"), "before work")
        XCTAssertEqual(try lua.run("return (string.rep('x', 100000)):find('y', 1, true)", name: "t.lua"), nil)
        XCTAssertEqual(try lua.run("local n = 0 for w in ('a b c'):gmatch('%a+') do n = n + 1 end return n",
                                   name: "t.lua"), "3")
    }

    func testDeepRecursionEnds() {
        let lua = try? LuaState(limits: .patient)
        XCTAssertThrowsError(try lua?.run("local function f(n) return 1 + f(n + 1) end return f(1)", name: "hook.lua")) { error in
            let error = error as? LuaError
            XCTAssertTrue(error?.kind == .memory || error?.message.contains("stack overflow") == true, "\(String(describing: error))")
        }
    }

    func testAnErrorObjectIsNeverAskedToDescribeItself() {
        assertRefused("error(setmetatable({}, { __tostring = function() while true do end end }))",
                      runtime("hook.lua:1: (error object is a table value)"))
    }

    func testThereAreNoCoroutinesToYieldAcrossAHook() {
        assertRefused("coroutine.yield(1)", runtime("hook.lua:1: attempt to index a nil value (global 'coroutine')"))
    }
}
