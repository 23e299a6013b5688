import HavenCore
import HavenRuntime

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
            let unit = t.unit.map { " \($0)" } ?? ""
            let sum = Value.format(s.sumToday)
            switch t.goal {
            case .atLeast(let n)?: return "\(sum)/\(Value.format(n))\(unit)"
            case .atMost(let n)?: return w("{} of at most {}", sum, Value.format(n) + unit)
            case nil: return "\(sum)\(unit)"
            }
        case .check:
            if t.type == .saboteur && t.mode == .avoidance {
                return s.entriesToday == 0 ? w("clear so far") : w("relapse logged")
            }
            if t.type == .saboteur {
                return s.entriesToday == 0 ? w("nothing noticed yet") : w("noticed {}×", s.entriesToday)
            }
            return s.entriesToday == 0 ? w("open") : (s.entriesToday == 1 ? w("done") : w("done {}×", s.entriesToday))
        }
    }

    /// "streak 12 · 🃏 1 · at risk" (jokers and freezes only when the tracker has them).
    func streak(_ s: TrackerStatus) -> String {
        let w = console.words
        guard s.tracker.streak != nil else { return w("no streak") }
        var parts = [w("streak {}", s.current) + (s.outcome == .healed ? w(" (a joker kept it)") : "")]
        if s.tracker.rewards != nil {
            let n = s.jokers.available
            parts.append(console.color ? "🃏 \(n)" : w(n == 1 ? "{} joker" : "{} jokers", n))
        }
        if let freezes = s.freezesAvailable {
            parts.append(console.color ? "❄️ \(freezes)" : w(freezes == 1 ? "{} freeze" : "{} freezes", freezes))
        }
        if s.atRisk { parts.append(console.styled(w("at risk"), .yellow)) }
        return parts.joined(separator: " · ")
    }

    /// The tracker's name, with its icon on a terminal.
    func name(_ t: TrackerDefinition) -> String {
        let name = t.name.resolve(console.language)
        return console.color ? "\(t.icon) \(name)" : name
    }

    /// One line per tracker, aligned.
    func table(_ statuses: [TrackerStatus]) -> [String] {
        let rows = statuses.map { [name($0.tracker), console.words("{} today", today($0)), streak($0)] }
        return Columns.align(rows)
    }
}

extension Columns {
    /// Pads every column but the last to its widest cell.
    static func align(_ rows: [[String]]) -> [String] {
        guard let columns = rows.first?.count else { return [] }
        let widths = (0..<columns).map { c in rows.map { width($0[c]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in i == row.count - 1 ? cell : pad(cell, to: widths[i]) }
                .joined(separator: "   ")
        }
    }
}
