import Foundation
import HavenCore
import Lua
import XCTest

final class LuaStateTests: XCTestCase {
    func testRunsATextChunkAndReturnsItsResult() throws {
        let lua = try LuaState()
        XCTAssertEqual(try lua.run("return 6 * 7", name: "t.lua"), "42")
        XCTAssertEqual(try lua.run("x = 1", name: "t.lua"), nil)
    }

    func testSyntaxErrorNamesChunkAndLine() throws {
        let lua = try LuaState()
        XCTAssertThrowsError(try lua.run("local a = 1\nreturn +", name: "hooks/t.lua")) { error in
            XCTAssertEqual(error as? LuaError, LuaError(.syntax, message: "hooks/t.lua:2: unexpected symbol near '+'"))
        }
    }

    func testCallsAFunctionWithTablesAndReadsItsResult() throws {
        let lua = try LuaState()
        let chunk = try lua.load("""
            function describe(day, n)
              return day.date .. " " .. #day.entries .. " " .. day.entries[2].level .. " " .. n .. " " .. tostring(day.flag)
            end
            function half(x) return x / 2 end
            function count(x) return x + 1 end
            function nothing() end
            """, name: "t.lua")
        let day = LuaValue.table(fields: [("date", .string("2026-01-09")), ("flag", .boolean(true)),
                                          ("entries", .table(fields: [], items: [
                                              .table(fields: [("level", .string("steady"))]),
                                              .table(fields: [("level", .string("wild"))]),
                                          ]))])
        XCTAssertEqual(try lua.call("describe", of: chunk, [day, .integer(3)]), .string("2026-01-09 2 wild 3 true"))
        XCTAssertEqual(try lua.call("half", of: chunk, [.integer(3)]), .number(1.5))
        XCTAssertEqual(try lua.call("count", of: chunk, [.integer(3)]), .integer(4))
        XCTAssertEqual(try lua.call("nothing", of: chunk, []), .nil)
        XCTAssertNil(try lua.call("absent", of: chunk, []))
        XCTAssertEqual(try lua.functions(of: chunk).map(\.name), ["count", "describe", "half", "nothing"])
        XCTAssertEqual(try lua.functions(of: chunk).map(\.line), [5, 1, 4, 6])
    }

    /// A day's entries are made when first read (#31 item 2), and the day
    /// reads the same whenever and however it is read: kept past its call,
    /// iterated with pairs, or never.
    func testLazyEntriesReadAsIfMadeWhole() throws {
        let lua = try LuaState()
        let chunk = try lua.load("""
            local kept
            function keep(day) kept = day return day.sum end
            function later(day)
              local e = kept.entries
              return #e .. " " .. e[1].date .. " " .. e[1].time .. " " .. e[1].value .. " " .. e[2].level .. " "
                .. e[2].note .. " " .. e[2].trigger .. " " .. tostring(e[2].value) .. " " .. #day.entries
            end
            function fields(day)
              local names = {}
              for k in pairs(day) do names[#names + 1] = k end
              table.sort(names)
              return table.concat(names, ",") .. " " .. tostring(getmetatable(day)) .. " " .. tostring(rawget(day, "entries") ~= nil)
            end
            function none(day) return #day.entries end
            function renamed(day) day.entries = nil return type(day.entries) .. " " .. #day.entries end
            -- The day of the month says which of them a call is for.
            local by = {["09"] = keep, ["10"] = later, ["11"] = none, ["12"] = fields, ["13"] = renamed}
            function day_outcome(day) return by[day.date:sub(9, 10)](day) end
            """, name: "t.lua")
        let tracker = try lua.keep(.table(fields: [("id", .string("noalc"))]))
        func call(_ date: Int, _ entries: [(minute: Int, number: Double?, level: String?, note: String?,
                                           trigger: String?)]) throws -> LuaResult? {
            var days = HookDays()
            let number = Day(year: 2026, month: 1, day: date)!.number
            for e in entries {
                days.append(day: number, minute: e.minute, number: e.number, level: e.level, note: e.note, trigger: e.trigger)
            }
            let day = LuaDay(day: number, sum: 2.5, goal: nil, window: nil, tracker: tracker)
            return try days.packed.withUnsafeBytes { try lua.callDayOutcome(of: chunk, day: day, entries: $0) }
        }
        let first: [(minute: Int, number: Double?, level: String?, note: String?, trigger: String?)] =
            [(9 * 60 + 5, 2.5, nil, nil, nil), (21 * 60 + 30, nil, "wild", "late", "friends")]
        XCTAssertEqual(try call(9, first), .number(2.5))
        XCTAssertEqual(try call(10, []), .string("2 2026-01-09 09:05 2.5 wild late friends nil 0"))
        XCTAssertEqual(try call(12, first), .string("date,entries,sum,tracker,weekday false true"))
        XCTAssertEqual(try call(11, []), .integer(0))
        XCTAssertEqual(try call(13, []), .string("table 0"))
    }

    func testAKeptTableIsSharedByCalls() throws {
        let lua = try LuaState()
        let chunk = try lua.load("function id(t) return t.id end", name: "t.lua")
        let tracker = try lua.keep(.table(fields: [("id", .string("noalc"))]))
        for _ in 0..<3 { XCTAssertEqual(try lua.call("id", of: chunk, [.kept(tracker)]), .string("noalc")) }
        lua.release(tracker)
    }

    func testEachChunkHasItsOwnGlobals() throws {
        let lua = try LuaState()
        let a = try lua.load("secret = 42\nfunction get() return secret end", name: "a.lua")
        let b = try lua.load("function get() return secret end", name: "b.lua")
        XCTAssertEqual(try lua.call("get", of: a, []), .integer(42))
        XCTAssertEqual(try lua.call("get", of: b, []), .nil)
        XCTAssertEqual(try lua.call("get", of: a, []), .integer(42))
    }

    func testAStateIsUsableAfterAnError() throws {
        let lua = try LuaState(limits: .patient(memory: 2 << 20))
        XCTAssertThrowsError(try lua.run("local t = {} for i = 1, 1e8 do t[i] = i end", name: "m.lua")) { error in
            XCTAssertEqual(error as? LuaError,
                           LuaError(.limit, message: "m.lua:1: not enough memory (a hooks file may hold at most 2 MiB)"))
        }
        // The cap is soft by a quarter, so that the error can name its line.
        XCTAssertLessThanOrEqual(lua.memoryInUse, (2 << 20) + (2 << 20) / 4)
        XCTAssertEqual(try lua.run("return 1 + 1", name: "after.lua"), "2")
    }
}
