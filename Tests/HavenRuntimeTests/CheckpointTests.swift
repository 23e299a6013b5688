import HavenCore
import HavenRuntime
import HavenStore
import TestSupport
import XCTest

/// Checkpoints never change an answer: after every random write, edit,
/// delete or freeze, the checkpointed status and history equal a full walk
/// from scratch.
final class CheckpointTests: XCTestCase {
    private let trackers = [
        "trackers/stretch.yaml": "name: Stretch\ninput: check\n",
        "trackers/calm.yaml": "extends: core/noalc\nrewards: { earn_every: 3, max: 2 }\n",
        "trackers/water.yaml": "extends: core/water\ngoal: { at_least: 3 }\nrewards: core/joker\n",
        "trackers/snacks.yaml": "name: Snacks\ntype: saboteur\ninput: count\ngoal: { at_most: 2 }\n",
        "trackers/sugar.yaml": "name: Sugar\ntype: saboteur\nmode: avoidance\nstreak: { relapse: grace }\nrewards: core/joker\n",
        "trackers/run.yaml": "name: Run\nstreak: { period: week, times: 2, missing: break }\n",
        "trackers/read.yaml": "name: Read\nstreak: { period: month, times: 3, week_start: sunday }\n",
        "trackers/wine.yaml": "extends: core/noalc\nday_boundary: \"04:00\"\nstreak: { missing: neutral }\n",
        "trackers/gym.yaml": "name: Gym\nstreak: { period: { rolling: 7 }, times: 3, missing: break }\n",
        "trackers/call.yaml": "name: Call mum\nstreak: { period: { rolling: 30 }, times: 2 }\nrewards: core/joker\n",
    ]

    private func values(_ id: String, _ rng: inout SeededGenerator) -> String? {
        switch id {
        case "calm", "wine": return ["steady", "steady", "steady", "easy", "wild"].randomElement(using: &rng)
        case "water": return "+\(Int.random(in: 1...3, using: &rng))"
        case "snacks": return "\(Int.random(in: 1...2, using: &rng))"
        default: return nil
        }
    }

    private func assertSame(_ session: Session, _ id: String, step: Int, file: StaticString = #filePath,
                            line: UInt = #line) throws {
        let tracker = try session.runtime.tracker(id)
        let fast = try session.status(tracker)
        let full = try session.status(tracker, checkpoints: false)
        let context = "step \(step), \(id)"
        XCTAssertEqual(fast.current, full.current, context, file: file, line: line)
        XCTAssertEqual(fast.longest, full.longest, context, file: file, line: line)
        XCTAssertEqual(fast.outcome, full.outcome, context, file: file, line: line)
        XCTAssertEqual(fast.atRisk, full.atRisk, context, file: file, line: line)
        XCTAssertEqual(fast.daysLeft, full.daysLeft, context, file: file, line: line)
        XCTAssertEqual(fast.jokers.earned, full.jokers.earned, context, file: file, line: line)
        XCTAssertEqual(fast.jokers.used, full.jokers.used, context, file: file, line: line)
        XCTAssertEqual(fast.score, full.score, accuracy: 1e-9, context, file: file, line: line)
    }

    func testCheckpointedWalksEqualFullWalksOverRandomHistories() throws {
        var rng = SeededGenerator(seed: 20_261_122)
        let home = TemporaryDirectory().write(trackers)
        let ids = trackers.keys.map { String($0.dropFirst(9).dropLast(5)) }.sorted()
        var today = Day("2025-06-01")!
        var session = try Sessions.open(home.path, now: "\(today) 12:00")
        var written: [Int64] = []
        var steps = 0
        for round in 0..<60 {
            // Time moves on between rounds, by a day or up to two months.
            today = today.adding(days: round % 7 == 0 ? Int.random(in: 20...60, using: &rng) : Int.random(in: 1...4, using: &rng))
            session = try Sessions.open(home.path, now: "\(today) 23:00")
            for _ in 0..<40 {
                steps += 1
                let id = ids.randomElement(using: &rng)!
                let back = Int.random(in: 0...(Int.random(in: 0...9, using: &rng) == 0 ? 300 : 20), using: &rng)
                let day = today.adding(days: -back)
                let at = "\(day) \(["00:30", "03:00", "09:15", "20:00", "22:45"].randomElement(using: &rng)!)"
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6:
                    if let result = try? session.log(id, value: values(id, &rng), at: at, note: nil, trigger: nil) {
                        written.append(result.entry.id)
                    }
                case 6:
                    if let victim = written.randomElement(using: &rng) {
                        _ = try? session.delete(victim)
                        written.removeAll { $0 == victim }
                    }
                case 7:
                    if let victim = written.randomElement(using: &rng) {
                        _ = try? session.edit(victim, value: nil, at: at, note: "moved", trigger: nil)
                    }
                case 8:
                    // A freeze before the tracker's start is refused (SPEC §4.3), like a relapse on a
                    // day to come: the random history only keeps what Haven accepts.
                    _ = try? session.freezes.skip(id, from: day, to: day.adding(days: Int.random(in: 0...3, using: &rng)), note: nil)
                default:
                    _ = try session.history(session.runtime.tracker(id), from: day.adding(days: -40), to: nil)
                }
                try assertSame(session, id, step: steps)
            }
            for id in ids { try assertSame(session, id, step: steps) }
        }
        XCTAssertEqual(steps, 2400)
        XCTAssertGreaterThan(written.count, 800)
    }

    /// The latest checkpoint keeps the first entry day (D331) until a write
    /// could move it: an entry on or before that day added, moved or
    /// deleted drops the row, and the next status reads the day from the
    /// entries and keeps it again.
    func testTheLatestCheckpointKeepsTheFirstEntryDayUntilAWriteCouldMoveIt() throws {
        let home = TemporaryDirectory().write(["trackers/stretch.yaml": "name: Stretch\n"])
        let session = try Sessions.open(home.path, now: "2026-03-10 21:00")
        let tracker = try session.runtime.tracker("stretch")
        func latest() throws -> String {
            _ = try session.statuses()
            XCTAssertEqual(try session.status(tracker).current, try session.status(tracker, checkpoints: false).current)
            XCTAssertEqual(try session.status(tracker).longest, try session.status(tracker, checkpoints: false).longest)
            return SQLite.run(home.path + "/haven.db", "SELECT day || ' ' || ifnull(first_entry, '-') FROM checkpoint_latest")
        }
        func log(_ at: String) throws -> Int64 {
            try session.log("stretch", value: nil, at: at, note: nil, trigger: nil).entry.id
        }
        let fifth = try log("2026-03-05 08:00")
        _ = try log("2026-03-08 08:00")
        XCTAssertEqual(try latest(), "2026-03-10 2026-03-05")
        _ = try log("2026-03-09 08:00")
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT first_entry FROM checkpoint_latest"), "2026-03-05")
        XCTAssertEqual(try latest(), "2026-03-10 2026-03-05")
        // The log's own walk read the entries again and kept the new day.
        let second = try log("2026-03-02 08:00")
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT first_entry FROM checkpoint_latest"), "2026-03-02")
        XCTAssertEqual(try latest(), "2026-03-10 2026-03-02")
        _ = try session.delete(second)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM checkpoint_latest"), "0")
        XCTAssertEqual(try latest(), "2026-03-10 2026-03-05")
        _ = try session.edit(fifth, value: nil, at: "2026-03-07 08:00", note: nil, trigger: nil)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM checkpoint_latest"), "0")
        XCTAssertEqual(try latest(), "2026-03-10 2026-03-07")
        // Where the latest checkpoint is today's, only the first entry day
        // tells that deleting today's only entry moves it.
        let other = TemporaryDirectory().write(["trackers/read.yaml": "name: Read\n"])
        _ = try Sessions.open(other.path, now: "2026-03-01 21:00").statuses()
        let fresh = try Sessions.open(other.path, now: "2026-03-10 21:00")
        let only = try fresh.log("read", value: nil, at: nil, note: nil, trigger: nil).entry.id
        let kept = "SELECT day || ' ' || ifnull(first_entry, '-') FROM checkpoint_latest"
        XCTAssertEqual(SQLite.run(other.path + "/haven.db", kept), "2026-03-10 2026-03-10")
        _ = try fresh.delete(only)
        _ = try fresh.statuses()
        XCTAssertEqual(SQLite.run(other.path + "/haven.db", kept), "")
        XCTAssertNil(try fresh.status(fresh.runtime.tracker("read")).judgedFrom)
    }

    /// A log and a status every day for a year keep about the last 35 to 65
    /// days' checkpoints and, before them, those on the first of a month:
    /// not one a day (#14).
    func testDailyUseKeepsRecentCheckpointsAndOneAMonth() throws {
        let home = TemporaryDirectory().write(["trackers/stretch.yaml": "name: Stretch\nsince: 2025-01-01\n"])
        var day = Day("2025-01-01")!
        for _ in 0..<365 {
            let session = try Sessions.open(home.path, now: "\(day) 21:00")
            _ = try session.log("stretch", value: nil, at: nil, note: nil, trigger: nil)
            _ = try session.statuses()
            day = day.adding(days: 1)
        }
        let kept = SQLite.run(home.path + "/haven.db", "SELECT day FROM checkpoint WHERE tracker = 'stretch' ORDER BY day")
            .split(separator: "\n").map(String.init)
        // Pruned last on 2025-12-01: before its cutoff, only firsts of a month.
        XCTAssertEqual(kept.filter { $0 < "2025-10-27" }, ["2025-02-01", "2025-03-01", "2025-04-01", "2025-05-01",
                                                          "2025-06-01", "2025-07-01", "2025-08-01", "2025-09-01",
                                                          "2025-10-01"])
        XCTAssertEqual(kept.count, 9 + 66, kept.joined(separator: " "))
        XCTAssertEqual(kept.last, "2025-12-31")
        let session = try Sessions.open(home.path, now: "2025-12-31 22:00")
        _ = try session.log("stretch", value: nil, at: "2025-03-20 08:00", note: nil, trigger: nil)
        let tracker = try session.runtime.tracker("stretch")
        XCTAssertEqual(try session.status(tracker).current, try session.status(tracker, checkpoints: false).current)
    }

    func testHistoryWithCheckpointsEqualsAFullWalk() throws {
        let home = TemporaryDirectory().write(trackers)
        var rng = SeededGenerator(seed: 7)
        let session = try Sessions.open(home.path, now: "2026-03-01 22:00")
        for id in ["calm", "water", "run", "read"] {
            for back in stride(from: 200, through: 0, by: -1) where Int.random(in: 0..<4, using: &rng) > 0 {
                _ = try session.log(id, value: values(id, &rng), at: "\(Day("2026-03-01")!.adding(days: -back)) 20:00",
                                    note: nil, trigger: nil)
            }
            _ = try session.freezes.skip(id, from: Day("2025-12-24"), to: Day("2025-12-26"), note: nil)
            let tracker = try session.runtime.tracker(id)
            _ = try session.status(tracker)
            // Warm: resumed from the checkpoints the status saved; cold: walked from the first day.
            for (from, to) in [("2025-10-01", "2026-02-15"), ("2026-01-01", "2026-03-01"), ("2025-08-20", "2025-09-02")] {
                let warm = try session.history(tracker, from: Day(from), to: Day(to))
                let cold = try session.history(tracker, from: Day(from), to: Day(to), checkpoints: false)
                XCTAssertEqual(warm, cold, "\(id) \(from)..\(to)")
                XCTAssertFalse(warm.isEmpty, "\(id) \(from)..\(to)")
            }
        }
        XCTAssertGreaterThan(Int(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM checkpoint")) ?? 0, 4,
                             "the warm walks had checkpoints to resume from")
    }
}
