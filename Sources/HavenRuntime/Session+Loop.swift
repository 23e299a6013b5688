import Foundation
import HavenCore
import HavenSystem
import HavenStore

extension Session {
    /// Imports a Loop Habit Tracker backup (`.db`, SPEC §9): each habit a
    /// tracker file of the home (check, or amount with its unit and
    /// at-least/at-most target; `N/D` a rolling period; its reminder's
    /// time), each day marked done an entry with its note, each skipped day
    /// a freeze; the days Loop derived itself (`YES_AUTO`) are dropped.
    /// Keyed by habit UUID and day: a second import adds nothing.
    public func importLoop(_ path: String, shown: String, dryRun: Bool) throws(RuntimeError) -> TrackerImport {
        guard PlainFile.kind(path) != .missing else { throw .pathNotFound(shown) }
        let backup: LoopBackup
        if path.lowercased().hasSuffix(".zip") {
            backup = try LoopCSV.read(path, shown: shown, scratch: Staging.name(for: runtime.layout.configRoot + "/.import-zip"))
        } else {
            do {
                backup = try LoopBackup.read(path)
            } catch {
                switch error {
                case .notLoop(let why):
                    throw .invalidInput("\(shown) is not a Loop Habit Tracker backup: \(why); nothing was imported")
                case .badRecord(let table, let id, let detail):
                    throw .invalidInput("\(shown): \(table) record \(id): \(detail); nothing was imported")
                }
            }
        }
        var plans: [ImportedTracker] = []
        var taken = Set(runtime.trackers.map(\.id))
        var trackers: [Int64: (id: String, numeric: Bool)] = [:]
        for habit in backup.habits {
            let marker = "# Imported from Loop: \(habit.uuid)"
            let plan = planTracker(name: habit.name, marker: marker, taken: &taken,
                                   text: Session.loopTracker(habit, marker: marker))
            plans.append(plan)
            trackers[habit.id] = (plan.id, habit.type == 1)
        }
        try validate(plans.filter(\.created).map { ($0.id, $0.text) }, from: "Loop")

        var contents = StoreContents()
        let uuids = Dictionary(uniqueKeysWithValues: backup.habits.map { ($0.id, $0.uuid) })
        for repetition in backup.repetitions {
            guard let tracker = trackers[repetition.habit], let habitUUID = uuids[repetition.habit] else {
                throw .invalidInput("\(shown): Repetitions record \(repetition.id): its habit \(repetition.habit) is not "
                    + "in the Habits table; nothing was imported")
            }
            // Loop's timestamp is the day's midnight in UTC.
            let day = Day(number: Int(repetition.timestamp.floorDivided(by: 86_400_000)))
            let note = repetition.notes.flatMap { $0.isEmpty ? nil : $0 }
            let key = "loop|\(habitUUID)|\(repetition.timestamp)"
            if tracker.numeric {
                guard repetition.value > 0 else { continue }
                contents.entries.append(importedEntry(tracker: tracker.id, day: day,
                                                      value: .number(Double(repetition.value) / 1000), note: note,
                                                      key: key, source: "import:loop"))
                continue
            }
            switch repetition.value {
            case 2:
                contents.entries.append(importedEntry(tracker: tracker.id, day: day, value: .none, note: note, key: key,
                                                      source: "import:loop"))
            case 3:
                contents.freezes.append(Freeze(tracker: tracker.id, day: day, note: note, placedAt: clock.milliseconds))
            default:
                // 1: a day Loop filled in itself; 0 and -1: not done, unknown.
                continue
            }
        }
        return try commit(plans, contents, dryRun: dryRun)
    }

    /// The tracker file for a Loop habit, starting with the marker a later import recognises.
    static func loopTracker(_ habit: LoopBackup.Habit, marker: String) -> String {
        var text = marker + "\n" + "name: \(yamlText(habit.name))\n"
        if habit.type == 1 {
            let unit = habit.unit.trimmingCharacters(in: .whitespaces)
            text += "input: amount\nunit: \(yamlText(unit.isEmpty ? "units" : unit))\n"
            let target = (habit.targetValue * 1000).rounded() / 1000
            if target > 0 {
                text += "goal: { \(habit.targetType == 1 ? "at_most" : "at_least"): \(target.plainText) }\n"
            }
        } else {
            text += "input: check\n"
        }
        let denominator = max(1, min(habit.denominator, 365))
        let numerator = max(1, min(habit.numerator, denominator))
        if denominator > 1 || numerator > 1 {
            text += "streak: { period: { rolling: \(denominator) }, times: \(numerator) }\n"
        }
        if let (hour, minute) = habit.reminder, (0..<24).contains(hour), (0..<60).contains(minute) {
            text += "reminder: { at: \"\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)\" }\n"
        }
        return text
    }
}

extension Int64 {
    /// Division rounding towards minus infinity (days before 1970 too).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Session {
    /// Writes a Loop Habit Tracker backup of every live tracker (SPEC §9
    /// `export loop`): a habit each (yes/no, or numeric for count and amount
    /// trackers, with unit and target), its frequency from the period, each
    /// day with entries a repetition (a check or levels day: done when it
    /// succeeded; a count or amount day: the sum × 1000), each freeze on a
    /// yes/no habit a skip, the day's notes joined. Returns the habits and
    /// repetitions written.
    public func exportLoop(_ path: String, language: String) throws(RuntimeError) -> (habits: Int, repetitions: Int) {
        let contents = try db { () throws(StoreError) in try store.contents() }
        var habits: [LoopBackup.Habit] = []
        var repetitions: [LoopBackup.Repetition] = []
        for (index, tracker) in runtime.trackers.enumerated() {
            let id = Int64(index + 1)
            let numeric = tracker.input == .count || tracker.input == .amount
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
            case nil: break
            }
            let reminder = tracker.reminder.flatMap { $0.enabled ? ($0.at.minutes / 60, $0.at.minutes % 60) : nil }
            habits.append(LoopBackup.Habit(
                id: id, uuid: Session.loopUUID(tracker.id), name: tracker.name.resolve(language), type: numeric ? 1 : 0,
                numerator: numerator, denominator: denominator, targetType: targetType, targetValue: targetValue,
                unit: tracker.unit?.resolve(language) ?? "", reminder: reminder))
            let effects = Dictionary(uniqueKeysWithValues: (tracker.levels?.levels ?? []).map { ($0.key, $0.effect) })
            let entries = Dictionary(grouping: contents.entries.filter { $0.tracker == tracker.id }, by: \.day)
            let frozen = Set(contents.freezes.filter { $0.tracker == tracker.id }.map(\.day))
            for day in Set(entries.keys).union(numeric ? [] : frozen).sorted() {
                let stamp = Int64(day.number) * 86_400_000
                let dayEntries = (entries[day] ?? []).sorted { ($0.instant, $0.id) < ($1.instant, $1.id) }
                let notes = dayEntries.compactMap(\.note).joined(separator: "; ")
                let value: Int64
                if dayEntries.isEmpty {
                    value = 3
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
        do {
            try LoopBackup(habits: habits, repetitions: repetitions).write(to: path)
        } catch {
            if case .notLoop(let why) = error { throw .homeNotWritable(path, reason: why) }
            throw .homeNotWritable(path, reason: "\(error)")
        }
        return (habits.count, repetitions.count)
    }

    /// A habit UUID as Loop writes them (32 hex digits), fixed by the tracker's id.
    static func loopUUID(_ id: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in ("haven|" + id).utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 7
        }
        return String(format: "%016llx%016llx", first, second)
    }
}
