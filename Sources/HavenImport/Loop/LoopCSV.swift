import Foundation
import HavenCore
import ZIPFoundation

/// Loop Habit Tracker's CSV export (a `.zip`, SPEC §9): `Habits.csv`, and
/// per habit a folder `NNN Name/` holding `Checkmarks.csv` (`Date,Value,Notes`,
/// the value `YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN` or, for a
/// numeric habit, the amount × 1000). Read into the same shape as a backup.
public enum LoopCSV {
    /// The files of the export at `path` (`shown` in messages) that Haven
    /// reads, unpacked in memory: `Habits.csv` and each `NNN Name/Checkmarks.csv`,
    /// by their paths below the folder holding `Habits.csv`.
    public static func files(_ path: String, shown: String) throws(ImportError) -> [String: String] {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportError(file: shown, .cannotUnpack("not a zip archive Haven can read"))
        }
        let wanted = archive.filter { $0.type == .file && ["Habits.csv", "Checkmarks.csv"].contains(($0.path as NSString).lastPathComponent) }
        let habits = wanted.filter { ($0.path as NSString).lastPathComponent == "Habits.csv" }.min { $0.path.count < $1.path.count }
        let root = habits.map { ($0.path as NSString).deletingLastPathComponent } ?? ""
        // The sizes an archive declares can lie: what comes out is counted, at most 1 GiB in all.
        struct TooLarge: Error {}
        var files: [String: String] = [:], total = 0
        for entry in wanted where root.isEmpty || entry.path.hasPrefix(root + "/") {
            var data = Data()
            do {
                _ = try archive.extract(entry) { chunk in
                    total += chunk.count
                    guard total <= 1 << 30 else { throw TooLarge() }
                    data.append(chunk)
                }
            } catch is TooLarge {
                throw ImportError(file: shown, .tooLarge(bytes: total))
            } catch {
                throw ImportError(file: shown, .cannotUnpack("\(error)"))
            }
            files[root.isEmpty ? entry.path : String(entry.path.dropFirst(root.count + 1))] = String(decoding: data, as: UTF8.self)
        }
        return files
    }

    /// The export's habits and days, from its files' text (see `files`), in the shape of a backup.
    public static func backup(_ files: [String: String], shown: String) throws(ImportError) -> LoopBackup {
        guard let habitsFile = files["Habits.csv"] else { throw ImportError(file: shown + ": Habits.csv", .missing) }
        let rows = try table(habitsFile, file: "\(shown): Habits.csv")
        guard let header = rows.first, let column = columns(header, ["Position", "Name", "Type", "FrequencyNumerator",
                                                                     "FrequencyDenominator"]) else {
            throw ImportError(file: "\(shown): Habits.csv", line: 1, .loopCSVHeader)
        }
        let optional = { (name: String) in header.firstIndex(of: name) }
        let folders = Set(files.keys.compactMap { $0.split(separator: "/").count == 2 ? String($0.split(separator: "/")[0]) : nil }).sorted()
        var habits: [LoopBackup.Habit] = []
        var repetitions: [LoopBackup.Repetition] = []
        for (index, row) in rows.enumerated().dropFirst() where !(row.count == 1 && row[0].isEmpty) {
            func field(_ name: String) -> String { column[name].map { $0 < row.count ? row[$0] : "" } ?? "" }
            func extra(_ name: String) -> String { optional(name).map { $0 < row.count ? row[$0] : "" } ?? "" }
            guard let position = Int(field("Position")), let numerator = Int(field("FrequencyNumerator")),
                  let denominator = Int(field("FrequencyDenominator")), !field("Name").isEmpty else {
                throw ImportError(file: "\(shown): Habits.csv", line: index + 1, .loopCSVHabit)
            }
            let numeric = field("Type") == "NUMERICAL"
            let id = Int64(index)
            habits.append(LoopBackup.Habit(
                id: id, uuid: "loop-csv|\(field("Name"))", name: field("Name"), question: extra("Question"),
                type: numeric ? 1 : 0, numerator: numerator, denominator: denominator,
                targetType: extra("Target Type") == "AT_MOST" ? 1 : 0, targetValue: Double(extra("Target Value")) ?? 0,
                unit: extra("Unit"), reminder: nil, reminderDays: 127, archived: extra("Archived?") == "true"))
            // The habit's folder: its position, three digits, then its name as Loop shortened it.
            let prefix = String(format: "%03d ", position)
            guard let folder = folders.first(where: { $0.hasPrefix(prefix) }),
                  let text = files[folder + "/Checkmarks.csv"] else { continue }
            let file = "\(shown): \(folder)/Checkmarks.csv"
            for (number, mark) in try table(text, file: file).enumerated().dropFirst() where !(mark.count == 1 && mark[0].isEmpty) {
                guard mark.count >= 2, let day = Day(mark[0]) else {
                    throw ImportError(file: file, line: number + 1, .loopCSVDay)
                }
                let value: Int64
                switch mark[1] {
                case "YES_MANUAL": value = 2
                case "YES_AUTO": value = 1
                case "NO": value = 0
                case "SKIP": value = 3
                case "UNKNOWN": value = -1
                case let text:
                    guard numeric, let number = Int64(text) else {
                        throw ImportError(file: file, line: number + 1, .loopCSVValue(text))
                    }
                    value = number
                }
                repetitions.append(LoopBackup.Repetition(habit: id, timestamp: Int64(day.number) * 86_400_000, value: value,
                                                         notes: mark.count > 2 && !mark[2].isEmpty ? mark[2] : nil))
            }
        }
        return LoopBackup(habits: habits, repetitions: repetitions)
    }

    /// The positions of `names` in a header, or nil when one is missing.
    static func columns(_ header: [String], _ names: [String]) -> [String: Int]? {
        var result: [String: Int] = [:]
        for name in names {
            guard let index = header.firstIndex(of: name) else { return nil }
            result[name] = index
        }
        return result
    }

    /// Rows of RFC 4180 text: fields split on commas, `"…"` quoting with
    /// `""` for a quote, line ends CR LF or LF.
    static func table(_ text: String, file: String) throws(ImportError) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, atStart = true, line = 1
        var characters = Array(text.unicodeScalars)[...]
        if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
        var index = characters.startIndex
        while index < characters.endIndex {
            let c = characters[index]
            index += 1
            if quoted {
                if c == "\"" {
                    if index < characters.endIndex, characters[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where atStart:
                quoted = true
                atStart = false
            case ",":
                row.append(field)
                field = ""
                atStart = true
            case "\r":
                continue
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                atStart = true
                line += 1
            default:
                field.unicodeScalars.append(c)
                atStart = false
            }
        }
        if quoted { throw ImportError(file: file, line: line, .quotedFieldOpen) }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
