import Foundation
import HavenCore

/// What of a tracker Loop's model cannot hold, named per tracker by
/// `export loop` (SPEC §9): the backup says the nearest thing Loop can.
public enum LoopLoss: Sendable, Equatable {
    /// A calendar week or month: Loop counts any 7 (30) days instead.
    case calendarPeriod(days: Int)
    /// A number of good days in a period: Loop's numbers are a sum per
    /// window, so the day's goal goes alone.
    case goodDaysOfNumbers(times: Int, days: Int)
    /// Levels: done on a day whose level succeeds (`success`), not done on
    /// one of the `others`.
    case levels(success: [String], others: Int)
    /// Avoidance: a number of relapses a day, at most the goal (0 without one).
    case avoidance(atMost: Double)
    /// Loop keeps one reminder a habit: the first enabled one, of `of`.
    case reminders(kept: TimeOfDay, of: Int)
    /// Jokers heal no day in Loop: a day one healed is a miss there.
    case jokers
}

/// A Loop backup of the home, with what each tracker could not take along.
public struct LoopExport: Sendable {
    public var backup: LoopBackup
    public var losses: [(tracker: String, loss: LoopLoss)]
}

extension Transfer {
    /// A Loop Habit Tracker backup of every live tracker (SPEC §9 `export
    /// loop`): a habit each (yes/no, or numeric for count and amount
    /// trackers, with unit and target), its frequency from the period, each
    /// day with entries a repetition (a check or levels day: done when it
    /// succeeded; a count or amount day: the sum × 1000), each freeze
    /// without entries a skip, the day's notes joined. An avoidance tracker
    /// is a numeric habit of at most its limit (0 without a goal): a day
    /// counts its relapses, so Loop's score reads as Haven's, never inverted.
    /// A tracker made by `import loop` keeps its habit's UUID, so Loop
    /// merges it into that habit.
    public func loopBackup(language: String) throws(Home.Failure) -> LoopExport {
        let contents = try home.contents()
        let entriesByTracker = Dictionary(grouping: contents.entries, by: \.tracker)
        let freezesByTracker = Dictionary(grouping: contents.freezes, by: \.tracker)
        var habits: [LoopBackup.Habit] = [], repetitions: [LoopBackup.Repetition] = []
        var losses: [(tracker: String, loss: LoopLoss)] = []
        for (index, tracker) in home.trackers.enumerated() {
            let id = Int64(index + 1)
            let shape = LoopShape(tracker)
            losses += shape.losses.map { (tracker.id, $0) }
            let reminder = tracker.reminders.first(where: \.enabled)
            let imported = home.trackerFileText(tracker.id).flatMap(LoopImporter.habitUUID(inFileText:))
            habits.append(LoopBackup.Habit(
                id: id, uuid: imported ?? LoopBackup.uuid(tracker.id), name: tracker.name.resolve(language),
                type: shape.numeric ? 1 : 0, numerator: shape.numerator, denominator: shape.denominator,
                targetType: shape.atMost ? 1 : 0, targetValue: shape.target, unit: tracker.unit?.resolve(language) ?? "",
                reminder: reminder.map { ($0.at.minutes / 60, $0.at.minutes % 60) },
                reminderDays: reminder.map { LoopBackup.packed($0.days) } ?? 127))
            habits[habits.count - 1].archived = tracker.archived
            let entries = Dictionary(grouping: entriesByTracker[tracker.id] ?? [], by: \.day)
            let frozen = Dictionary((freezesByTracker[tracker.id] ?? []).map { ($0.day, $0) }, uniquingKeysWith: { $1 })
            for day in Set(entries.keys).union(frozen.keys).sorted() {
                let dayEntries = (entries[day] ?? []).sorted { ($0.instant, $0.id) < ($1.instant, $1.id) }
                let notes = dayEntries.isEmpty ? frozen[day]?.note ?? "" : dayEntries.compactMap(\.note).joined(separator: "; ")
                repetitions.append(LoopBackup.Repetition(
                    habit: id, timestamp: Int64(day.number) * 86_400_000,
                    value: dayEntries.isEmpty ? 3 : shape.value(of: dayEntries), notes: notes.isEmpty ? nil : notes))
            }
        }
        return LoopExport(backup: LoopBackup(habits: habits, repetitions: repetitions), losses: losses)
    }
}

/// A tracker as a Loop habit: its kind, frequency, target, and a day's value.
struct LoopShape {
    let tracker: TrackerDefinition
    let avoidance: Bool
    let numeric: Bool
    var numerator = 1, denominator = 1
    var atMost = false, target = 0.0
    var losses: [LoopLoss] = []
    private let effects: [String: Effect]

    init(_ tracker: TrackerDefinition) {
        self.tracker = tracker
        avoidance = tracker.avoids
        numeric = tracker.input == .count || tracker.input == .amount || avoidance
        effects = tracker.levelEffects
        let rule = tracker.streak ?? StreakRule()
        let days: Int? = rule.window ?? (rule.period == .week ? 7 : rule.period == .month ? 30 : nil)
        if let days {
            if rule.window == nil { losses.append(.calendarPeriod(days: days)) }
            if !numeric {
                (numerator, denominator) = (rule.times, days)
            } else if rule.window == nil && tracker.input != .levels && tracker.input != .check {
                // A count's goal is per period: Loop's target per window of as many days.
                denominator = days
            } else {
                losses.append(.goodDaysOfNumbers(times: rule.times, days: days))
            }
        }
        switch tracker.goal {
        case .atLeast(let n)?: target = n
        case .atMost(let n)?: (atMost, target) = (true, n)
        case nil: atMost = avoidance
        }
        if tracker.input == .levels {
            losses.append(avoidance ? .avoidance(atMost: 0)
                : .levels(success: (tracker.levels?.levels ?? []).filter { $0.effect == .success }.map(\.key),
                          others: (tracker.levels?.levels ?? []).filter { $0.effect != .success }.count))
        } else if avoidance {
            losses.append(.avoidance(atMost: target))
        }
        let enabled = tracker.reminders.filter(\.enabled)
        if enabled.count > 1, let first = enabled.first { losses.append(.reminders(kept: first.at, of: enabled.count)) }
        if tracker.rewards?.heals == true { losses.append(.jokers) }
    }

    /// A day with entries as Loop stores it.
    func value(of entries: [Entry]) -> Int64 {
        let latest = entries.last?.value.level.flatMap { effects[$0] }
        switch tracker.input {
        case .levels where avoidance: return latest == .success ? 0 : 1000
        case .levels: return latest == .success ? 2 : 0
        case .check where avoidance: return Int64(entries.count) * 1000
        case .check: return 2
        case .count, .amount: return entries.reduce(0) { $0 + Int64(($1.value.number * 1000).rounded()) }
        }
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

    /// Loop's weekdays, one bit each from Saturday (1) to Friday (64).
    static let weekdayBits: [Weekday] = [.sat, .sun, .mon, .tue, .wed, .thu, .fri]

    /// The weekdays of a packed `reminder_days`.
    static func weekdays(packed: Int) -> [Weekday] {
        Weekday.allCases.filter { day in packed & (1 << weekdayBits.firstIndex(of: day)!) != 0 }
    }

    /// `days` packed as Loop's `reminder_days`.
    static func packed(_ days: [Weekday]) -> Int {
        days.reduce(0) { $0 | 1 << weekdayBits.firstIndex(of: $1)! }
    }
}
