import Foundation
import TestSupport
import XCTest

/// Hook limits through the built binary: a hostile construct at load time and
/// in each hook point fails only its own tracker, at its line, and writes
/// nothing. Every run has the longest deadlines (`HavenProcess.patientHooks`),
/// so that a loaded machine never reaches one before the limit a case is
/// about; a case about the deadline sets the default 250 ms and uses a hook
/// whose few instructions each block.
final class HookLimitCommandTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var file: String { home.path + "/hooks/noalc.lua" }

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
            "hooks/noalc.lua": "",
        ])
    }

    /// What a case about the call deadline runs with: the default 250 ms (every other run gets the longest).
    private static let defaultDeadline = ["HAVEN_HOOK_CALL_MS": "250", "HAVEN_HOOK_TOTAL_MS": "2000"]
    private static let deadline = "ran for more than 250 ms (an endless loop, or too much work for one call?)"

    @discardableResult
    private func haven(_ arguments: [String], _ environment: [String: String] = [:]) -> HavenProcess.Result {
        HavenRun(home: home.path, now: "2026-01-11 22:00", environment: environment).run(arguments)
    }

    /// Where each construct runs, the command that reaches it, and what the
    /// error says about the call.
    private static let points: [(name: String, wrap: @Sendable (String) -> String, command: [String], place: String)] = [
        ("load", { "local loaded = true\n" + $0 + "\nfunction day_outcome(day) end\n" }, ["status"], ""),
        ("day_outcome", { "function day_outcome(day)\n" + $0 + "\nend\n" }, ["status"], " in day_outcome (noalc, 2026-01-10):"),
        ("validate", { "function validate(entry)\n" + $0 + "\nend\n" }, ["log", "noalc", "steady"],
         " in validate (noalc, 2026-01-11):"),
        ("on_log", { "function on_log(entry, streak)\n" + $0 + "\nend\n" }, ["log", "noalc", "steady"],
         " in on_log (noalc, 2026-01-11):"),
        ("health_value", { "function health_value(entry)\n" + $0 + "\nend\n" }, ["entries", "noalc"],
         " in health_value (noalc, 2026-01-10):"),
        ("level_from_health", { "function level_from_health(value)\n" + $0 + "\nend\n" },
         ["log", "noalc", "--health", "2"], " in level_from_health (noalc, 2):"),
    ]

    func testHostileConstructsAtLoadAndInEveryHookPoint() throws {
        let constructs: [(code: String, error: String)] = [
            ("string.rep('', math.maxinteger)", "string.rep: this call would do about 2305843009213693952 steps of work, "
                + "more than a hook call's budget of 1000000 instructions; work on less data at a time"),
            ("table.move({}, 1, math.maxinteger - 1, 1, {})", "table.move: this call would do about 9223372036854775808 "
                + "steps of work, more than a hook call's budget of 1000000 instructions; work on less data at a time"),
            ("local s = ('a'):rep(100000) s:find(('a'):rep(5000) .. 'b', 1, true)", "string.find: the pattern '(long "
                + "pattern)' could take more than 100 million steps on a text of 100000 bytes; use a shorter pattern or "
                + "match a shorter text"),
            ("xpcall(function() while true do end end, function() while true do end end)",
             "used up its budget of 1000000 instructions (an endless loop?)"),
            ("local s = ('a'):rep(100000) while true do s:upper() end",
             "used up its budget of 1000000 instructions (an endless loop?)"),
            ("local t, s = {}, ('x'):rep(1 << 16) while true do t[#t + 1] = s .. #t end",
             "not enough memory (a hooks file may hold at most 16 MiB)"),
            ("local a = 'a' for i = 1, 22 do a = a .. a end local b = a:sub(1, -2) .. 'a' while true do local _ = a < b end",
             HookLimitCommandTests.deadline),
            ("error(('x'):rep(1 << 16))", String(repeating: "x", count: 1000) + "… (64536 more characters)"),
        ]
        haven(["log", "noalc", "steady", "--at", "2026-01-10 21:00"])
        haven(["log", "water", "+1", "--at", "2026-01-10 09:00"])
        let database = home.path + "/haven.db"
        let entries = haven(["entries", "water", "--json"]).stdout + haven(["entries", "noalc", "--json"]).stdout
        for point in HookLimitCommandTests.points {
            for (code, error) in constructs {
                _ = home.write(["hooks/noalc.lua": point.wrap(code)])
                let before = try Data(contentsOf: URL(fileURLWithPath: database))
                let limits = error == HookLimitCommandTests.deadline ? HookLimitCommandTests.defaultDeadline : [:]
                let result = haven(point.command, limits)
                let label = "\(point.name): \(code)"
                XCTAssertEqual(result.status, 65, label)
                XCTAssertEqual(result.stderr, "haven: error: \(file):2:\(point.place) \(error)\n", label)
                if point.command == ["status"] {
                    XCTAssertTrue(result.stdout.contains("Drink Water"), label)
                    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, label)
                }
                _ = home.write(["hooks/noalc.lua": ""])
                XCTAssertEqual(haven(["entries", "water", "--json"]).stdout + haven(["entries", "noalc", "--json"]).stdout,
                               entries, label)
            }
        }
    }

    func testOneHostileHookAmongAHundredTrackers() throws {
        var files: [String: String] = [:]
        for i in 1...99 { files["trackers/habit-\(i).yaml"] = "name: Habit \(i)\n" }
        _ = home.write(files)
        try FileManager.default.removeItem(atPath: home.path + "/trackers/water.yaml")
        haven(["log", "noalc", "steady", "--at", "2026-01-10 21:00"])
        _ = home.write(["hooks/noalc.lua": "function day_outcome(day)\n  while true do end\nend\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.status, 65)
        XCTAssertEqual(status.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Habit ") }.count, 99)
        XCTAssertFalse(status.stdout.contains("NoAlc"))
        XCTAssertEqual(status.stderr, "haven: error: \(file):2: in day_outcome (noalc, 2026-01-10): used up its budget "
            + "of 1000000 instructions (an endless loop?)\n")
    }

    /// A hook that is cheap per day but walked over 126 years: the command's
    /// total ends it.
    func testTheCommandsTotalEndsALongColdWalk() {
        _ = home.write([
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\nsince: 1900-01-01\n",
            "hooks/noalc.lua": "function day_outcome(day)\n  local n = 0\n  for i = 1, 20000 do n = n + i end\nend\n",
        ])
        let status = haven(["status"], ["HAVEN_HOOK_TOTAL_MS": "400", "HAVEN_HOOK_CALL_MS": "10000"])
        XCTAssertEqual(status.status, 65)
        XCTAssertTrue(status.stdout.contains("Drink Water"))
        // The total runs out inside a call (the loop, line 3) or between two (the next call's first line).
        XCTAssertTrue(["2", "3"].contains { status.stderr.hasPrefix("haven: error: \(file):\($0): in day_outcome (noalc, 19") },
                      status.stderr)
        XCTAssertTrue(status.stderr.hasSuffix("): the hooks of this command ran for more than 400 ms in all; make them "
            + "do less per call (or set a later since:)\n"), status.stderr)
    }

    /// An override past the maximum is clamped, never a switch that turns the
    /// budget off (it once wrapped to a negative C int): the deadline still
    /// ends the loop.
    func testOverridesAreClamped() {
        haven(["log", "noalc", "steady", "--at", "2026-01-10 21:00"])
        _ = home.write(["hooks/noalc.lua": "function day_outcome(day)\n  while true do end\nend\n"])
        for instructions in ["4294967296", "99999999999999999999999"] {
            let limits = HookLimitCommandTests.defaultDeadline.merging(["HAVEN_HOOK_INSTRUCTIONS": instructions]) { $1 }
            let status = haven(["status"], limits)
            XCTAssertEqual(status.stderr, "haven: error: \(file):2: in day_outcome (noalc, 2026-01-10): ran for more than "
                + "250 ms (an endless loop, or too much work for one call?)\n", instructions)
        }
    }

    func testLongMessagesAreTheHooksError() {
        _ = home.write(["hooks/noalc.lua": "function on_log(entry, streak)\n  return ('ok '):rep(400)\nend\n"])
        let log = haven(["log", "noalc", "steady"])
        XCTAssertEqual(log.status, 65)
        XCTAssertEqual(log.stderr, "haven: error: \(file):1: in on_log (noalc, 2026-01-11): returned a message of 1200 "
            + "characters; a message may have at most 1000\n")
        XCTAssertEqual(haven(["entries", "noalc"]).stdout, "No entries for noalc in the last 7 days.\n")
    }

    /// A home whose path is longer than Lua's 59 bytes of a source name:
    /// every message names the hooks file whole, never Lua's `...` and its
    /// end, from a runtime error, an `error()` and a syntax error alike.
    func testAHomeWithALongPathGetsItsWholePathInEveryHookMessage() {
        let deep = home.path + "/" + String(repeating: "a-folder-with-a-long-name/", count: 3) + "home"
        let long = TemporaryDirectory(existing: deep).write([
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
        ])
        let file = deep + "/hooks/noalc.lua"
        let haven = HavenRun(home: deep, now: "2026-01-11 22:00")
        let cases = [
            ("function on_log(entry, streak)\n  return entry.nope.deeper\nend\n",
             "\(file):2: in on_log (noalc, 2026-01-11): attempt to index a nil value (field 'nope')"),
            ("local function inner()\n  error('no thanks')\nend\nfunction on_log(entry, streak)\n  inner()\nend\n",
             "\(file):2: in on_log (noalc, 2026-01-11): no thanks"),
            ("function on_log(entry, streak)\n  local ok, inner = pcall(function() error('inner') end)\n"
                + "  error('wrapped: ' .. inner)\nend\n",
             "\(file):3: in on_log (noalc, 2026-01-11): wrapped: \(file):2: inner"),
            ("function on_log(entry, streak\n", "\(file):2: ')' expected near <eof>"),
        ]
        for (code, message) in cases {
            long.write(["hooks/noalc.lua": code])
            haven.expect(["log", "noalc", "steady"], stdout: "", stderr: "haven: error: \(message)\n", status: 65)
        }
    }
}
