import HavenCore
import HavenPresentation

/// The questions of `haven new`, each checked as it is answered: on a
/// terminal a wrong answer is asked again; piped, it ends the command.
struct TrackerWizard {
    let interactive: Bool
    let console: Console
    let takenIDs: Set<String>
    let levelSets: [String]

    struct Answers {
        var name = "", id = "", icon = "🌱", type = TrackerType.good, mode: TrackerMode?
        var input = InputKind.check, levels: String?, unit: String?, goal: String?
        var period: Period? = .day, times = 1, earnEvery: Int?

        /// The tracker file, with a comment for each block.
        var yaml: String {
            var lines = ["# Created with 'haven new'. Every key is explained in the README.",
                         "name: \(Value.yamlScalar(name))", "icon: \(Value.yamlScalar(icon))", "type: \(type.rawValue)"]
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
            return lines.joined(separator: "\n") + "\n"
        }
    }

    mutating func ask() throws -> Answers {
        var a = Answers()
        a.name = try question("Name") { $0.isEmpty ? .failure("a tracker needs a name") : .success($0) }
        let suggested = TrackerWizard.id(from: a.name)
        a.id = try question("Id", default: suggested) { id in
            if !Identifier.isValid(id) { return .failure("use lower-case letters, digits and '-', starting with a letter") }
            if takenIDs.contains(id) { return .failure("'\(id)' is taken; choose another") }
            return .success(id)
        }
        a.icon = try question("Icon", default: "🌱") { $0.count <= 8 ? .success($0) : .failure("one emoji or up to 8 characters") }
        a.type = try choice("Type", TrackerType.self, default: .good)
        if a.type == .saboteur { a.mode = try choice("Mode", TrackerMode.self, default: .awareness) }
        a.input = try choice("Input", InputKind.self, default: .check)
        switch a.input {
        case .levels:
            a.levels = try question("Levels (\(levelSets.prefix(3).joined(separator: ", ")), or keys like calm,slip)",
                                    default: "core/mood") { answer in
                if answer.contains("/") {
                    return levelSets.contains(answer) ? .success(answer) : .failure("no level set '\(answer)'")
                }
                let keys = answer.split(separator: ",").map(String.init)
                guard (2...7).contains(keys.count), keys.allSatisfy(Identifier.isValid), Set(keys).count == keys.count else {
                    return .failure("2 to 7 different keys, separated by commas, like calm,slip,wild")
                }
                return .success(keys.joined(separator: ","))
            }
        case .count, .amount:
            let unit = try question("Unit (glasses, min, km; empty for none)", default: "") { .success($0) }
            a.unit = unit.isEmpty ? nil : unit
            let goal = try question("Goal (at least 8, at most 2; empty for none)", default: "") { TrackerWizard.goal($0) }
            a.goal = goal.isEmpty ? nil : goal
        case .check:
            break
        }
        let period = try question("Streak period (day, week, month, none)", default: "day") { answer in
            answer == "none" || Period(rawValue: answer) != nil ? .success(answer) : .failure("day, week, month or none")
        }
        a.period = Period(rawValue: period)
        if let p = a.period, p != .day, a.goal == nil {
            a.times = Int(try question("Successful days per \(p.rawValue)", default: "1") { answer in
                Int(answer).map { (1...p.maxTimes).contains($0) } == true ? .success(answer)
                    : .failure("a number from 1 to \(p.maxTimes)")
            })!
        }
        if a.period != nil {
            let every = try question("A joker every N successful periods (empty for none)", default: "") { answer in
                answer.isEmpty || (Int(answer).map { $0 >= 1 } ?? false) ? .success(answer) : .failure("a number of at least 1")
            }
            a.earnEvery = Int(every)
        }
        return a
    }

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

    struct WizardError: Error, ExpressibleByStringInterpolation {
        var message: String

        init(message: String) { self.message = message }
        init(stringLiteral value: String) { message = value }
    }

    private func question(_ prompt: String, default value: String? = nil,
                          _ check: (String) -> Result<String, WizardError>) throws -> String {
        while true {
            if interactive {
                console.write(prompt + (value.map { $0.isEmpty ? ": " : " [\($0)]: " } ?? ": "))
            }
            guard let line = readLine() else {
                throw CLIError(.usage, "'new' stopped before '\(prompt)' was answered")
            }
            let answer = line.trimmingCharacters()
            switch check(answer.isEmpty ? (value ?? "") : answer) {
            case .success(let result):
                return result
            case .failure(let error):
                guard interactive else { throw CLIError(.dataError, "\(prompt): \(error.message)") }
                console.out("  \(error.message)")
            }
        }
    }

    private func choice<E: RawRepresentable<String> & CaseIterable>(_ prompt: String, _: E.Type, default value: E) throws -> E {
        let names = E.allCases.map(\.rawValue)
        let answer = try question("\(prompt) (\(names.joined(separator: ", ")))", default: value.rawValue) { answer in
            E(rawValue: answer) != nil ? .success(answer)
                : .failure(WizardError(message: "one of \(names.joined(separator: ", "))"
                    + Suggestion.didYouMean(answer, in: names)))
        }
        return E(rawValue: answer)!
    }
}
