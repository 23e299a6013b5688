import Foundation
import HavenCore

/// One entry's value for a health tool (SPEC §9 `export health`).
public struct HealthRow: Sendable {
    public let entry: Entry
    /// The tracker's `health.type` and unit.
    public let type: String
    public let unit: String?
    public let value: Double
}

extension Transfer {
    /// Every entry, freeze and tracker state as the lines of `export json`,
    /// after the home's own tracker files (a pack's trackers come with their pack).
    public func historyLines() throws(Home.Failure) -> [String] {
        let definitions = home.trackers.compactMap { tracker in
            home.trackerFileText(tracker.id).map { HistoryFile.Definition(tracker: tracker.id, text: $0) }
        }
        return HistoryFile.lines(try home.contents(), definitions: definitions)
    }

    /// Every entry, in the order written, of `trackers` (all when empty) on
    /// days `from` through `to`, each with its tracker's unit when a file
    /// defines it: what `export csv` writes.
    public func entries(of trackers: [String], from: Day?, through to: Day?)
        throws(Home.Failure) -> [(entry: Entry, unit: String?)] {
        let wanted = Set(trackers)
        let units = Dictionary(home.trackers.map { ($0.id, $0.unit?.resolve("en")) }, uniquingKeysWith: { first, _ in first })
        return try home.contents().entries.filter { entry in
            (wanted.isEmpty || wanted.contains(entry.tracker)) && from.map { entry.day >= $0 } != false
                && to.map { entry.day <= $0 } != false
        }.map { ($0, units[$0.tracker] ?? nil) }
    }

    /// The health value of every entry of every live tracker with a
    /// `health` mapping: the `health_value` hook's number when the tracker
    /// has one, else the level's `health` (levels), the entry's number
    /// (count, amount), or 1 (check). Entries without a value are left out.
    public func healthRows() throws(Home.Failure) -> [HealthRow] {
        let entries = Dictionary(grouping: try home.contents().entries, by: \.tracker)
        var rows: [HealthRow] = []
        for tracker in home.trackers {
            guard let health = tracker.health, let own = entries[tracker.id] else { continue }
            let hooked = try home.healthValues(own, of: tracker.id)
            let levels = Dictionary(uniqueKeysWithValues: (tracker.levels?.levels ?? []).map { ($0.key, $0.health) })
            for (index, entry) in own.enumerated() {
                let value: Double?
                if let hooked {
                    value = hooked[index]
                } else {
                    // A count or check in the health unit: `per` of it each (250 mL a glass).
                    switch entry.value {
                    case .level(let key): value = levels[key] ?? nil
                    case .number(let n): value = n * (health.per ?? 1)
                    case .none: value = health.per ?? 1
                    }
                }
                if let value { rows.append(HealthRow(entry: entry, type: health.type, unit: health.unit, value: value)) }
            }
        }
        return rows
    }

    /// A Loop Habit Tracker backup of every live tracker (SPEC §9 `export
    /// loop`): a habit each (yes/no, or numeric for count and amount
    /// trackers, with unit and target), its frequency from the period, each
    /// day with entries a repetition (a check or levels day: done when it
    /// succeeded; a count or amount day: the sum × 1000), each freeze
    /// without entries a skip, the day's notes joined. An avoidance tracker
    /// is a numeric habit of at most its limit (0 without a goal): a day
    /// counts its relapses, so Loop's score reads as Haven's, never inverted.
    public func loopBackup(language: String) throws(Home.Failure) -> LoopBackup {
        let contents = try home.contents()
        var habits: [LoopBackup.Habit] = []
        var repetitions: [LoopBackup.Repetition] = []
        for (index, tracker) in home.trackers.enumerated() {
            let id = Int64(index + 1)
            let avoidance = tracker.type == .saboteur && tracker.mode == .avoidance
            let numeric = tracker.input == .count || tracker.input == .amount || avoidance
            let rule = tracker.streak ?? StreakRule()
            let (numerator, denominator): (Int, Int) = rule.rolling.map { (rule.times, $0) } ?? {
                switch rule.period {
                case .day: return (1, 1)
                case .week: return (rule.times, 7)
                case .month: return (rule.times, 30)
                }
            }()
            var targetType = 0, targetValue = 0.0
            switch tracker.goal {
            case .atLeast(let n)?: targetValue = n
            case .atMost(let n)?: targetType = 1
                targetValue = n
            case nil: if avoidance { targetType = 1 }
            }
            // Loop keeps one reminder a habit: the first enabled one.
            let reminder = tracker.reminders.first(where: \.enabled).map { ($0.at.minutes / 60, $0.at.minutes % 60) }
            habits.append(LoopBackup.Habit(
                id: id, uuid: LoopBackup.uuid(tracker.id), name: tracker.name.resolve(language), type: numeric ? 1 : 0,
                numerator: numerator, denominator: denominator, targetType: targetType, targetValue: targetValue,
                unit: tracker.unit?.resolve(language) ?? "", reminder: reminder))
            let effects = Dictionary(uniqueKeysWithValues: (tracker.levels?.levels ?? []).map { ($0.key, $0.effect) })
            let entries = Dictionary(grouping: contents.entries.filter { $0.tracker == tracker.id }, by: \.day)
            let frozen = Set(contents.freezes.filter { $0.tracker == tracker.id }.map(\.day))
            for day in Set(entries.keys).union(frozen).sorted() {
                let stamp = Int64(day.number) * 86_400_000
                let dayEntries = (entries[day] ?? []).sorted { ($0.instant, $0.id) < ($1.instant, $1.id) }
                let notes = dayEntries.compactMap(\.note).joined(separator: "; ")
                let value: Int64
                if dayEntries.isEmpty {
                    value = 3
                } else if avoidance && tracker.input == .check {
                    value = Int64(dayEntries.count) * 1000
                } else if avoidance && tracker.input == .levels {
                    value = dayEntries.last?.value.level.flatMap { effects[$0] } == .success ? 0 : 1000
                } else if numeric {
                    value = dayEntries.reduce(0) { $0 + Int64(($1.value.number * 1000).rounded()) }
                } else if tracker.input == .levels {
                    let latest = dayEntries.last?.value.level.flatMap { effects[$0] }
                    value = latest == .success ? 2 : 0
                } else {
                    value = 2
                }
                repetitions.append(LoopBackup.Repetition(habit: id, timestamp: stamp, value: value,
                                                         notes: notes.isEmpty ? nil : notes))
            }
        }
        return LoopBackup(habits: habits, repetitions: repetitions)
    }
}

extension LoopBackup {
    /// A habit UUID as Loop writes them (32 hex digits), fixed by the tracker's id.
    static func uuid(_ id: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in ("haven|" + id).utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 7
        }
        return String(format: "%016llx%016llx", first, second)
    }
}
