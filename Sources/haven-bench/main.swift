import Foundation
import HavenCore
import HavenHooks
import Lua

// The engine alone: 100 trackers of mixed kinds, 10 years of daily history
// each, walked from scratch (no checkpoints). Prints days per second beside
// the time to build the same tables, measured in the same run.

let years = 10, trackers = 100
let first = Day("2016-01-01")!.number
let today = first + years * 365 + 2
var rng = SystemRandomNumberGenerator()

func rules(_ i: Int) -> EngineRules {
    switch i % 5 {
    case 0: return EngineRules(measure: .presence)
    case 1: return EngineRules(measure: .levels, rewards: RewardRule(earnEvery: 7, max: 3))
    case 2: return EngineRules(measure: .sum(.atLeast(8)), rewards: RewardRule(earnEvery: 7, max: 3))
    case 3: return EngineRules(measure: .avoidance(.break), avoidance: true)
    default: return EngineRules(measure: .presence, period: .week, times: 3)
    }
}

let effects: [Effect] = [.success, .success, .success, .grace, .break]
var built: [(EngineRules, DayTable)] = []
let buildStart = DispatchTime.now()
for i in 0..<trackers {
    var table = DayTable(first: first - 63, count: today - first + 64)
    for day in first...today where Int.random(in: 0..<10, using: &rng) < 8 {
        table.add(day: day, value: Double(Int.random(in: 1...10, using: &rng)),
                  effect: effects.randomElement(using: &rng), instant: Int64(day))
    }
    if i % 7 == 0 { table.freeze(day: first + 100) }
    built.append((rules(i), table))
}
let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart.uptimeNanoseconds) / 1e9

var best = Double.infinity
var checksum = 0
for _ in 0..<7 {
    let start = DispatchTime.now()
    for (r, table) in built {
        let result = StreakEngine(rules: r).walk(table, start: first, today: today)
        checksum &+= result.state.longest
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
}
let days = Double(trackers * (today - first + 1))
let rate = days / best
print(String(format: "engine walk, %d trackers x %d years from scratch   %7.1f ms   building the tables  %7.1f ms   %6.1f M days/s   target: >= 20 M days/s",
             trackers, years, best * 1000, buildSeconds * 1000, rate / 1e6))
print("engine: \(rate >= 20e6 ? "ok" : "MISSED") (checksum \(checksum))")

// One Lua hook call, in process: a bare call of an empty function, and a
// trivial `day_outcome` with the table of a day holding one entry, as the
// walk makes it. Best of 7 rounds of 100,000 calls.
func nanosecondsPerCall(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<7 {
        let start = DispatchTime.now()
        for _ in 0..<100_000 { try body() }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 100_000)
    }
    return best
}
let lua = try LuaState()
let chunk = try lua.load("function bare() end", name: "bench.lua")
let none = LuaArguments()
let bare = try nanosecondsPerCall { _ = try lua.call("bare", of: chunk, none) }

let folder = NSTemporaryDirectory() + "haven-bench-hooks-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
try "function day_outcome(day) return nil end\n".write(toFile: folder + "/trivial.lua", atomically: true, encoding: .utf8)
let tracker = TrackerDefinition(
    id: "noalc", name: LocalizedText("NoAlc"), icon: "🍷", type: .saboteur, input: .levels,
    hooks: HookReference(pack: "bench", path: "trivial.lua", absolutePath: folder + "/trivial.lua", display: "trivial.lua"),
    origin: .init(pack: "bench", file: "noalc.yaml"))
let day = Day("2026-01-09")!.number
var oneDay = HookDays()
oneDay.append(day: day, minute: 20 * 60, number: nil, level: "steady", note: "after dinner", trigger: nil)
let hook = try HookHost().dayOutcomeHook(for: tracker)!
let withDay = try nanosecondsPerCall { _ = try hook.outcome(day: day, oneDay.days[0], of: oneDay) }
print(String(format: "one Lua hook call: %.0f ns bare, %.0f ns for day_outcome with a day's table (one entry)",
             bare, withDay))
exit(rate >= 20e6 ? 0 : 1)
