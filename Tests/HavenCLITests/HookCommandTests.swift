import Foundation
import TestSupport
import XCTest

/// Lua hooks through the built binary: what a person sees, and what a hostile
/// hook cannot do.
final class HookCommandTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
            "hooks/noalc.lua": """
                -- A wild weekend evening neither breaks nor extends the streak.
                function day_outcome(day)
                  for _, e in ipairs(day.entries) do
                    if e.level == "wild" and (day.weekday == "sat" or day.weekday == "sun") then return "neutral" end
                  end
                end
                function on_log(entry, streak)
                  return "Noticed. What helped today?"
                end
                """,
            "trackers/snacking.yaml": "extends: core/snacking\nhooks: hooks/snacking.lua\n",
            "hooks/snacking.lua": """
                function validate(entry)
                  if entry.trigger == nil then return "what set it off? add --trigger WHAT (boredom, stress...)" end
                end
                """,
        ])
    }

    @discardableResult
    private func haven(_ arguments: String..., now: String = "2026-01-11 22:00") -> HavenProcess.Result {
        HavenRun(home: home.path, now: now).run(arguments)
    }

    /// A rolling tracker's `day_outcome` sees its window (SPEC §4.6): the
    /// successful days of the seven ending on that day, and the seven.
    func testADayOutcomeOfARollingTrackerSeesItsWindow() {
        home.write([
            "trackers/gym.yaml": "name: Gym\nsince: 2026-03-01\nstreak: { period: { rolling: 7 }, times: 3 }\n"
                + "hooks: hooks/gym.lua\n",
            "hooks/gym.lua": """
                -- A break only where the window holds exactly these numbers.
                function day_outcome(day)
                  local w = day.window
                  if day.date == "2026-03-04" and w.successes == 3 and w.days == 7 and #day.entries == 0 then
                    return "break"
                  end
                  if day.date == "2026-03-05" and w.successes == 4 and w.days == 7 then return "break" end
                end
                """,
        ])
        for day in ["01", "02", "03", "05"] { haven("log", "gym", "--at", "2026-03-\(day) 18:00", now: "2026-03-06 20:00") }
        XCTAssertEqual(haven("history", "gym", "--from", "2026-03-01", now: "2026-03-06 20:00").stdout, """
            2026-03-01   success   streak 1   jokers 0
            2026-03-02   success   streak 2   jokers 0
            2026-03-03   success   streak 3   jokers 0
            2026-03-04   broken    streak 0   jokers 0
            2026-03-05   broken    streak 0   jokers 0
            2026-03-06   success   streak 1   jokers 0

            """)
    }

    /// The example pack, copied into the home as a person would install it:
    /// every hook point, as the person sees it.
    func testTheExamplePackAsAPersonUsesIt() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/packs", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.root + "/examples/mindful-hooks",
                                         toPath: home.path + "/packs/mindful-hooks")
        // day_outcome: Friday steady, a wild Saturday is neutral, Sunday steady.
        haven("log", "weekday-noalc", "steady", "--at", "2026-01-09 21:00")
        haven("log", "weekday-noalc", "wild", "--at", "2026-01-10 21:00")
        XCTAssertEqual(haven("log", "weekday-noalc", "steady").stdout,
                       "NoAlc on weekdays: Steady today · streak 2 · 0 jokers\n")
        // level_from_health: no drinks read back as steady; two as easy, which with no joker yet ends the streak.
        XCTAssertEqual(haven("log", "weekday-noalc", "--health", "0", now: "2026-01-12 22:00").stdout,
                       "NoAlc on weekdays: Steady today · streak 3 · 0 jokers\n")
        XCTAssertEqual(haven("log", "weekday-noalc", "--health", "2", now: "2026-01-12 22:30").stdout,
                       "NoAlc on weekdays: Easy today · streak 0 · 0 jokers\n")

        // validate refuses, and nothing is written; on_log answers.
        let refused = haven("log", "mindful-snacking")
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, "haven: error: \(home.path)/packs/mindful-hooks/hooks/mindful-snacking.lua "
            + "refused this entry: what set it off? add --trigger WHAT (boredom, stress, tired...)\n")
        XCTAssertEqual(haven("entries", "mindful-snacking").stdout, "No entries for mindful-snacking in the last 7 days.\n")
        XCTAssertEqual(haven("log", "mindful-snacking", "--trigger", "boredom").stdout, """
            Mindful snacking: noticed 1× today · streak 1
            Noticed (boredom). What would make the next quiet moment interesting?

            """)

        // health_value: two glasses are 500 ml.
        haven("log", "water-ml", "+2")
        XCTAssertEqual(haven("entries", "water-ml").stdout, "#7   2026-01-11 22:00   day 2026-01-11   2      health 500\n")
        XCTAssertTrue(haven("entries", "water-ml", "--json").stdout.contains("\"health\": 500\n"))
    }

    /// Each escape: a clear error, `status` still lists every other
    /// tracker, and the database is byte for byte what it was. The call
    /// deadline is the longest, so that the budget, not a loaded machine,
    /// ends the endless loops.
    func testHostileHooksFailOnlyTheirOwnTracker() throws {
        haven("log", "water", "+1", "--at", "2026-01-10 09:00")
        haven("log", "noalc", "steady", "--at", "2026-01-10 21:00")
        XCTAssertEqual(haven("status").status, 0)
        let database = home.path + "/haven.db"
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let file = home.path + "/hooks/noalc.lua"
        let context = " in day_outcome (noalc, 2026-01-10): "
        func at(_ line: Int, _ message: String) -> String { ":\(line):" + context + message }
        let memory = at(2, "not enough memory (a hooks file may hold at most 4 MiB)")
        let cases: [(code: String, error: String?)] = [
            ("os.execute('touch \(home.path)/escaped')", at(2, "attempt to index a nil value (global 'os')")),
            ("io.open('\(home.path)/escaped', 'w')", at(2, "attempt to index a nil value (global 'io')")),
            ("require('os')", at(2, "attempt to call a nil value (global 'require')")),
            ("load('\\27Lua')()", at(2, "attempt to call a nil value (global 'load')")),
            ("return string.dump(day_outcome)", at(2, "attempt to call a nil value (field 'dump')")),
            ("return debug.getinfo(1)", at(2, "attempt to index a nil value (global 'debug')")),
            ("setmetatable(getmetatable(''), {})",
             at(2, "bad argument #1 to 'setmetatable' (table expected, got string)")),
            ("collectgarbage()", at(2, "attempt to call a nil value (global 'collectgarbage')")),
            ("while true do end", at(2, "used up its budget of 1000000 instructions (an endless loop?)")),
            ("local t = {} while true do t[#t + 1] = {} end", memory),
            ("return string.rep('x', 1 << 30)", at(2, "string.rep: this call would do about 335544320 steps of "
                + "work, more than a hook call's budget of 1000000 instructions; work on less data at a time")),
            ("return (string.rep('a', 40)):find(string.rep('a*', 9) .. 'b')",
             at(2, "string.find: the pattern 'a*a*a*a*a*a*a*a*a*b' could take more than 100 million steps on a text ")
                 + "of 40 bytes; use fewer repetitions (*, +, -, ?) or match a shorter text"),
            ("local function f() return 1 + f() end return f()", nil),
            ("error(setmetatable({}, { __tostring = function() while true do end end }))",
             at(2, "(error object is a table value)")),
            ("coroutine.yield('escape')", at(2, "attempt to index a nil value (global 'coroutine')")),
        ]
        for (code, error) in cases {
            _ = home.write(["hooks/noalc.lua": "function day_outcome(day)\n  \(code)\nend\n"])
            let status = HavenRun(home: home.path, now: "2026-01-11 22:00", environment: ["HAVEN_HOOK_MEMORY_MB": "4"]).run(["status"])
            XCTAssertEqual(status.status, 65, code)
            XCTAssertTrue(status.stdout.contains("Drink Water"), code)
            XCTAssertFalse(status.stdout.contains("NoAlc"), code)
            if let error {
                XCTAssertEqual(status.stderr, "haven: error: \(file)\(error)\n", code)
            } else {
                // Deep recursion ends in Lua's stack limit or the memory cap, whichever comes first.
                XCTAssertTrue(status.stderr.contains("stack overflow") || status.stderr.contains("not enough memory"),
                              status.stderr)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/escaped"), code)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, code)
        }
    }

    func testValidateLoadsEveryHooksFile() {
        _ = home.write([
            "trackers/tea.yaml": "extends: core/water\nhooks: hooks/tea.lua\n",
            "hooks/tea.lua": "function health_valu(entry)\n  return entry.value * 250\nend\n",
            "trackers/juice.yaml": "extends: core/water\nhooks: hooks/juice.lua\n",
            "hooks/juice.lua": "function day_outcome(day)\n  if day.sum > then return 'success' end\nend\n",
        ])
        let result = HavenProcess.run(["validate", "."], environment: ["HAVEN_HOME": home.path], directory: home.path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, """
            hooks/juice.lua:2:3: error: unexpected symbol near 'then'
                  if day.sum > then return 'success' end
                  ^
            hooks/tea.lua:1:1: error: unknown hook 'health_valu' (did you mean 'health_value'?); a helper function \
            must be local: local function health_valu(...)
                function health_valu(entry)
                ^
            2 problems found

            """)
    }

    func testWithoutALevelFromHealthHookTheLevelSetsRangesDecide() {
        // NoAlc's steady holds 0 to 3 drinks.
        XCTAssertEqual(haven("log", "noalc", "--health", "3").stdout,
                       "NoAlc: Steady today · streak 1 · 0 jokers\nNoticed. What helped today?\n")
        let water = haven("log", "water", "--health", "2")
        XCTAssertEqual(water.status, 65)
        XCTAssertEqual(water.stderr,
                       "haven: error: 'water' has no levels, so --health cannot pick one; log it with: haven log water VALUE\n")
    }

    /// The README's hooks example, as its console shows it.
    func testTheReadmeHooksExample() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let hook = try XCTUnwrap(readme.components(separatedBy: "```lua\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }.first { $0.hasPrefix("-- hooks/noalc.lua") })
        _ = home.write(["hooks/noalc.lua": hook])
        for day in 5...9 { haven("log", "noalc", "steady", now: "2026-01-0\(day) 21:00") }
        let saturday = haven("log", "noalc", "wild", "--note", "friend's birthday", now: "2026-01-10 21:00")
        XCTAssertEqual(saturday.stdout, "NoAlc: Wild today · streak 5 · 0 jokers\nNoticed. Streak 5. What helped today?\n")
        let tuesday = haven("log", "noalc", "wild", now: "2026-01-13 21:00")
        XCTAssertEqual(tuesday.stderr, "haven: error: \(home.path)/hooks/noalc.lua refused this entry: "
            + "a wild evening deserves a word: add --note \"...\"\n")
        _ = home.write(["hooks/noalc.lua": hook.replacingOccurrences(of: "day.entries", with: "day.entris")])
        XCTAssertEqual(haven("log", "noalc", "steady", now: "2026-01-13 21:00").stderr,
                       "haven: error: \(home.path)/hooks/noalc.lua:6: in day_outcome (noalc, 2026-01-05): "
                           + "attempt to index a nil value\n")
        let status = haven("status", now: "2026-01-13 21:00")
        XCTAssertEqual(status.status, 65)
        XCTAssertTrue(status.stdout.contains("Drink Water"))
    }

    func testABrokenHookHidesNoOtherReminderOrCalendarRow() {
        _ = home.write([
            "trackers/water.yaml": "extends: core/water\nreminder: { at: \"09:00\", message: Time for water }\n",
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\nreminder: { at: \"09:00\", enabled: true }\n",
        ])
        haven("log", "noalc", "steady", "--at", "2026-01-10 21:00")
        _ = home.write(["hooks/noalc.lua": "function day_outcome(day) return day.nope.x end\n"])
        let due = haven("due", now: "2026-01-11 10:00")
        XCTAssertEqual(due.status, 65)
        XCTAssertEqual(due.stdout, "Drink Water   09:00   Time for water   streak 0\n")
        let failure = "haven: error: \(home.path)/hooks/noalc.lua:1: in day_outcome (noalc, 2026-01-10): "
            + "attempt to index a nil value (field 'nope')\n"
        XCTAssertEqual(due.stderr, failure)
        let calendar = haven("calendar", now: "2026-01-11 10:00")
        XCTAssertEqual(calendar.status, 65)
        XCTAssertTrue(calendar.stdout.contains("Drink Water"), calendar.stdout)
        XCTAssertFalse(calendar.stdout.contains("NoAlc"), calendar.stdout)
        XCTAssertEqual(calendar.stderr, failure)
    }
}
