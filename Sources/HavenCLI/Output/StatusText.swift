import HavenCore
import HavenRuntime

/// Status lines for people: what today holds, the streak and jokers, and
/// never a judgement ("noticed", "relapse logged").
struct StatusText {
    let console: Console

    /// "5/8 glasses", "Steady", "noticed 3×", "clear": today's state in words.
    func today(_ s: TrackerStatus) -> String {
        let t = s.tracker
        if s.outcome == .frozen { return "frozen" }
        switch t.input {
        case .levels:
            guard let key = s.levelToday, let level = t.levels?.level(key) else { return "not logged yet" }
            let label = level.label.resolve(console.language)
            return console.color ? (level.icon.map { "\($0) " } ?? "") + label : label
        case .count, .amount:
            let unit = t.unit.map { " \($0)" } ?? ""
            let sum = Value.format(s.sumToday)
            switch t.goal {
            case .atLeast(let n)?: return "\(sum)/\(Value.format(n))\(unit)"
            case .atMost(let n)?: return "\(sum) of at most \(Value.format(n))\(unit)"
            case nil: return "\(sum)\(unit)"
            }
        case .check:
            if t.type == .saboteur && t.mode == .avoidance {
                return s.entriesToday == 0 ? "clear so far" : "relapse logged"
            }
            if t.type == .saboteur {
                return s.entriesToday == 0 ? "nothing noticed yet" : "noticed \(s.entriesToday)×"
            }
            return s.entriesToday == 0 ? "open" : (s.entriesToday == 1 ? "done" : "done \(s.entriesToday)×")
        }
    }

    /// "streak 12 · 🃏 1 · at risk" (jokers and freezes only when the tracker has them).
    func streak(_ s: TrackerStatus) -> String {
        guard s.tracker.streak != nil else { return "no streak" }
        var parts = ["streak \(s.current)" + (s.outcome == .healed ? " (a joker kept it)" : "")]
        if s.tracker.rewards != nil {
            let n = s.jokers.available
            parts.append(console.color ? "🃏 \(n)" : "\(n) \(n == 1 ? "joker" : "jokers")")
        }
        if let freezes = s.freezesAvailable {
            parts.append(console.color ? "❄️ \(freezes)" : "\(freezes) \(freezes == 1 ? "freeze" : "freezes")")
        }
        if s.atRisk { parts.append(console.styled("at risk", .yellow)) }
        return parts.joined(separator: " · ")
    }

    /// The tracker's name, with its icon on a terminal.
    func name(_ t: TrackerDefinition) -> String {
        let name = t.name.resolve(console.language)
        return console.color ? "\(t.icon) \(name)" : name
    }

    /// One line per tracker, aligned.
    func table(_ statuses: [TrackerStatus]) -> [String] {
        let rows = statuses.map { [name($0.tracker), today($0) + " today", streak($0)] }
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
