import Foundation
import HavenCore
import HavenSystem

/// A Loop Habit Tracker backup (`.db`) or CSV export (`.zip`, SPEC §9):
/// each habit a tracker file of the home (check, or amount with its unit
/// and at-least/at-most target; `N/D` a rolling period; its reminder's
/// time), each day marked done an entry with its note, each skipped day a
/// freeze; the days Loop derived itself (`YES_AUTO`) are dropped. Keyed by
/// habit UUID and day: a second import adds nothing.
public struct LoopImporter: Importer {
    public typealias Details = Void
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

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<Void> {
        var trackers: [NewTracker] = []
        var taken = home.trackerIDs
        var ids: [Int64: (id: String, numeric: Bool)] = [:]
        for habit in backup.habits {
            // It goes into the tracker file's first line: one line, of some length.
            guard habit.uuid.count <= 200, !habit.uuid.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            else {
                throw home.failure(ImportError(file: shown, .loopUUID(String(habit.uuid.prefix(64)))))
            }
            let marker = "# Imported from Loop: \(habit.uuid)"
            let tracker = home.tracker(named: habit.name, marker: marker, text: Self.tracker(habit, marker: marker),
                                       taken: &taken)
            trackers.append(tracker)
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
                guard repetition.value > 0 else { continue }
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
            default:
                // 1: a day Loop filled in itself; 0 and -1: not done, unknown.
                continue
            }
        }
        return ImportPlan(trackers: trackers, contents: contents, details: ())
    }

    /// The tracker file for a Loop habit, starting with the marker a later import recognises.
    static func tracker(_ habit: LoopBackup.Habit, marker: String) -> String {
        var text = marker + "\n" + "name: \(Imported.yamlText(habit.name))\n"
        if habit.type == 1 {
            let unit = habit.unit.trimmingCharacters(in: .whitespaces)
            text += "input: amount\nunit: \(Imported.yamlText(unit.isEmpty ? "units" : unit))\n"
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
