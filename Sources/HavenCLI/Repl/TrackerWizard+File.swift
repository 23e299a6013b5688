import HavenCore
import HavenPresentation

extension TrackerWizard {
    /// The origin app's suggestions for each kind, as the core presets that
    /// hold them, in its order.
    static let suggested: [TrackerType: [String]] = [
        .good: ["water", "stretching", "reading", "journaling", "walking"],
        .saboteur: ["doomscrolling", "procrastination", "snacking", "nail-biting"],
    ]

    /// The origin app's names for suggestions whose preset is named otherwise.
    static let aliases = ["hydration": "water"]

    /// `Drink Water!` → `drink-water`.
    static func id(from name: String) -> String {
        var id = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                id.append(character)
            } else if !id.isEmpty && id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        while let first = id.first, !first.isLetter { id.removeFirst() }
        return id.isEmpty ? "tracker" : id
    }

    /// `at least 8` → `at_least: 8`.
    static func goal(_ answer: String) -> Result<String, WizardError> {
        if answer.isEmpty { return .success("") }
        let words = answer.split(separator: " ")
        guard words.count == 3, words[0] == "at", words[1] == "least" || words[1] == "most",
              let n = Double(words[2]), n.isFinite, n > 0 || (words[1] == "most" && n == 0) else {
            return .failure("write 'at least N' or 'at most N'")
        }
        return .success("at_\(words[1]): \(words[2])")
    }
}

extension TrackerWizard.Answers {
    /// The tracker file, with a comment for each block.
    var yaml: String {
        var lines = ["# Created with 'haven new'. Every key is explained in the README."]
        if let preset {
            lines.append("extends: \(preset)")
        } else {
            lines += ["name: \(Value.yamlScalar(name))", "icon: \(Value.yamlScalar(icon))", "type: \(type.rawValue)"]
            if let mode { lines.append("mode: \(mode.rawValue)            # awareness: note each time; avoidance: count clean days") }
            lines.append("input: \(input.rawValue)")
            if let levels {
                if levels.contains("/") {
                    lines.append("levels: \(levels)")
                } else {
                    lines.append("levels:                     # the first is a success, the others grace")
                    for (index, key) in levels.split(separator: ",").enumerated() {
                        lines.append("  - { key: \(key), effect: \(index == 0 ? "success" : "grace") }")
                    }
                }
            }
            if let unit { lines.append("unit: \(Value.yamlScalar(unit))") }
            if let goal { lines.append("goal: { \(goal) }           # per period") }
            if let period {
                lines.append("streak:")
                lines.append("  period: \(period.rawValue)")
                if period != .day { lines.append("  times: \(times)                  # successful days per \(period.rawValue)") }
            } else {
                lines.append("streak: false")
            }
            if let earnEvery {
                lines.append("rewards: { earn_every: \(earnEvery), max: 3 }   # a joker heals a missed day")
            }
        }
        if let reminder { lines.append("reminder: { at: \"\(reminder)\" }   # a desktop notification with 'haven remind'") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Result where Success == String, Failure == TrackerWizard.WizardError {
    /// A wrong answer, with what to write instead.
    static func failing(_ message: String) -> Self { .failure(TrackerWizard.WizardError(message: message)) }
}
