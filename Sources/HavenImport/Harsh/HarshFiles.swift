import Foundation
import HavenCore

/// harsh's two files, read strictly.
enum HarshFiles {
    struct Habit {
        var name: String
        /// Successes needed in `window` days; nil for `0` (tracked only, no streak).
        var times: Int
        var window: Int?
        /// The day harsh retired it (`Name: frequency: YYYY-MM-DD`).
        var ended: Day?
    }

    struct Key: Hashable {
        var day: Day
        var habit: String
    }

    struct Outcome {
        var result: String
        var comment: String?
        var amount: Double?
    }

    /// `Name: frequency[: end date]`; `#` comments and `!` headings are skipped.
    static func habits(_ text: String, file: String) throws(ImportError) -> [Habit] {
        var habits: [Habit] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            // harsh splits at ": " (a colon inside a name stays), then trims each part.
            let parts = line.components(separatedBy: ": ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, !parts[0].isEmpty else {
                throw ImportError(file: file, line: index + 1, .harshHabitLine)
            }
            guard !habits.contains(where: { $0.name == parts[0] }) else {
                throw ImportError(file: file, line: index + 1, .harshHabitTwice(name: parts[0]))
            }
            guard let (times, window) = frequency(parts[1]) else {
                throw ImportError(file: file, line: index + 1, .harshFrequency(parts[1]))
            }
            var ended: Day?
            if parts.count > 2, !parts[2].isEmpty {
                guard let day = Day(parts[2]) else {
                    throw ImportError(file: file, line: index + 1, .harshEndDate(parts[2]))
                }
                ended = day
            }
            habits.append(Habit(name: parts[0], times: times, window: window, ended: ended))
        }
        return habits
    }

    /// `N` (once in N days), `Nw` (once in N weeks), `T/I` (T in any I days), `0` (no streak).
    static func frequency(_ text: String) -> (Int, Int?)? {
        if text == "0" { return (0, nil) }
        if let n = Int(text), (1...365).contains(n) { return (1, n) }
        if text.hasSuffix("w"), let n = Int(text.dropLast()), (1...52).contains(n) { return (1, 7 * n) }
        let pair = text.split(separator: "/")
        if pair.count == 2, let t = Int(pair[0]), let i = Int(pair[1]), (1...365).contains(i), (1...i).contains(t) {
            return (t, i)
        }
        return nil
    }

    /// `DATE : Habit : y|n|s [: comment [: amount]]`; the last line of a day and habit wins.
    static func log(_ text: String, file: String, habits: Set<String>) throws(ImportError) -> [Key: Outcome] {
        var days: [Key: Outcome] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let parts = line.components(separatedBy: " : ")
            guard parts.count >= 3, let day = Day(parts[0].trimmingCharacters(in: .whitespaces)) else {
                throw ImportError(file: file, line: index + 1, .harshLogLine)
            }
            let habit = parts[1].trimmingCharacters(in: .whitespaces)
            guard habits.contains(habit) else {
                throw ImportError(file: file, line: index + 1, .harshUnknownHabit(habit))
            }
            let result = parts[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else {
                throw ImportError(file: file, line: index + 1, .harshResult(result))
            }
            let comment = parts.count > 3 ? parts[3].trimmingCharacters(in: .whitespaces) : ""
            var amount: Double?
            if parts.count > 4 {
                let text = parts[4].trimmingCharacters(in: .whitespaces)
                if !text.isEmpty {
                    guard let value = Double(text), value.isFinite, value >= 0 else {
                        throw ImportError(file: file, line: index + 1, .harshAmount(text))
                    }
                    amount = value > 0 ? (value * 1000).rounded() / 1000 : nil
                }
            }
            days[Key(day: day, habit: habit)] = Outcome(result: result, comment: comment.isEmpty ? nil : comment,
                                                        amount: amount)
        }
        return days
    }

    /// The tracker file for a habit, starting with the marker a later import recognises.
    /// A habit harsh retired before `today` is archived.
    static func tracker(_ habit: Habit, amounts: Bool, marker: String, today: Day) -> String {
        var text = marker + "\n" + "name: \(Imported.yamlText(habit.name))\n" + (amounts ? "input: amount\nunit: units\n" : "input: check\n")
        switch (habit.times, habit.window) {
        case (0, _): text += "streak: false\n"
        case (1, 1?): break
        case (let times, let window?): text += "streak: { period: { rolling: \(window) }, times: \(times) }\n"
        default: break
        }
        if let ended = habit.ended, ended < today { text += "archived: true\n" }
        return text
    }
}
