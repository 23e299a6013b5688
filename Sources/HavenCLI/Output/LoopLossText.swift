import HavenCore
import HavenImport
import HavenPresentation

/// What Loop's model and Haven's say differently, per tracker, in the
/// summaries of `export loop` and `import loop` (SPEC §9).
enum LoopLossText {
    /// One line for a tracker going to Loop, in `w`'s language (English for JSON).
    static func toLoop(_ tracker: String, _ loss: LoopLoss, _ w: Words) -> String {
        switch loss {
        case .calendarPeriod(let days):
            return w(days == 7 ? "{}: Loop has no calendar weeks; it counts any {} days"
                     : "{}: Loop has no calendar months; it counts any {} days", tracker, days)
        case .goodDaysOfNumbers:
            return w("{}: Loop sums numbers and counts no good days; it goes as its goal on each day", tracker)
        case .levels(let success, let others):
            guard others > 0 else { return w("{}: Loop has no levels; a day with any level is done there", tracker) }
            let named = success.count > 1 ? w("{} or {}", success.dropLast().joined(separator: ", "), success.last!)
                : success.first ?? ""
            return w("{}: Loop has no levels; a day logged {} is done there, any other is not", tracker, named)
        case .avoidance(let limit):
            return w("{}: Loop has no avoidance mode; it goes as relapses a day, at most {}", tracker, limit.plainText)
        case .reminders(let kept, let count):
            return w("{}: Loop keeps one reminder a habit; {} goes, the other {} stay here", tracker, kept, count - 1)
        case .jokers:
            return w("{}: Loop has no jokers; a day one healed is a miss there", tracker)
        }
    }

    /// One line for a habit coming from Loop.
    static func fromLoop(_ tracker: String, _ loss: LoopLoss, _ w: Words) -> String {
        switch loss {
        case .calendarPeriod(let days):
            return w(days == 7 ? "{}: Loop sums any {} days; here the goal is per calendar week"
                     : "{}: Loop sums any {} days; here the goal is per calendar month", tracker, days)
        case .goodDaysOfNumbers(let times, let days):
            return w("{}: Haven sums no rolling window; here the goal must be met on {} of any {} days", tracker, times, days)
        case .levels, .avoidance, .reminders, .jokers:
            return toLoop(tracker, loss, w)
        }
    }

    /// The lines under an import's summary for what of the backup was counted out.
    static func leftOut(_ left: LoopImporter.LeftOut, _ w: Words) -> [(kind: String, text: String)] {
        var lines: [(kind: String, text: String)] = []
        if left.notDone > 0 {
            lines.append(("not_done", w(left.notDone == 1
                ? "{} day Loop marked not done is left out: a day with no entry is not done here"
                : "{} days Loop marked not done are left out: a day with no entry is not done here", left.notDone)))
        }
        if left.questions > 0 {
            lines.append(("questions", w(left.questions == 1
                ? "the question of {} habit is not kept: a tracker has a name only"
                : "the questions of {} habits are not kept: a tracker has a name only", left.questions)))
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
