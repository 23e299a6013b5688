import Foundation
import HavenConfig
import HavenCore
import HavenStore

extension Session {
    /// Imports harsh's `habits` and `log` files from `folder` (SPEC §9):
    /// each habit becomes a tracker file of the home (written only after it
    /// validates; one made by an earlier import is used again), `y` an entry
    /// (with its `@` amount for a habit that always has one, its comment as
    /// the note), `s` a freeze, `n` nothing; the last line of a day and
    /// habit wins. Entries are keyed by habit and day, so a second import
    /// adds nothing. A malformed line stops it with `file:line`; nothing is
    /// written.
    public func importHarsh(_ folder: String, shown: String, dryRun: Bool) throws(RuntimeError) -> TrackerImport {
        let habitsText = try Session.readText(folder + "/habits", shown: shown + "/habits")
        let logText = try Session.readText(folder + "/log", shown: shown + "/log")
        let habits = try HarshFiles.habits(habitsText, file: shown + "/habits")
        let days = try HarshFiles.log(logText, file: shown + "/log", habits: Set(habits.map(\.name)))

        // One tracker per habit: amounts when every done day has one.
        var plans: [ImportedTracker] = []
        var taken = Set(runtime.trackers.map(\.id))
        var done: [String: [HarshFiles.Outcome]] = [:]
        for (key, outcome) in days where outcome.result == "y" { done[key.habit, default: []].append(outcome) }
        var amountTrackers = Set<String>()
        for habit in habits {
            let amounts = done[habit.name].map { $0.allSatisfy { ($0.amount ?? 0) > 0 } } ?? false
            let marker = "# Imported from harsh: \(habit.name)"
            let plan = planTracker(name: habit.name, marker: marker, taken: &taken,
                                   text: HarshFiles.tracker(habit, amounts: amounts, marker: marker))
            if amounts { amountTrackers.insert(plan.id) }
            plans.append(plan)
        }
        try validate(plans.filter(\.created).map { ($0.id, $0.text) }, from: "harsh")

        // Entries and freezes, keyed by habit and day.
        let ids = Dictionary(uniqueKeysWithValues: plans.map { ($0.name, $0.id) })
        var contents = StoreContents()
        for (key, outcome) in days.sorted(by: { ($0.key.day, $0.key.habit) < ($1.key.day, $1.key.habit) }) {
            guard let tracker = ids[key.habit] else { continue }
            switch outcome.result {
            case "y":
                let amount = outcome.amount
                let note = [outcome.comment, amountTrackers.contains(tracker) ? nil : amount.map { "@ \($0.plainText)" }]
                    .compactMap { $0 }.joined(separator: " ")
                contents.entries.append(importedEntry(
                    tracker: tracker, day: key.day, value: amountTrackers.contains(tracker) ? .number(amount ?? 1) : .none,
                    note: note.isEmpty ? nil : note, key: "harsh|\(key.habit)|\(key.day)", source: "import:harsh"))
            case "s":
                contents.freezes.append(Freeze(tracker: tracker, day: key.day, note: outcome.comment,
                                               placedAt: clock.milliseconds))
            default:
                continue
            }
        }
        return try commit(plans, contents, dryRun: dryRun)
    }
}

/// harsh's two files, read strictly.
enum HarshFiles {
    struct Habit {
        var name: String
        /// Successes needed in `window` days; nil for `0` (tracked only, no streak).
        var times: Int
        var window: Int?
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
    static func habits(_ text: String, file: String) throws(RuntimeError) -> [Habit] {
        var habits: [Habit] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            let parts = line.components(separatedBy: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, !parts[0].isEmpty else {
                throw .invalidInput("\(file):\(index + 1): a habit is written 'Name: frequency', like 'Gym: 3/7'; "
                    + "nothing was imported")
            }
            guard !habits.contains(where: { $0.name == parts[0] }) else {
                throw .invalidInput("\(file):\(index + 1): '\(parts[0].prefix(60))' is in the habits file twice; keep one "
                    + "line for it; nothing was imported")
            }
            guard let (times, window) = frequency(parts[1]) else {
                throw .invalidInput("\(file):\(index + 1): '\(parts[1])' is not a frequency harsh writes (1, 7, 1w, 3/7 "
                    + "or 0); nothing was imported")
            }
            habits.append(Habit(name: parts[0], times: times, window: window))
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
    static func log(_ text: String, file: String, habits: Set<String>) throws(RuntimeError) -> [Key: Outcome] {
        var days: [Key: Outcome] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let where_ = "\(file):\(index + 1)"
            let parts = line.components(separatedBy: " : ")
            guard parts.count >= 3, let day = Day(parts[0].trimmingCharacters(in: .whitespaces)) else {
                throw .invalidInput("\(where_): a log line is written 'YYYY-MM-DD : Habit : y', with y, n or s; "
                    + "nothing was imported")
            }
            let habit = parts[1].trimmingCharacters(in: .whitespaces)
            guard habits.contains(habit) else {
                throw .invalidInput("\(where_): no habit '\(habit.prefix(60))' in the habits file; add it there or "
                    + "remove the line; nothing was imported")
            }
            let result = parts[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else {
                throw .invalidInput("\(where_): '\(result.prefix(20))' is not y, n or s; nothing was imported")
            }
            let comment = parts.count > 3 ? parts[3].trimmingCharacters(in: .whitespaces) : ""
            var amount: Double?
            if parts.count > 4 {
                let text = parts[4].trimmingCharacters(in: .whitespaces)
                if !text.isEmpty {
                    guard let value = Double(text), value.isFinite, value >= 0 else {
                        throw .invalidInput("\(where_): the amount '\(text.prefix(20))' is not a number; nothing was "
                            + "imported")
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
    static func tracker(_ habit: Habit, amounts: Bool, marker: String) -> String {
        var text = marker + "\n" + "name: \(Session.yamlText(habit.name))\n" + (amounts ? "input: amount\nunit: units\n" : "input: check\n")
        switch (habit.times, habit.window) {
        case (0, _): text += "streak: false\n"
        case (1, 1?): break
        case (let times, let window?): text += "streak: { period: { rolling: \(window) }, times: \(times) }\n"
        default: break
        }
        return text
    }
}
