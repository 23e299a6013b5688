import HavenCore
import XCTest

/// A walk's entries as a day_outcome hook reads them (#31 item 2): each
/// day summed up as the engine's table needs it, and the entries packed
/// in the layout the Lua side unpacks (CLuaShim's day.c).
final class HookDaysTests: XCTestCase {
    func testDaysAreSummedUpAndTheLatestKnownLevelDecides() {
        var days = HookDays(effects: ["steady": .success, "wild": .break])
        days.append(day: 10, minute: 480, number: 0.7, level: nil as String?, note: nil, trigger: nil)
        days.append(day: 10, minute: 600, number: 0.1, level: nil, note: "after run", trigger: nil)
        days.append(day: 12, minute: 1200, number: nil, level: "wild", note: nil, trigger: "friends")
        days.append(day: 12, minute: 1260, number: nil, level: "steady", note: nil as String?, trigger: nil)
        days.append(day: 12, minute: 1320, number: nil, level: "unknown", note: nil as String?, trigger: nil)
        XCTAssertEqual(days.days.map(\.day), [10, 12])
        XCTAssertEqual(days.days.map(\.count), [2, 3])
        XCTAssertEqual(days.days.map(\.milli), [800, 0])
        XCTAssertEqual(days.days[0].sum, 0.7 + 0.1)
        // The effect is the latest level the set knows; the level shown is the latest of all.
        XCTAssertEqual(days.days.map(\.effect), [nil, .success])
        XCTAssertEqual(days.days.map { days.level(of: $0) }, [nil, "unknown"])
        XCTAssertEqual(days.days[1].entries.upperBound, days.packed.count)
        XCTAssertEqual(days.days[0].entries.upperBound, days.days[1].entries.lowerBound)
    }

    func testTheLayoutIsFlagsMinuteNumberThenTexts() {
        var days = HookDays()
        days.append(day: 1, minute: 0x0102, number: 2.5, level: nil, note: "ok", trigger: nil)
        days.append(day: 1, minute: 7, number: nil, level: "easy", note: nil, trigger: "t")
        var expected: [UInt8] = [1 | 4]
        withUnsafeBytes(of: UInt16(0x0102)) { expected += $0 }
        withUnsafeBytes(of: 2.5) { expected += $0 }
        withUnsafeBytes(of: UInt32(2)) { expected += $0 }
        expected += Array("ok".utf8)
        expected += [2 | 8]
        withUnsafeBytes(of: UInt16(7)) { expected += $0 }
        withUnsafeBytes(of: UInt32(4)) { expected += $0 }
        expected += Array("easy".utf8)
        withUnsafeBytes(of: UInt32(1)) { expected += $0 }
        expected += Array("t".utf8)
        XCTAssertEqual(days.packed, expected)
    }
}
