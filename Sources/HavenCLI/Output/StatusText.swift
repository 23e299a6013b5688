import HavenCore
import HavenRuntime
import HavenPresentation

/// Status lines for people: what today holds, the streak and jokers, and
/// never a judgement ("noticed", "relapse logged").
struct StatusText {
    let console: Console

    /// "5/8 glasses", "Steady", "noticed 3×", "clear": today's state in words.
    func today(_ s: TrackerStatus) -> String {
        let w = console.words
        let t = s.tracker
        if s.outcome == .frozen { return w("frozen") }
        switch t.input {
        case .levels:
            guard let key = s.levelToday, let level = t.levels?.level(key) else { return w("not logged yet") }
            let label = level.label.resolve(console.language)
            return console.color ? (level.icon.map { "\($0) " } ?? "") + label : label
        case .count, .amount:
            let unit = unit(t)
            let sum = Value.format(s.sumToday)
            switch t.goal {
            case .atLeast(let n)?: return "\(sum)/\(Value.format(n))\(unit)"
            case .atMost(let n)?: return w("{} of at most {}", sum, Value.format(n) + unit)
            case nil: return "\(sum)\(unit)"
            }
        case .check:
            if t.avoids {
                return s.entriesToday == 0 ? w("clear so far") : w("relapse logged")
            }
            if t.type == .saboteur {
                return s.entriesToday == 0 ? w("nothing noticed yet") : w("noticed {}×", s.entriesToday)
            }
            return s.entriesToday == 0 ? w("open") : (s.entriesToday == 1 ? w("done") : w("done {}×", s.entriesToday))
        }
    }

    /// Today's state with the period it is about: "5/8 glasses today",
    /// "2/3 this week", "22/20 km this week", "1/3 in the last 7 days".
    func now(_ s: TrackerStatus) -> String {
        let w = console.words
        guard let progress = s.progress, let rule = s.tracker.streak else { return w("{} today", today(s)) }
        let state = period(s, progress)
        if let window = rule.window { return w("{} in the last {} days", state, window) }
        return rule.period == .month ? w("{} this month", state) : w("{} this week", state)
    }

    /// A week's, month's or rolling window's state so far, in words.
    private func period(_ s: TrackerStatus, _ p: PeriodProgress) -> String {
        let w = console.words
        let t = s.tracker
        if p.frozen && t.streak?.window == nil { return w("frozen") }
        let unit = unit(t)
        switch (t.input, t.goal) {
        case (.count, .atLeast(let n)?), (.amount, .atLeast(let n)?):
            return "\(Value.format(p.sum))/\(Value.format(n))\(unit)"
        case (.count, .atMost(let n)?), (.amount, .atMost(let n)?):
            return w("{} of at most {}", Value.format(p.sum), Value.format(n) + unit)
        case (.check, _) where t.avoids:
            return p.entries == 0 ? w("clear so far") : w("relapse logged")
        case (.check, _) where t.type == .saboteur:
            return p.entries == 0 ? w("nothing noticed yet") : w("noticed {}×", p.entries)
        default:
            return "\(p.successes)/\(t.streak?.times ?? 1)"
        }
    }

    /// "12", "4 weeks", "1 month": a streak's length in its periods.
    func length(_ n: Int, of tracker: TrackerDefinition) -> String {
        let w = console.words
        switch tracker.streak?.period {
        case .week? where tracker.streak?.window == nil: return w(n == 1 ? "{} week" : "{} weeks", n)
        case .month? where tracker.streak?.window == nil: return w(n == 1 ? "{} month" : "{} months", n)
        default: return w(n == 1 ? "{} day" : "{} days", n)
        }
    }

    /// "streak 12 · 🃏 1 · at risk" (jokers and freezes only when the tracker
    /// has them; weeks and months named).
    func streak(_ s: TrackerStatus) -> String {
        let w = console.words
        guard let rule = s.tracker.streak else { return w("no streak") }
        let count = rule.period == .day || rule.window != nil ? "\(s.current)" : length(s.current, of: s.tracker)
        var parts = [w("streak {}", count) + (s.outcome == .healed ? w(" (a joker kept it)") : "")]
        if s.tracker.rewards != nil {
            let n = s.jokers.available
            parts.append(console.color ? "🃏 \(n)" : w(n == 1 ? "{} joker" : "{} jokers", n))
        }
        if let freezes = s.freezesAvailable {
            parts.append(console.color ? "❄️ \(freezes)" : w(freezes == 1 ? "{} freeze" : "{} freezes", freezes))
        }
        if rule.window != nil {
            parts += rolling(s)
        } else if s.atRisk {
            parts.append(console.styled(w("at risk"), .yellow))
        }
        return parts.joined(separator: " · ")
    }

    /// What a rolling streak asks for, in a person's words (SPEC §4.6):
    /// "1 more by Thursday keeps it", "at risk: 2 more by Saturday keep
    /// it" (only on the day it can still be saved), "ended Tuesday".
    private func rolling(_ s: TrackerStatus) -> [String] {
        let w = console.words
        if s.current == 0, let ended = s.ended, s.today.number - ended.number < 7 {
            return [w("ended {}", day(ended, from: s.today))]
        }
        guard let need = s.need, s.current > 0 else { return [] }
        let by = day(need.by, from: s.today)
        let text = need.count > 1 ? w("{} more by {} keep it", need.count, by)
            : need.by == s.today ? w("1 more today keeps it") : w("1 more by {} keeps it", by)
        return [s.atRisk ? console.styled(w("at risk: {}", text), .yellow) : text]
    }

    /// A day near today by its name ("today", "yesterday", "Thursday"),
    /// else as YYYY-MM-DD.
    private func day(_ day: Day, from today: Day) -> String {
        let w = console.words
        switch day.number - today.number {
        case 0: return w("today")
        case -1: return w("yesterday")
        case -6 ... 6:
            let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            return w(names[Day.weekdayIndex(day.number)])
        default: return day.description
        }
    }

    /// "🎉 Doomscrolling: Milestone: 7 days in a row." for each milestone
    /// reached today (an avoidance streak's, which grows with nothing
    /// logged, is reached when a command first sees it).
    func milestones(_ statuses: [TrackerStatus]) -> [String] {
        statuses.compactMap { s in
            s.milestone.map { milestone($0, of: s.tracker, named: true) }
        }
    }

    /// " glasses" after a number, in the person's language; empty without a unit.
    func unit(_ t: TrackerDefinition) -> String {
        t.unit.map { " " + $0.resolve(console.language) } ?? ""
    }

    /// "Milestone: 7 days in a row." (weeks or months for such periods),
    /// after the tracker's name when `named`.
    func milestone(_ m: Int, of t: TrackerDefinition, named: Bool = false) -> String {
        let unit = (t.streak?.period ?? .day).rawValue + "s"
        return console.styled((console.color ? "🎉 " : "") + (named ? name(t) + ": " : "")
            + console.words("Milestone: {} \(unit) in a row.", m), .green)
    }

    /// The tracker's name, with its icon on a terminal.
    func name(_ t: TrackerDefinition) -> String {
        let name = t.name.resolve(console.language)
        return console.color ? "\(t.icon) \(name)" : name
    }

    /// One line per tracker, aligned.
    func table(_ statuses: [TrackerStatus]) -> [String] {
        let rows = statuses.map { [name($0.tracker), now($0), streak($0)] }
        return Columns.align(rows)
    }
}

extension Columns {
    /// Pads every column but the last to its widest cell.
    static func align(_ rows: [[String]]) -> [String] {
        guard let columns = rows.first?.count else { return [] }
        // Each cell's width once (measuring one is most of aligning 1,000 rows).
        let cells = rows.map { $0.map(width) }
        let widths = (0..<columns).map { c in cells.map { $0[c] }.max() ?? 0 }
        // A row whose last cells are empty ends where its text does: no trailing blanks.
        return zip(rows, cells).map { row, measured in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[i] - measured[i]))
            }.joined(separator: "   ").trimmingTrailingSpaces()
        }
    }
}
