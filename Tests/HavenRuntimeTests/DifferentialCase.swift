import Foundation
import HavenCore
import HavenRuntime
import TestSupport
import XCTest

/// A random tracker, history and moment, as text a person would type.
struct Case {
    enum Input: String, CaseIterable { case check, count, amount, levels }
    var input: Input
    var saboteur: Bool
    var avoidance: Bool
    var goal: (atLeast: Bool, milli: Int64)?
    var levels: [(key: String, effect: String)]
    var period: String
    var times: Int
    /// The days of a rolling window (`period: { rolling: W }`), 0 for calendar periods.
    var window = 0
    var sunday: Bool
    var missing: String
    var relapse: String
    var rewards: (every: Int, max: Int, heals: Bool)?
    var boundary: Int
    var since: Int?
    var zone: String
    var nowDay: Int
    var nowMinute: Int
    var entries: [(at: String, day: Int, minute: Int, value: String?)] = []
    /// Freezes asked for, first to last day, in order; `early` ones before the mode switch.
    var freezes: [(from: Int, to: Int, early: Bool)] = []
    /// A `freezes:` balance (§4.3); nil: unlimited.
    var policy: (start: Int, max: Int, perMonth: Int)?
    /// A saboteur whose mode switched (§4.4) at this moment, from the other mode to its own.
    var switchAt: (day: Int, minute: Int)?

    var now: String { "\(RefDay.text(nowDay)!) \(Case.clock(nowMinute))" }
    var switchMoment: String? { switchAt.map { "\(RefDay.text($0.day)!) \(Case.clock($0.minute))" } }

    /// Whether an entry was logged before the mode switch (none is without one).
    func isEarly(day: Int, minute: Int) -> Bool {
        switchAt.map { (day, minute) <= ($0.day, $0.minute) } ?? false
    }

    static func clock(_ minute: Int) -> String { String(format: "%02d:%02d", minute / 60, minute % 60) }

    static let allLevels: [(key: String, effect: String)] = [("ok", "success"), ("meh", "neutral"), ("slip", "grace"),
                                                             ("bad", "break")]
    static let minutes = [30, 375, 540, 765, 1079, 1080, 1230, 1390]  // never 02:xx, where DST days differ

    static func random(_ rng: inout SeededGenerator) -> Case {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &rng)] }
        let input = pick(Input.allCases)
        let saboteur = Bool.random(using: &rng)
        let avoidance = saboteur && Int.random(in: 0..<3, using: &rng) > 0
        var goal: (Bool, Int64)?
        if input == .count || input == .amount, Int.random(in: 0..<3, using: &rng) > 0 {
            let n: Int64 = input == .count ? pick([1000, 2000, 3000, 5000]) : pick([800, 1000, 2500, 300])
            goal = (avoidance ? false : Bool.random(using: &rng), n)
        }
        var levels: [(key: String, effect: String)] = []
        if input == .levels {
            levels = [allLevels[0]] + allLevels.dropFirst().filter { _ in Bool.random(using: &rng) }
            if levels.count == 1 { levels.append(allLevels[3]) }
        }
        let period = pick(["day", "day", "day", "week", "week", "month", "rolling", "rolling"])
        let window = period == "rolling" ? pick([2, 3, 5, 7, 10, 14]) : 0
        var times = period == "week" ? Int.random(in: 1...7, using: &rng) : period == "month" ? pick([1, 4, 10, 20, 28]) : 1
        // A rolling window: often T = W (every day needed), else any T up to W.
        if period == "rolling" { times = Int.random(in: 0..<3, using: &rng) == 0 ? window : Int.random(in: 1...window, using: &rng) }
        let nowDay = RefDay.number(2026, 6, 1) + Int.random(in: 0..<60, using: &rng)
        var spec = Case(input: input, saboteur: saboteur, avoidance: avoidance, goal: goal, levels: levels, period: period,
                        times: times, sunday: Bool.random(using: &rng), missing: pick(["grace", "break", "neutral"]),
                        relapse: pick(["break", "grace"]),
                        rewards: Bool.random(using: &rng) ? (Int.random(in: 2...7, using: &rng), Int.random(in: 1...3, using: &rng),
                                                            Int.random(in: 0..<4, using: &rng) > 0) : nil,
                        boundary: pick([0, 240, 1080]),
                        since: Int.random(in: 0..<3, using: &rng) > 0 ? nowDay - Int.random(in: 5...120, using: &rng) : nil,
                        zone: pick(["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney"]),
                        nowDay: nowDay, nowMinute: pick([480, 720, 1290, 1430]))
        spec.window = window
        // Entries on random days (some before `since`), distinct times, never after now.
        let count = Int.random(in: 0...Int.random(in: 1...80, using: &rng), using: &rng)
        var used = Set<Int>()
        for _ in 0..<count {
            let day = nowDay - Int.random(in: 0...130, using: &rng)
            let minute = pick(minutes)
            guard day < nowDay || minute <= spec.nowMinute, used.insert(day * 2000 + minute).inserted else { continue }
            let value: String?
            switch input {
            case .check: value = nil
            case .count: value = pick(["1", "2", "3", "+2"])
            case .amount: value = pick(["0.1", "0.2", "0.25", "0.7", "1", "1.5", "0.333"])
            case .levels: value = levels[Int.random(in: 0..<levels.count, using: &rng)].key
            }
            spec.entries.append(("\(RefDay.text(day)!) \(clock(minute))", day, minute, value))
        }
        spec.entries.sort { ($0.day, $0.minute) < ($1.day, $1.minute) }
        // Half of them hold a freeze balance; half of the saboteurs switched mode on a day of the last 40.
        if Bool.random(using: &rng) {
            let most = pick([1, 3, 5])
            spec.policy = (min(most, pick([0, 1, 2, 5])), most, pick([0, 0, 1, 2]))
        }
        if saboteur, Bool.random(using: &rng) {
            let day = nowDay - Int.random(in: 0...40, using: &rng), minute = pick(minutes)
            if day < nowDay || minute <= spec.nowMinute { spec.switchAt = (day, minute) }
            // Avoidance takes an at_most goal, in the mode before the switch too.
            if spec.switchAt != nil, let goal = spec.goal { spec.goal = (false, goal.milli) }
        }
        // A few freezes (ranges too), from the start on, up to a week past the moment they are asked.
        let start = spec.since ?? min(nowDay, spec.entries.map { Reference.assigned($0.day, $0.minute, spec.boundary) }.min()
                                      ?? nowDay)
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let early = spec.switchAt != nil && Bool.random(using: &rng)
            let asked = early ? spec.switchAt!.day : nowDay
            let from = start + Int.random(in: 0...max(0, asked + 7 - start), using: &rng)
            spec.freezes.append((from, from + Int.random(in: 0...5, using: &rng), early))
        }
        return spec
    }

    /// The tracker file; `before` the mode switch, with the mode it had then.
    func yaml(before: Bool = false) -> String {
        let avoidance = before && switchAt != nil ? !self.avoidance : self.avoidance
        var text = "name: T\ntype: \(saboteur ? "saboteur" : "good")\n"
        if saboteur { text += "mode: \(avoidance ? "avoidance" : "awareness")\n" }
        text += "input: \(input.rawValue)\n"
        if input == .count || input == .amount { text += "unit: u\n" }
        if let goal {
            let n = goal.milli % 1000 == 0 ? "\(goal.milli / 1000)" : "\(Double(goal.milli) / 1000)"
            text += "goal: { \(goal.atLeast ? "at_least" : "at_most"): \(n) }\n"
        }
        if input == .levels {
            text += "levels: [" + levels.map { "{ key: \($0.key), effect: \($0.effect) }" }.joined(separator: ", ") + "]\n"
        }
        text += "day_boundary: \"\(Case.clock(boundary))\"\n"
        var streak = [period == "rolling" ? "period: { rolling: \(window) }" : "period: \(period)", "missing: \(missing)"]
        if period != "day" { streak.append("times: \(times)") }
        if period == "week" { streak.append("week_start: \(sunday ? "sunday" : "monday")") }
        if avoidance { streak.append("relapse: \(relapse)") }
        text += "streak: { \(streak.joined(separator: ", ")) }\n"
        if let rewards { text += "rewards: { earn_every: \(rewards.every), max: \(rewards.max), heals: \(rewards.heals) }\n" }
        if let since { text += "since: \(RefDay.text(since)!)\n" }
        if let policy { text += "freezes: { start: \(policy.start), max: \(policy.max), per_month: \(policy.perMonth) }\n" }
        return text
    }
}
