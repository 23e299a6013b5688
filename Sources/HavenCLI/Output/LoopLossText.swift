import HavenCore
import HavenImport
import HavenPresentation

/// What Loop's model and Haven's say differently, per tracker, in the
/// summaries of `export loop` and `import loop` (SPEC §9).
enum LoopLossText {
    /// One line for a tracker going to Loop.
    static func toLoop(_ tracker: String, _ loss: LoopLoss) -> String {
        switch loss {
        case .calendarPeriod(let days):
            return "\(tracker): Loop has no calendar \(days == 7 ? "weeks" : "months"); it counts any \(days) days"
        case .goodDaysOfNumbers:
            return "\(tracker): Loop sums numbers and counts no good days; it goes as its goal on each day"
        case .levels(let success, let others):
            guard others > 0 else { return "\(tracker): Loop has no levels; a day with any level is done there" }
            let named = success.count > 1 ? success.dropLast().joined(separator: ", ") + " or " + success.last! : success.first ?? ""
            return "\(tracker): Loop has no levels; a day logged \(named) is done there, any other is not"
        case .avoidance(let limit):
            return "\(tracker): Loop has no avoidance mode; it goes as relapses a day, at most \(limit.plainText)"
        case .reminders(let kept, let count):
            return "\(tracker): Loop keeps one reminder a habit; \(kept) goes, the other \(count - 1) stay here"
        case .jokers:
            return "\(tracker): Loop has no jokers; a day one healed is a miss there"
        }
    }

    /// One line for a habit coming from Loop.
    static func fromLoop(_ tracker: String, _ loss: LoopLoss) -> String {
        switch loss {
        case .calendarPeriod(let days):
            return "\(tracker): Loop sums any \(days) days; here the goal is per calendar \(days == 7 ? "week" : "month")"
        case .goodDaysOfNumbers(let times, let days):
            return "\(tracker): Haven sums no rolling window; here the goal must be met on \(times) of any \(days) days"
        case .levels, .avoidance, .reminders, .jokers:
            return toLoop(tracker, loss)
        }
    }

    /// The lines under an import's summary for what of the backup was counted out.
    static func leftOut(_ left: LoopImporter.LeftOut) -> [(kind: String, text: String)] {
        var lines: [(kind: String, text: String)] = []
        if left.notDone > 0 {
            lines.append(("not_done", Plural.count(left.notDone, "day", "days") + " Loop marked not done "
                + (left.notDone == 1 ? "is" : "are") + " left out: a day with no entry is not done here"))
        }
        if left.questions > 0 {
            lines.append(("questions", "the questions of " + Plural.count(left.questions, "habit", "habits")
                + " are not kept: a tracker has a name only"))
        }
        return lines
    }

    /// What was not kept, for scripts: its tracker (none for a count over the backup), kind and line.
    static func json(_ tracker: String?, kind: String, line: String) -> Value {
        .object([("tracker", tracker.map { .string($0) } ?? .null), ("kind", .string(kind)), ("text", .string(line))])
    }

    /// A loss for scripts: its kind and its line.
    static func json(_ tracker: String, _ loss: LoopLoss, line: String) -> Value {
        let kind: String
        switch loss {
        case .calendarPeriod: kind = "calendar_period"
        case .goodDaysOfNumbers: kind = "good_days_of_numbers"
        case .levels: kind = "levels"
        case .avoidance: kind = "avoidance"
        case .reminders: kind = "reminders"
        case .jokers: kind = "jokers"
        }
        return json(tracker, kind: kind, line: line)
    }
}
