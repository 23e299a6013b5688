import Foundation
import Lua
import XCTest

/// Hostile constructs against every limit of SPEC §5: each library function
/// that takes a size or a count, pattern functions, handlers, metamethods,
/// memory and time, alone and in a loop. Each ends in an
/// error at its line, and the state still answers afterwards.
final class HostileHookTests: XCTestCase {
    private static let budget = "hook.lua:1: used up its budget of 1000000 instructions (an endless loop?)"
    private static let deadline = "hook.lua:1: ran for more than 250 ms (an endless loop, or too much work for one call?)"

    private static func tooMuch(_ function: String, _ steps: String) -> String {
        "hook.lua:1: \(function): this call would do about \(steps) steps of work, more than a hook call's budget "
            + "of 1000000 instructions; work on less data at a time"
    }

    private static func pattern(_ function: String, _ shown: String, bytes: Int, plain: Bool = false) -> String {
        "hook.lua:1: string.\(function): the pattern '\(shown)' could take more than 100 million steps on a text of "
            + "\(bytes) bytes; use \(plain ? "a shorter pattern" : "fewer repetitions (*, +, -, ?)") or match a shorter text"
    }

    private static let maxInteger = "9223372036854775808"
    private static let huge = "local big = setmetatable({}, {__len = function() return math.maxinteger end}) "
    private static let long = "local s = ('a'):rep(100000) "

    /// Each construct with the error it must end in, alone; in a loop it ends
    /// in the same error (a refused call fails every iteration) or, for
    /// calls that pass alone, in the budget or the deadline.
    static let cases: [(code: String, alone: String?, looped: String)] = [
        // Sizes and counts, refused before they run.
        ("string.rep('', math.maxinteger)", tooMuch("string.rep", "2305843009213693952"), tooMuch("string.rep", "2305843009213693952")),
        ("string.rep('x', 1e9)", tooMuch("string.rep", "312500000"), tooMuch("string.rep", "312500000")),
        ("string.rep('ab', 1e7, ',')", tooMuch("string.rep", "4375000"), tooMuch("string.rep", "4375000")),
        ("table.move({}, 1, math.maxinteger - 1, 1, {})", tooMuch("table.move", maxInteger), tooMuch("table.move", maxInteger)),
        ("table.move({1, 2, 3}, 1, 1 << 40, 2)", tooMuch("table.move", "1099511627777"), tooMuch("table.move", "1099511627777")),
        ("table.concat({}, '', 1, math.maxinteger)", tooMuch("table.concat", maxInteger), tooMuch("table.concat", maxInteger)),
        ("table.concat({}, 1, 1, math.maxinteger)", tooMuch("table.concat", maxInteger), tooMuch("table.concat", maxInteger)),
        (huge + "getmetatable(big).__index = tostring table.concat(big)", tooMuch("table.concat", maxInteger),
         tooMuch("table.concat", maxInteger)),
        ("table.unpack({}, 1, 1e7)", tooMuch("table.unpack", "10000001"), tooMuch("table.unpack", "10000001")),
        (huge + "table.unpack(big)", tooMuch("table.unpack", maxInteger), tooMuch("table.unpack", maxInteger)),
        (huge + "table.insert(big, 1, 1)", tooMuch("table.insert", maxInteger), tooMuch("table.insert", maxInteger)),
        (huge + "table.remove(big, 1)", tooMuch("table.remove", maxInteger), tooMuch("table.remove", maxInteger)),
        (huge + "table.sort(big)", tooMuch("table.sort", "581072438321850875904"), tooMuch("table.sort", "581072438321850875904")),
        ("string.char(table.unpack({}, 1, 2000000))", tooMuch("table.unpack", "2000001"), tooMuch("table.unpack", "2000001")),
        ("utf8.char(table.unpack({}, 1, 2000000))", tooMuch("table.unpack", "2000001"), tooMuch("table.unpack", "2000001")),
        ("string.rep('x', 1 << 24):rep(16)", tooMuch("string.rep", "5242880"), tooMuch("string.rep", "5242880")),
        // Work a single call may do, but not over and over.
        ("local s = ('x'):rep(900000) s:byte(1, -1)", budget, budget),
        ("utf8.codepoint(('x'):rep(900000), 1, -1)", budget, budget),
        ("tonumber(('1'):rep(900000))", nil, budget),
        (long + "s:upper()", nil, budget),
        (long + "s:reverse()", nil, budget),
        (long + "local _ = s:sub(2)", nil, budget),
        (long + "utf8.len(s)", nil, budget),
        (long + "string.format('%s%s', s, s)", nil, budget),
        ("local t = {} for i = 1, 100000 do t[i] = i end table.concat(t, ',')", nil, budget),
        ("local t = {} for i = 1, 10000 do t[i] = i end select('#', table.unpack(t))", nil, budget),
        ("pcall(string.rep, 'x', 1e9)", nil, budget),
        // Patterns: their length, repetitions, captures and balances count.
        (long + "s:find(('a'):rep(5000) .. 'b', 1, true)", pattern("find", "(long pattern)", bytes: 100000, plain: true),
         pattern("find", "(long pattern)", bytes: 100000, plain: true)),
        (long + "s:find(('a'):rep(5000) .. 'b')", pattern("find", "(long pattern)", bytes: 100000),
         pattern("find", "(long pattern)", bytes: 100000)),
        (long + "s:match(('a'):rep(2000) .. 'b')", pattern("match", "(long pattern)", bytes: 100000),
         pattern("match", "(long pattern)", bytes: 100000)),
        ("local s = ('a'):rep(20000) s:gsub('.-.-b', '')", pattern("gsub", ".-.-b", bytes: 20000), pattern("gsub", ".-.-b", bytes: 20000)),
        ("for w in ('a'):rep(5000):gmatch('a-a-a-b') do end", pattern("gmatch", "a-a-a-b", bytes: 5000),
         pattern("gmatch", "a-a-a-b", bytes: 5000)),
        (long + "s:find('%b()%b()')", pattern("find", "%b()%b()", bytes: 100000), pattern("find", "%b()%b()", bytes: 100000)),
        (long + "s:find('(a*)%1%1')", pattern("find", "(a*)%1%1", bytes: 100000), pattern("find", "(a*)%1%1", bytes: 100000)),
        ("local s = ('a'):rep(5000) s:find('.-b')", nil, deadline),
        // Handlers, metamethods and callbacks run within the budget.
        ("xpcall(function() while true do end end, function() while true do end end)", budget, budget),
        ("xpcall(error, function() while true do end end)", budget, budget),
        ("while true do end", budget, budget),
        ("::again:: goto again", budget, budget),
        ("local function f() return f() end f()", budget, budget),
        ("tostring(setmetatable({}, {__tostring = function() while true do end end}))", budget, budget),
        ("do local x <close> = setmetatable({}, {__close = function() while true do end end}) end", budget, budget),
        ("table.sort({3, 2, 1, 4, 5}, function(a, b) while true do end end)", budget, budget),
        ("string.gsub('abc', '%w', function() while true do end end)", budget, budget),
        ("local t = setmetatable({}, {__index = function(t, k) return t[k] end}) local _ = t[1]",
         "hook.lua:1: C stack overflow", "hook.lua:1: C stack overflow"),
        ("setmetatable({}, {__gc = function() while true do end end})", "hook.lua:1: hooks cannot use __gc metamethods",
         "hook.lua:1: hooks cannot use __gc metamethods"),
        // Memory and time.
        ("local t, s = {}, ('x'):rep(1 << 16) while true do t[#t + 1] = s .. #t end",
         "hook.lua:1: not enough memory (a hooks file may hold at most 16 MiB)",
         "hook.lua:1: not enough memory (a hooks file may hold at most 16 MiB)"),
        ("local function f() return 1 + f() end f()", "hook.lua:1: not enough memory (a hooks file may hold at most 16 MiB)",
         "hook.lua:1: not enough memory (a hooks file may hold at most 16 MiB)"),
        ("local a = 'a' for i = 1, 22 do a = a .. a end local b = a:sub(1, -2) .. 'a' for i = 1, 1e6 do local _ = a < b end",
         deadline, deadline),
        ("local a = 'a' for i = 1, 22 do a = a .. a end local b = a:sub(1, -2) .. 'a' for i = 1, 1e6 do local _ = a == b end",
         deadline, deadline),
    ]

    func testEveryConstructEndsAtItsLineAloneAndInALoop() throws {
        XCTAssertGreaterThanOrEqual(HostileHookTests.cases.count, 40)
        for (code, alone, looped) in HostileHookTests.cases {
            try assertEnds(code, alone)
            try assertEnds("for _ = 1, math.maxinteger do " + code + " end", looped)
        }
    }

    /// A case that expects the instruction budget runs with the longest
    /// call deadline, so that a loaded machine cannot reach the deadline
    /// first; a case about the deadline keeps the default 250 ms.
    private func assertEnds(_ code: String, _ expected: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        let lua = try LuaState(limits: expected == HostileHookTests.deadline ? .default : LuaLimits.patient)
        do {
            try lua.run(code, name: "hook.lua")
            if let expected { XCTFail("\(code): ran to its end; expected \(expected)", file: file, line: line) }
        } catch {
            XCTAssertEqual(error.message, expected, code, file: file, line: line)
        }
        XCTAssertEqual(try lua.run("return 'still here'", name: "after.lua"), "still here", code, file: file, line: line)
    }

    func testACaughtStopIsStillTheCallsError() throws {
        let lua = try LuaState(limits: LuaLimits.patient)
        let chunk = try lua.load("""
            function caught() return pcall(function() while true do end end) end
            function handled() return xpcall(function() while true do end end, function() return 'fine' end) end
            """, name: "hook.lua")
        // The error names the line that ran out, not the line that raised it again.
        for (name, line) in [("caught", 1), ("handled", 2)] {
            XCTAssertThrowsError(try lua.call(name, of: chunk, [])) { error in
                XCTAssertEqual((error as? LuaError)?.kind, .limit)
                XCTAssertEqual((error as? LuaError)?.message,
                               "hook.lua:\(line): used up its budget of 1000000 instructions (an endless loop?)")
            }
        }
    }

    func testXpcallStillHandlesOrdinaryErrors() throws {
        let lua = try LuaState()
        XCTAssertEqual(try lua.run("return select(2, xpcall(function() error('boom') end, function(e) return 'handled: ' .. e end))",
                                   name: "hook.lua"), "handled: hook.lua:1: boom")
        XCTAssertEqual(try lua.run("return select(2, xpcall(function(a, b) return a + b end, error, 2, 3))", name: "hook.lua"), "5")
    }

    func testTheCommandsTotalTimeIsSharedAcrossCallsAndStates() throws {
        let budget = LuaTimeBudget(milliseconds: 300)
        let limits = LuaLimits(instructions: 100_000_000, callMilliseconds: LuaLimits.maximum.callMilliseconds)
        let first = try LuaState(limits: limits, budget: budget), second = try LuaState(limits: limits, budget: budget)
        let code = "function spin() local n = 0 for i = 1, 2e6 do n = n + i end return n end"
        let a = try first.load(code, name: "a.lua"), b = try second.load(code, name: "b.lua")
        var failure: LuaError?
        for _ in 0..<1000 {
            do {
                _ = try first.call("spin", of: a, [])
                _ = try second.call("spin", of: b, [])
            } catch {
                failure = error
                break
            }
        }
        XCTAssertEqual(failure?.kind, .limit)
        XCTAssertTrue(failure?.message.hasSuffix("the hooks of this command ran for more than 300 ms in all; make them "
            + "do less per call (or set a later since:)") == true, "\(String(describing: failure))")
        // A new command starts with the whole total again.
        budget.reset()
        XCTAssertEqual(try first.call("spin", of: a, []), .integer(2_000_001_000_000))
    }

    func testFilesStartingWithAByteOrderMarkOrAShebangLoad() throws {
        let lua = try LuaState()
        XCTAssertEqual(try lua.run("\u{FEFF}return 'bom'", name: "hook.lua"), "bom")
        XCTAssertEqual(try lua.run("#!/usr/bin/env lua\nreturn 'shebang'", name: "hook.lua"), "shebang")
        XCTAssertThrowsError(try lua.run("#!/usr/bin/env lua\nreturn +", name: "hook.lua")) { error in
            XCTAssertEqual(error as? LuaError, LuaError(.syntax, message: "hook.lua:2: unexpected symbol near '+'"))
        }
    }

    func testAParserOverflowSaysWhatToDo() throws {
        let lua = try LuaState()
        XCTAssertThrowsError(try lua.run("return " + String(repeating: "(", count: 300) + "1"
            + String(repeating: ")", count: 300), name: "hook.lua")) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .syntax)
            XCTAssertEqual((error as? LuaError)?.message, "hook.lua: the code nests too deeply for Lua to read (C stack "
                + "overflow); split deeply nested expressions, tables or blocks into local functions")
        }
    }
}
