import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenQuick

/// `haven bar`'s line in each status bar's own format (SPEC §15):
/// "🍷 7 · 💧 3/8 · 📱 2 · 😊 –".
struct BarText {
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case plain, waybar, i3blocks, polybar, tmux
    }

    let console: Console

    /// Each tracker's icon and the one figure that says most about its day:
    /// a saboteur's streak (days clear, days steady) or its noticed moments
    /// today, a count's progress, a level's icon, ✓ for a check done.
    func summary(_ glance: Glance) -> String {
        guard !glance.statuses.isEmpty else { return "Haven –" }
        return TerminalText.visible(glance.statuses.map { "\($0.tracker.icon) \(figure($0))" }.joined(separator: " · "))
    }

    private func figure(_ s: TrackerStatus) -> String {
        let t = s.tracker
        if t.type == .saboteur {
            return t.input == .check && t.mode != .avoidance ? String(s.entriesToday) : String(s.current)
        }
        if s.outcome == .frozen { return "❄" }
        switch t.input {
        case .levels:
            guard let key = s.levelToday, let level = t.levels?.level(key) else { return "–" }
            return level.icon ?? level.label.resolve(console.language)
        case .count, .amount:
            let sum = s.progress?.sum ?? s.sumToday
            if case .atLeast(let goal)? = t.goal { return "\(Value.format(sum))/\(Value.format(goal))" }
            return Value.format(sum)
        case .check:
            return s.entriesToday > 0 ? "✓" : "–"
        }
    }

    /// Every tracker's state line, as `status` says it.
    func details(_ glance: Glance) -> [String] {
        let text = StatusText(console: console)
        return glance.statuses.map { s in
            TerminalText.visible("\(s.tracker.icon) \(s.tracker.name.resolve(console.language)): \(text.now(s)) · "
                + text.streak(s))
        }
    }

    /// The bar's colour for a state: red at risk, yellow due, green all done.
    static func color(_ state: Glance.State) -> (hex: String, tmux: String)? {
        switch state {
        case .atRisk: ("#e01b24", "red")
        case .due: ("#e5a50a", "yellow")
        case .allDone: ("#33d17a", "green")
        case .open, .nothingLogged: nil
        }
    }

    /// The whole output for `format`: one line (three for none), ending in a line break.
    func render(_ glance: Glance, _ format: Format) -> String {
        let text = summary(glance)
        let state = glance.state
        let color = Self.color(state)
        switch format {
        case .plain:
            return text + "\n"
        case .waybar:
            // waybar reads Pango markup in both: what Haven shows is escaped.
            return Value.fields([
                ("text", .string(Self.pango(text))),
                ("tooltip", .string(details(glance).map(Self.pango).joined(separator: "\n"))),
                ("class", .string(state.rawValue)),
                ("alt", .string(state.rawValue)),
                ("percentage", .int(glance.percentDone)),
            ]).json(pretty: false) + "\n"
        case .i3blocks:
            var fields: [(String, Value?)] = [("full_text", .string(text)), ("short_text", .string(text))]
            if let color { fields.append(("color", .string(color.hex))) }
            return Value.fields(fields).json(pretty: false) + "\n"
        case .polybar:
            let escaped = text.replacingOccurrences(of: "%", with: "%%")
            return (color.map { "%{F\($0.hex)}\(escaped)%{F-}" } ?? escaped) + "\n"
        case .tmux:
            let escaped = text.replacingOccurrences(of: "#", with: "##")
            return (color.map { "#[fg=\($0.tmux)]\(escaped)#[default]" } ?? escaped) + "\n"
        }
    }

    static func pango(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
