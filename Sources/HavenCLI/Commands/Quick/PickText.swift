import Foundation
import HavenCore
import HavenPresentation
import HavenQuick
import HavenReminders

/// `haven pick`'s lines in words: "💧 Drink Water · +1 (3/8)",
/// "📱 Doomscrolling · noticed", "😊 Mood · 🙂 Good". The icons stay with
/// `NO_COLOR`: a menu shows them, and they are part of the line `--choose` takes.
struct PickText {
    let console: Console

    /// The whole line: the action, then today's progress where it has one.
    func line(_ action: PickAction) -> String {
        label(action) + (progress(action).map { " (\($0))" } ?? "")
    }

    /// The line without today's progress: it stays the same all day. A
    /// control character in a name or icon is shown as its picture here,
    /// so that a menu, `--print` and `--choose` all see the same line.
    func label(_ action: PickAction) -> String {
        let tracker = action.tracker
        let line = "\(tracker.icon) \(tracker.name.resolve(console.language)) · \(self.action(action))"
        return TerminalText.visible(line)
    }

    private func action(_ action: PickAction) -> String {
        let w = console.words
        let tracker = action.tracker
        if tracker.input == .levels, let key = action.value, let level = tracker.levels?.level(key) {
            return (level.icon.map { "\($0) " } ?? "") + level.label.resolve(console.language)
        }
        switch action.action.key {
        case "noticed": return w("noticed")
        case "relapse": return w("relapse")
        case "done": return w("done")
        default: return action.value ?? action.action.label
        }
    }

    /// "3/8" for a goal of at least 8 (this period's sum, for a week or
    /// month), "3" for a count without one; nil for the rest.
    private func progress(_ action: PickAction) -> String? {
        let s = action.status
        guard s.tracker.input == .count || s.tracker.input == .amount else { return nil }
        let sum = s.progress?.sum ?? s.sumToday
        if case .atLeast(let goal)? = s.tracker.goal { return "\(Value.format(sum))/\(Value.format(goal))" }
        return Value.format(sum)
    }

    /// The action `text` names: its id, its whole line, or its line
    /// without today's progress (a line printed earlier in the day).
    func find(_ text: String, in actions: [PickAction]) -> PickAction? {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        return actions.first { $0.id == wanted } ?? actions.first { line($0) == wanted }
            ?? actions.first { label($0) == wanted }
    }
}
