import Foundation
import HavenConfig
import HavenCore
import HavenHooks
import TestSupport
import XCTest

/// `docs/hooks/haven.lua` is what editors show people writing hooks: it
/// must name every hook point and every field Haven passes, and nothing
/// Haven does not pass (SPEC §5). The fields are read from real calls, so a
/// field added to a hook's table without the stub fails here.
final class HookStubTests: XCTestCase {
    /// Each class of the stub with its fields; `true` for one that may be nil.
    static func stubClasses() throws -> (classes: [String: [String: Bool]], functions: Set<String>) {
        let text = try String(contentsOfFile: Repository.root + "/docs/hooks/haven.lua", encoding: .utf8)
        var classes: [String: [String: Bool]] = [:], functions = Set<String>(), current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("---@class "), words.count > 1 {
                current = String(words[1])
                classes[current!] = [:]
            } else if line.hasPrefix("---@field "), let name = current, words.count > 2 {
                classes[name]![String(words[1])] = words[2].hasSuffix("|nil")
            } else if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
                functions.insert(String(line.dropFirst("function ".count)[..<open]))
                current = nil
            } else if !line.hasPrefix("---") {
                current = nil
            }
        }
        return (classes, functions)
    }

    /// A hooks file whose every function reports the keys of what it got.
    static let reporter = """
        local function keys(t)
          local out = {}
          for k, v in pairs(t) do
            out[#out + 1] = k
            if k == "tracker" then for k2 in pairs(v) do out[#out + 1] = "tracker." .. k2 end end
          end
          table.sort(out)
          return table.concat(out, " ")
        end
        function validate(entry) return "KEYS " .. keys(entry) end
        function on_log(entry, streak) return "KEYS " .. keys(streak) end
        function health_value(entry) error("KEYS " .. keys(entry)) end
        function level_from_health(value) error("KEYS " .. type(value)) end
        function day_outcome(day)
          error("KEYS " .. keys(day) .. " | " .. keys(day.entries[1]))
        end

        """

    private func keys(_ message: String?) -> [Set<String>] {
        guard let message, let range = message.range(of: "KEYS ") else { return [] }
        return message[range.upperBound...].components(separatedBy: " | ").map { Set($0.split(separator: " ").map(String.init)) }
    }

    private func keys(_ body: () throws(HookError) -> Any?) -> [Set<String>] {
        do {
            return keys(try body() as? String)
        } catch {
            return keys(error.message)
        }
    }

    func testTheStubNamesEveryHookPointAndEveryFieldPassed() throws {
        let home = TemporaryDirectory().write([
            "hooks/report.lua": Self.reporter,
            "trackers/wine.yaml": "extends: core/noalc\nhooks: hooks/report.lua\n",
            "trackers/water.yaml": "extends: core/water\ngoal: { at_least: 2 }\ninput: amount\nunit: l\n"
                + "hooks: hooks/report.lua\n",
        ])
        let catalog = Load.home(home.path)
        XCTAssertEqual(catalog.diagnostics.map(\.rendered), [])
        let host = HookHost()
        let stub = try Self.stubClasses()
        XCTAssertEqual(stub.functions, Set(HookPoint.allCases.map(\.rawValue)))

        var seen: [String: Set<String>] = [:]
        for (id, value) in [("wine", EntryValue.level("easy")), ("water", .number(0.5))] {
            let tracker = try XCTUnwrap(catalog.tracker(id))
            let entry = Entry(id: 1, tracker: id, instant: 1_772_395_200_000, zone: "UTC", offset: 0, day: Day("2026-03-01")!,
                              value: value, note: "after work", trigger: "friends", writtenAt: 1_772_395_200_000)
            seen["HavenEntry", default: []].formUnion(keys { () throws(HookError) in try host.validate(tracker, entry: entry) }
                .first ?? [])
            seen["HavenEntry", default: []].formUnion(keys { () throws(HookError) in
                try host.healthValue(tracker, entry: entry)
            }.first ?? [])
            let streak = HookStreak(current: 1, longest: 2, jokers: 0, today: "success", atRisk: false)
            seen["HavenStreak", default: []].formUnion(keys { () throws(HookError) in
                try host.onLog(tracker, entry: entry, streak: streak)
            }.first ?? [])
            let hook = try XCTUnwrap(try host.dayOutcomeHook(for: tracker))
            let window = id == "wine" ? (successes: 2, days: 7) : nil
            var days = HookDays()
            days.append(day: entry.day.number, minute: 20 * 60, number: entry.value.level == nil ? entry.value.number : nil,
                        level: entry.value.level, note: entry.note, trigger: entry.trigger)
            let day = keys { () throws(HookError) in
                try hook.outcome(day: entry.day.number, days.days[0], of: days, window: window)
            }
            XCTAssertEqual(day.count, 2)
            seen["HavenDay", default: []].formUnion(day.first ?? [])
            seen["HavenDayEntry", default: []].formUnion(day.last ?? [])
            XCTAssertEqual(keys { () throws(HookError) in try host.levelFromHealth(tracker, value: 2) }, [["number"]])
        }
        func fields(_ set: Set<String>) -> (own: Set<String>, tracker: Set<String>) {
            (Set(set.filter { !$0.hasPrefix("tracker.") }),
             Set(set.filter { $0.hasPrefix("tracker.") }.map { String($0.dropFirst("tracker.".count)) }))
        }
        for (name, observed) in seen {
            let documented = try XCTUnwrap(stub.classes[name == "HavenDayEntry" ? "HavenEntry" : name], name)
            let (own, tracker) = fields(observed)
            XCTAssertTrue(own.isSubset(of: Set(documented.keys)), "\(name) passes undocumented \(own.subtracting(documented.keys))")
            let required = Set(documented.filter { !$0.value }.keys).subtracting(name == "HavenDayEntry" ? ["tracker"] : [])
            XCTAssertTrue(required.isSubset(of: own), "\(name) lacks documented \(required.subtracting(own))")
            if !tracker.isEmpty {
                XCTAssertEqual(tracker, Set(try XCTUnwrap(stub.classes["HavenTracker"]).keys), "\(name).tracker")
            }
        }
        // Every optional field shows up in at least one of the calls.
        let everyEntryField = seen["HavenEntry"]!.filter { !$0.hasPrefix("tracker.") }
        XCTAssertEqual(everyEntryField, Set(stub.classes["HavenEntry"]!.keys))
        XCTAssertEqual(seen["HavenDay"]!.filter { !$0.hasPrefix("tracker.") }, Set(stub.classes["HavenDay"]!.keys))
        XCTAssertEqual(seen["HavenStreak"]!, Set(stub.classes["HavenStreak"]!.keys))
    }
}
