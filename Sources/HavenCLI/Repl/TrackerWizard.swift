import HavenCore
import HavenPresentation

/// The questions of `haven new`, each checked as it is answered: on a
/// terminal a wrong answer is asked again; piped, it ends the command.
/// The kind comes first, then the core presets suggested for it (the
/// origin app's suggestions), then the custom path, then a reminder time.
struct TrackerWizard {
    let interactive: Bool
    let console: Console
    let takenIDs: Set<String>
    let levelSets: [String]
    /// The presets suggested for each kind, as the wizard offers them.
    let suggestions: [TrackerType: [TrackerDefinition]]

    struct Answers {
        var name = "", id = "", icon = "🌱", type = TrackerType.good, mode: TrackerMode?
        var input = InputKind.check, levels: String?, unit: String?, goal: String?
        var period: Period? = .day, times = 1, earnEvery: Int?
        /// A suggestion taken: the preset the file extends (`core/water`).
        var preset: String?
        var reminder: TimeOfDay?
    }

    mutating func ask() throws -> Answers {
        let w = console.words
        var a = Answers()
        a.type = try choice(w("Type"), TrackerType.self, default: .good)
        if let preset = try suggestion(for: a.type) {
            a.preset = "core/" + preset.id
            a.id = try question(w("Id"), default: free(preset.id)) { id in checkID(id) }
            a.reminder = try reminder()
            return a
        }
        a.name = try question(w("Name")) { $0.isEmpty ? .failing(w("a tracker needs a name")) : .success($0) }
        a.id = try question(w("Id"), default: TrackerWizard.id(from: a.name)) { id in checkID(id) }
        a.icon = try question(w("Icon"), default: "🌱") {
            $0.count <= 8 ? .success($0) : .failing(w("one emoji or up to 8 characters"))
        }
        if a.type == .saboteur { a.mode = try choice(w("Mode"), TrackerMode.self, default: .awareness) }
        a.input = try choice(w("Input"), InputKind.self, default: .check)
        switch a.input {
        case .levels:
            a.levels = try question(w("Levels ({}, or keys like calm,slip)", levelSets.prefix(3).joined(separator: ", ")),
                                    default: "core/mood") { answer in
                if answer.contains("/") {
                    return levelSets.contains(answer) ? .success(answer) : .failing(w("no level set '{}'", answer))
                }
                let keys = answer.split(separator: ",").map(String.init)
                guard (2...7).contains(keys.count), keys.allSatisfy(Identifier.isValid), Set(keys).count == keys.count else {
                    return .failing(w("2 to 7 different keys, separated by commas, like calm,slip,wild"))
                }
                return .success(keys.joined(separator: ","))
            }
        case .count, .amount:
            let unit = try question(w("Unit (glasses, min, km; empty for none)"), default: "") { .success($0) }
            a.unit = unit.isEmpty ? nil : unit
            let goal = try question(w("Goal (at least 8, at most 2; empty for none)"), default: "") { answer in
                TrackerWizard.goal(answer).mapError { _ in WizardError(message: w("write 'at least N' or 'at most N'")) }
            }
            a.goal = goal.isEmpty ? nil : goal
        case .check:
            break
        }
        let period = try question(w("Streak period (day, week, month, none)"), default: "day") { answer in
            answer == "none" || Period(rawValue: answer) != nil ? .success(answer) : .failing(w("day, week, month or none"))
        }
        a.period = Period(rawValue: period)
        if let p = a.period, p != .day, a.goal == nil {
            a.times = Int(try question(w("Successful days per {}", w(p.rawValue)), default: "1") { answer in
                Int(answer).map { (1...p.maxTimes).contains($0) } == true ? .success(answer)
                    : .failing(w("a number from 1 to {}", p.maxTimes))
            })!
        }
        if a.period != nil {
            let every = try question(w("A joker every N successful periods (empty for none)"), default: "") { answer in
                answer.isEmpty || (Int(answer).map { $0 >= 1 } ?? false) ? .success(answer) : .failing(w("a number of at least 1"))
            }
            a.earnEvery = Int(every)
        }
        a.reminder = try reminder()
        return a
    }

    /// The suggestions for a kind, numbered; nil for the custom path (Enter).
    private func suggestion(for type: TrackerType) throws -> TrackerDefinition? {
        let offered = suggestions[type] ?? []
        guard !offered.isEmpty else { return nil }
        let w = console.words, language = console.language
        let list = offered.enumerated().map { "\($0.offset + 1) \($0.element.icon) \($0.element.name.resolve(language))" }
        let picked = try question(w("Start from one of these ({}), or press Enter for your own",
                                    list.joined(separator: ", ")), default: "") { answer in
            if answer.isEmpty { return .success("") }
            if let number = Int(answer) {
                return (1...offered.count).contains(number) ? .success(offered[number - 1].id)
                    : .failing(w("a number from 1 to {}, or Enter for your own", offered.count))
            }
            let folded = answer.lowercased()
            if let match = offered.first(where: { preset in
                preset.id == folded || TrackerWizard.aliases[folded] == preset.id
                    || Words.languages.contains { preset.name.resolve($0).lowercased() == folded }
            }) { return .success(match.id) }
            return .failing(w("a number from 1 to {}, or Enter for your own", offered.count))
        }
        return offered.first { $0.id == picked }
    }

    private func reminder() throws -> TimeOfDay? {
        let w = console.words
        let answer = try question(w("Reminder time (HH:MM, like 20:00; empty for none)"), default: "") { answer in
            answer.isEmpty || TimeOfDay(answer) != nil ? .success(answer)
                : .failing(w("a time written HH:MM, like 20:00, or empty for none"))
        }
        return TimeOfDay(answer)
    }

    private func checkID(_ id: String) -> Result<String, WizardError> {
        let w = console.words
        if !Identifier.isValid(id) { return .failing(w("use lower-case letters, digits and '-', starting with a letter")) }
        if takenIDs.contains(id) { return .failing(w("'{}' is taken; choose another", id)) }
        return .success(id)
    }

    /// `id`, or `id-2`, `id-3` … when it is taken.
    private func free(_ id: String) -> String {
        var candidate = id, number = 1
        while takenIDs.contains(candidate) {
            number += 1
            candidate = "\(id)-\(number)"
        }
        return candidate
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
                throw CLIError(.usage, console.words("'new' stopped before '{}' was answered", prompt))
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
                : .failure(WizardError(message: console.words("one of {}", names.joined(separator: ", "))
                    + Suggestion.didYouMean(answer, in: names)))
        }
        return E(rawValue: answer)!
    }
}
