import Foundation
import HavenCore
import HavenSystem

/// A Loop Habit Tracker backup (`.db`) or CSV export (`.zip`, SPEC §9):
/// each habit a tracker file of the home (check, or amount with its unit
/// and at-least/at-most target; `N/D` a rolling period, a numeric habit's
/// week or month a calendar one; its reminder's time and weekdays), each
/// day marked done an entry with its note, each skipped day a freeze; the
/// days Loop derived itself (`YES_AUTO`) are dropped, and what has no
/// place in Haven is counted for the summary. Keyed by habit UUID and day:
/// a second import adds nothing.
public struct LoopImporter: Importer {
    /// What of the backup has no place in Haven, for the summary.
    public struct LeftOut: Sendable {
        /// Days marked not done (0) or skipped over as unknown: Haven keeps what was done.
        public var notDone = 0
        /// Habits whose question is not kept (Haven's trackers have none).
        public var questions = 0
        /// What each tracker says differently from its habit.
        public var losses: [(tracker: String, loss: LoopLoss)] = []
    }

    public typealias Details = LeftOut
    public let app = "Loop"
    let backup: LoopBackup
    let shown: String

    public init(backup: LoopBackup, shown: String) {
        self.backup = backup
        self.shown = shown
    }

    /// Reads the backup or CSV export at `path` (`shown` in messages).
    public init(path: String, shown: String) throws(ImportError) {
        guard PlainFile.kind(path) != .missing else { throw ImportError(file: shown, .missing) }
        let backup = path.lowercased().hasSuffix(".zip")
            ? try LoopCSV.backup(try LoopCSV.files(path, shown: shown), shown: shown)
            : try LoopBackup.read(path, shown: shown)
        self.init(backup: backup, shown: shown)
    }

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<LeftOut> {
        var trackers: [NewTracker] = []
        var leftOut = LeftOut()
        var taken = home.trackerIDs
        var ids: [Int64: (id: String, numeric: Bool)] = [:]
        for habit in backup.habits {
            // It goes into the tracker file's first line: one line, of some length.
            guard habit.uuid.count <= 200, !habit.uuid.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            else {
                throw home.failure(ImportError(file: shown, .loopUUID(String(habit.uuid.prefix(64)))))
            }
            let marker = "# Imported from Loop: \(habit.uuid)"
            let (text, losses) = Self.tracker(habit, marker: marker)
            let tracker = home.tracker(named: habit.name, marker: marker, text: text, taken: &taken)
            trackers.append(tracker)
            leftOut.losses += losses.map { (tracker.id, $0) }
            if !habit.question.trimmingCharacters(in: .whitespaces).isEmpty { leftOut.questions += 1 }
            ids[habit.id] = (tracker.id, habit.type == 1)
        }
        var contents = StoreContents()
        let uuids = Dictionary(uniqueKeysWithValues: backup.habits.map { ($0.id, $0.uuid) })
        for repetition in backup.repetitions {
            guard let tracker = ids[repetition.habit], let habitUUID = uuids[repetition.habit] else {
                throw home.failure(ImportError(file: shown, .loopOrphan(repetition: repetition.id, habit: repetition.habit)))
            }
            // Loop's timestamp is the day's midnight in UTC.
            let day = DayAssignment.day(instant: repetition.timestamp, offset: 0, boundary: .midnight)
            let note = repetition.notes.flatMap { $0.isEmpty ? nil : $0 }
            let key = "loop|\(habitUUID)|\(repetition.timestamp)"
            if tracker.numeric {
                // 3 is Loop's SKIP on a numeric habit too (never 0.003 units): a freeze.
                if repetition.value == 3 {
                    contents.freezes.append(Freeze(tracker: tracker.id, day: day, note: note, placedAt: home.milliseconds))
                    continue
                }
                guard repetition.value > 0 else {
                    leftOut.notDone += 1
                    continue
                }
                contents.entries.append(home.importedEntry(tracker: tracker.id, day: day,
                                                           value: .number(Double(repetition.value) / 1000), note: note,
                                                           key: key, source: "import:loop"))
                continue
            }
            switch repetition.value {
            case 2:
                contents.entries.append(home.importedEntry(tracker: tracker.id, day: day, value: .none, note: note,
                                                           key: key, source: "import:loop"))
            case 3:
                contents.freezes.append(Freeze(tracker: tracker.id, day: day, note: note, placedAt: home.milliseconds))
            case 1:
                // A day Loop filled in itself: it follows from the others.
                continue
            default:
                // 0 and -1: not done, unknown.
                leftOut.notDone += 1
            }
        }
        return ImportPlan(trackers: trackers, contents: contents, details: leftOut)
    }

    /// The tracker file for a Loop habit, starting with the marker a later
    /// import recognises, and what of the habit it cannot say.
    static func tracker(_ habit: LoopBackup.Habit, marker: String) -> (text: String, losses: [LoopLoss]) {
        var text = marker + "\n" + "name: \(Imported.yamlText(habit.name))\n"
        var losses: [LoopLoss] = []
        let denominator = max(1, min(habit.denominator, 365))
        let numerator = max(1, min(habit.numerator, denominator))
        if habit.type == 1 {
            let unit = habit.unit.trimmingCharacters(in: .whitespaces)
            text += "input: amount\n" + (unit.isEmpty ? "" : "unit: \(Imported.yamlText(unit))\n")
            let target = (habit.targetValue * 1000).rounded() / 1000
            if habit.targetType == 1 {
                text += "goal: { at_most: \(max(0, target).plainText) }\n"
            } else if target > 0 {
                text += "goal: { at_least: \(target.plainText) }\n"
            }
            // Loop's target is a sum over the window: a calendar week or month is the nearest Haven period.
            switch (numerator, denominator) {
            case (1, 1): break
            case (1, 7): text += "streak: { period: week }\n"
                losses.append(.calendarPeriod(days: 7))
            case (1, 30), (1, 31): text += "streak: { period: month }\n"
                losses.append(.calendarPeriod(days: 30))
            default: text += "streak: { period: { rolling: \(denominator) }, times: \(numerator) }\n"
                losses.append(.goodDaysOfNumbers(times: numerator, days: denominator))
            }
        } else {
            text += "input: check\n"
            if denominator > 1 || numerator > 1 {
                text += "streak: { period: { rolling: \(denominator) }, times: \(numerator) }\n"
            }
        }
        if habit.archived { text += "archived: true\n" }
        // A reminder on no weekday never rings: none is written.
        if let (hour, minute) = habit.reminder, (0..<24).contains(hour), (0..<60).contains(minute), habit.reminderDays & 127 != 0 {
            let days = habit.reminderDays & 127 == 127 ? ""
                : ", days: [" + LoopBackup.weekdays(packed: habit.reminderDays).map(\.rawValue).joined(separator: ", ") + "]"
            text += "reminder: { at: \"\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)\"\(days) }\n"
        }
        return (text, losses)
    }

    /// The Loop habit UUID in a tracker file an import made (its first line), if any.
    static func habitUUID(inFileText text: String) -> String? {
        let prefix = "# Imported from Loop: "
        guard text.hasPrefix(prefix), let line = text.split(separator: "\n", maxSplits: 1).first else { return nil }
        let uuid = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        // Loop writes hex digits (32, or more in backups its migration gave UUIDs);
        // `loop-habit-N` and `loop-csv|…` stand in for a source that had none.
        return !uuid.isEmpty && uuid.allSatisfy(\.isHexDigit) ? uuid : nil
    }
}
