import Foundation
import HavenCore
import HavenSystem
import HavenPacks
import HavenStore

/// Loop Habit Tracker's CSV export (a `.zip`, SPEC §9): `Habits.csv`, and
/// per habit a folder `NNN Name/` holding `Checkmarks.csv` (`Date,Value,Notes`,
/// the value `YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN` or, for a
/// numeric habit, the amount × 1000). Read into the same shape as a backup.
enum LoopCSV {
    static func read(_ path: String, shown: String, scratch: String) throws(RuntimeError) -> LoopBackup {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let root: String
        do {
            root = try PackArchive.extract(path, into: scratch)
        } catch {
            throw .invalidInput("\(shown) cannot be unpacked: \(error); nothing was imported")
        }
        let habitsFile = try Session.readText(root + "/Habits.csv", shown: shown + ": Habits.csv")
        let rows = try table(habitsFile, file: "\(shown): Habits.csv")
        guard let header = rows.first, let column = columns(header, ["Position", "Name", "Type", "FrequencyNumerator",
                                                                     "FrequencyDenominator"]) else {
            throw .invalidInput("\(shown): Habits.csv:1: not the header Loop writes (Position, Name, Type, …); nothing "
                + "was imported")
        }
        let optional = { (name: String) in header.firstIndex(of: name) }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var habits: [LoopBackup.Habit] = []
        var repetitions: [LoopBackup.Repetition] = []
        for (index, row) in rows.enumerated().dropFirst() where !(row.count == 1 && row[0].isEmpty) {
            let line = "\(shown): Habits.csv:\(index + 1)"
            func field(_ name: String) -> String { column[name].map { $0 < row.count ? row[$0] : "" } ?? "" }
            func extra(_ name: String) -> String { optional(name).map { $0 < row.count ? row[$0] : "" } ?? "" }
            guard let position = Int(field("Position")), let numerator = Int(field("FrequencyNumerator")),
                  let denominator = Int(field("FrequencyDenominator")), !field("Name").isEmpty else {
                throw .invalidInput("\(line): a habit needs its position, name and frequency; nothing was imported")
            }
            let numeric = field("Type") == "NUMERICAL"
            let id = Int64(index)
            habits.append(LoopBackup.Habit(
                id: id, uuid: "loop-csv|\(field("Name"))", name: field("Name"), type: numeric ? 1 : 0,
                numerator: numerator, denominator: denominator, targetType: extra("Target Type") == "AT_MOST" ? 1 : 0,
                targetValue: Double(extra("Target Value")) ?? 0, unit: extra("Unit"), reminder: nil))
            // The habit's folder: its position, three digits, then its name as Loop shortened it.
            let prefix = String(format: "%03d ", position)
            guard let folder = folders.first(where: { $0.hasPrefix(prefix) }),
                  PlainFile.kind(root + "/" + folder + "/Checkmarks.csv") == .file else { continue }
            let file = "\(shown): \(folder)/Checkmarks.csv"
            let marks = try table(try Session.readText(root + "/" + folder + "/Checkmarks.csv", shown: file), file: file)
            for (number, mark) in marks.enumerated().dropFirst() where !(mark.count == 1 && mark[0].isEmpty) {
                guard mark.count >= 2, let day = Day(mark[0]) else {
                    throw .invalidInput("\(file):\(number + 1): a day is written 'YYYY-MM-DD,VALUE'; nothing was imported")
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
                        throw .invalidInput("\(file):\(number + 1): '\(text.prefix(20))' is not a value Loop writes; "
                            + "nothing was imported")
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
    static func table(_ text: String, file: String) throws(RuntimeError) -> [[String]] {
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
        if quoted { throw .invalidInput("\(file):\(line): a quoted field never ends; nothing was imported") }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
