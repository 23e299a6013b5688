import Lua
import XCTest

final class LuaStateTests: XCTestCase {
    func testRunsATextChunkAndReturnsItsResult() throws {
        let lua = try XCTUnwrap(LuaState())
        XCTAssertEqual(try lua.run("return 6 * 7", name: "t.lua"), "42")
        XCTAssertEqual(try lua.run("x = 1", name: "t.lua"), nil)
    }

    func testSyntaxErrorNamesChunkAndLine() throws {
        let lua = try XCTUnwrap(LuaState())
        XCTAssertThrowsError(try lua.run("local a = 1\nreturn +", name: "hooks/t.lua")) { error in
            XCTAssertEqual(error as? LuaError,
                           LuaError(message: "hooks/t.lua:2: unexpected symbol near '+'"))
        }
    }

    func testBinaryChunksAreRefused() throws {
        let lua = try XCTUnwrap(LuaState())
        XCTAssertThrowsError(try lua.run("\u{1B}Lua", name: "b.lua")) { error in
            XCTAssertEqual(error as? LuaError,
                           LuaError(message: "attempt to load a binary chunk (mode is 't')"))
        }
    }

    func testMemoryCapStopsAGrowingTable() throws {
        let lua = try XCTUnwrap(LuaState(memoryLimit: 2 << 20))
        XCTAssertThrowsError(try lua.run("local t = {} for i = 1, 1e8 do t[i] = i end", name: "m.lua")) { error in
            XCTAssertEqual(error as? LuaError, LuaError(message: "not enough memory"))
        }
        XCTAssertLessThanOrEqual(lua.memoryInUse, 2 << 20)
        XCTAssertEqual(try lua.run("return 1 + 1", name: "after.lua"), "2")
    }
}
