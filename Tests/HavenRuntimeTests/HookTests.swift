import Foundation
import HavenCore
import HavenRuntime
import TestSupport
import XCTest

/// The hook points of SPEC §5 through the real runtime, Lua and SQLite.
final class HookTests: XCTestCase {
    /// NoAlc, where a wild weekend evening neither breaks nor extends the streak.
    static let weekdayNoAlc = """
        function day_outcome(day)
          for _, e in ipairs(day.entries) do
            if e.level == "wild" and (day.weekday == "sat" or day.weekday == "sun") then return "neutral" end
          end
          return nil
        end
        """

    private func home(hook: String?, extra: [String: String] = [:]) -> TemporaryDirectory {
        var files = ["trackers/noalc.yaml": "extends: core/noalc\n" + (hook == nil ? "" : "hooks: hooks/noalc.lua\n")]
        if let hook { files["hooks/noalc.lua"] = hook }
        return TemporaryDirectory().write(files.merging(extra) { $1 })
    }

    /// Friday steady, Saturday wild, Sunday steady (2026-01-09 to 11).
    private func weekend(_ home: TemporaryDirectory) throws -> Session {
        let session = try Sessions.open(home.path, now: "2026-01-11 22:00")
        for (day, level) in [("2026-01-09", "steady"), ("2026-01-10", "wild"), ("2026-01-11", "steady")] {
            _ = try session.log("noalc", value: level, at: "\(day) 21:00", note: nil, trigger: nil)
        }
        return session
    }

    func testDayOutcomeDecidesTheStreak() throws {
        // Without the hook a wild day is grace, and with no joker it breaks.
        let plain = try weekend(home(hook: nil))
        XCTAssertEqual(try plain.status(plain.runtime.tracker("noalc")).current, 1)
        let session = try weekend(home(hook: HookTests.weekdayNoAlc))
        let noalc = try session.runtime.tracker("noalc")
        XCTAssertEqual(try session.status(noalc).current, 2)
        XCTAssertEqual(try session.history(noalc, from: Day("2026-01-09"), to: nil).map(\.outcome),
                       [.success, .neutral, .success])
    }

    func testEditingTheHooksFileInvalidatesCheckpoints() throws {
        let home = home(hook: HookTests.weekdayNoAlc)
        let session = try weekend(home)
        let noalc = try session.runtime.tracker("noalc")
        XCTAssertEqual(try session.status(noalc).current, 2)
        _ = home.write(["hooks/noalc.lua": "function day_outcome(day) return 'break' end\n"])
        let reopened = try Sessions.open(home.path, now: "2026-01-12 22:00")
        let edited = try reopened.runtime.tracker("noalc")
        let (checkpointed, full) = (try reopened.status(edited), try reopened.status(edited, checkpoints: false))
        XCTAssertEqual(checkpointed.current, 0)
        XCTAssertEqual(checkpointed.longest, full.longest)
        XCTAssertEqual(checkpointed.score, full.score)
    }

    func testValidateRefusesAndNothingIsWritten() throws {
        let home = TemporaryDirectory().write([
            "trackers/snacking.yaml": "extends: core/snacking\nhooks: hooks/ask.lua\n",
            "hooks/ask.lua": """
                function validate(entry)
                  if entry.trigger == nil then return "what set it off? add --trigger WHAT" end
                end
                function on_log(entry, streak)
                  return "Noticed: " .. entry.trigger .. ". What would help next time?"
                end
                """,
        ])
        let session = try Sessions.open(home.path, now: "2026-03-01 16:00")
        XCTAssertThrowsError(try session.log("snacking", value: nil, at: nil, note: nil, trigger: nil)) { error in
            XCTAssertEqual(error as? RuntimeError,
                           .refused(file: home.path + "/hooks/ask.lua", message: "what set it off? add --trigger WHAT"))
        }
        XCTAssertEqual(try session.entryCount("snacking"), 0)
        let logged = try session.log("snacking", value: nil, at: nil, note: nil, trigger: "boredom")
        XCTAssertEqual(logged.reflection, "Noticed: boredom. What would help next time?")
        XCTAssertEqual(try session.entryCount("snacking"), 1)
    }

    func testAFailingHookNamesFileLineHookTrackerAndDayAndTakesItsEntryBack() throws {
        let home = home(hook: "function day_outcome(day) return nil end\n",
                        extra: ["trackers/water.yaml": "extends: core/water\n"])
        let before = try Sessions.open(home.path, now: "2026-01-08 22:00")
        _ = try before.log("noalc", value: "steady", at: nil, note: nil, trigger: nil)
        _ = home.write(["hooks/noalc.lua": "function day_outcome(day)\n  return day.nope.x\nend\n"])
        let session = try Sessions.open(home.path, now: "2026-01-09 22:00")
        let message = home.path + "/hooks/noalc.lua:2: in day_outcome (noalc, 2026-01-08): "
            + "attempt to index a nil value (field 'nope')"
        XCTAssertThrowsError(try session.log("noalc", value: "steady", at: nil, note: nil, trigger: nil)) { error in
            XCTAssertEqual(error as? RuntimeError, .hook(message))
        }
        XCTAssertEqual(try session.entryCount("noalc"), 1)
        // Every other tracker keeps working; the broken one is named.
        _ = try session.log("water", value: "+1", at: nil, note: nil, trigger: nil)
        let list = try session.statuses()
        XCTAssertEqual(list.statuses.map(\.tracker.id), ["water"])
        XCTAssertEqual(list.hookFailures, [message])
    }

    func testEachPackHasItsOwnGlobals() throws {
        let home = TemporaryDirectory().write([
            "packs/other/trackers/tea.yaml": "extends: core/water\nhooks: hooks/tea.lua\n",
            "packs/other/hooks/tea.lua": "secret = 'from other'\nfunction on_log(entry, streak) return secret end\n",
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
            "hooks/noalc.lua": "function on_log(entry, streak) return 'secret is ' .. tostring(secret) end\n",
        ])
        let session = try Sessions.open(home.path, now: "2026-03-01 21:00")
        XCTAssertEqual(try session.log("tea", value: "+1", at: nil, note: nil, trigger: nil).reflection, "from other")
        XCTAssertEqual(try session.log("noalc", value: "steady", at: nil, note: nil, trigger: nil).reflection,
                       "secret is nil")
    }

    /// Two files of one pack: the first replaces `string.upper` and sets a
    /// global; the second sees neither, whichever loads first.
    func testEachHooksFileHasItsOwnGlobalsAndLibrariesInsideItsPack() throws {
        let home = TemporaryDirectory().write([
            "trackers/tea.yaml": "extends: core/water\nhooks: hooks/tea.lua\n",
            "hooks/tea.lua": """
                string.upper = function() return "hijacked" end
                rawset(string, "lower", nil)
                _G.shared = "from tea"
                function on_log(entry, streak) return string.upper("x") end
                """,
            "trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
            "hooks/noalc.lua": """
                function on_log(entry, streak)
                  return string.upper("x") .. string.lower("Y") .. " " .. tostring(shared)
                end
                """,
        ])
        let session = try Sessions.open(home.path, now: "2026-03-01 21:00")
        XCTAssertEqual(try session.log("tea", value: "+1", at: nil, note: nil, trigger: nil).reflection, "hijacked")
        XCTAssertEqual(try session.log("noalc", value: "steady", at: nil, note: nil, trigger: nil).reflection, "Xy nil")
    }

    func testAResultOfTheWrongKindNamesTheHookAndWhatToReturn() throws {
        let home = home(hook: "function day_outcome(day) return 'sucess' end\n"
            + "function on_log(entry, streak) return { 'not', 'text' } end\n")
        let session = try Sessions.open(home.path, now: "2026-01-09 22:00")
        XCTAssertThrowsError(try session.log("noalc", value: "steady", at: nil, note: nil, trigger: nil)) { error in
            XCTAssertEqual(error as? RuntimeError, .hook(home.path + "/hooks/noalc.lua:1: in day_outcome (noalc, 2026-01-09): "
                + "returned 'sucess' (did you mean 'success'?); return \"success\", \"grace\", \"break\", \"neutral\" or nil"))
        }
        _ = home.write(["hooks/noalc.lua": "function on_log(entry, streak) return { 'not', 'text' } end\n"])
        let reopened = try Sessions.open(home.path, now: "2026-01-09 22:00")
        XCTAssertThrowsError(try reopened.log("noalc", value: "steady", at: nil, note: nil, trigger: nil)) { error in
            XCTAssertEqual(error as? RuntimeError, .hook(home.path + "/hooks/noalc.lua:1: in on_log (noalc, 2026-01-09): "
                + "returned a table; it must return a message or nil"))
        }
        XCTAssertEqual(try reopened.entryCount("noalc"), 0)
    }
}

/// The store refuses to write once its file was replaced under it.
final class ReplacedStoreTests: XCTestCase {
    func testAWriteToAReplacedFileIsRefusedAndWritesNothing() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let session = try Sessions.open(home.path, now: "2026-03-01 21:00")
        _ = try session.log("water", value: "+1", at: nil, note: nil, trigger: nil)
        let database = home.path + "/haven.db"
        try FileManager.default.copyItem(atPath: database, toPath: database + ".new")
        XCTAssertEqual(rename(database + ".new", database), 0)
        XCTAssertTrue(session.databaseReplaced)
        XCTAssertThrowsError(try session.log("water", value: "+1", at: nil, note: nil, trigger: nil)) { error in
            guard case .database(.replaced)? = error as? RuntimeError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try Sessions.open(home.path, now: "2026-03-01 21:00").entryCount("water"), 1)
    }
}
