import HavenCore
import YAML

extension DecodeContext {
    /// Decodes a `practices/<name>.yaml` file (SPEC §14); nil when anything
    /// is wrong (every problem has been reported). `trackers`, when given,
    /// are the ids `logs: tracker` may name (a home's practice); a pack's
    /// practice names a tracker of whichever home installs it.
    func practice(_ node: Node, reference: String, trackers: Set<String>?) -> PracticeDefinition? {
        let before = count
        guard let keys = mapping(node, PracticeKey.self, what: Phrase("a practice file")) else { return nil }
        let name = keys[.name].flatMap { localized($0.value, what: .key("name")) }
        if keys[.name] == nil { error("a practice needs a 'name:'", at: node) }
        let icon = keys[.icon].flatMap { self.icon($0.value) }
        let kind = keys[.kind].flatMap { choice($0.value, PracticeKind.self, what: .key("kind")) }
        if keys[.kind] == nil {
            error("a practice needs a 'kind:', one of "
                  + "{}", PracticeKind.allCases.map(\.rawValue).joined(separator: ", "),
                  at: node)
        }
        var phases: [PracticePhase]?
        if let entry = keys[.phases] {
            phases = phaseList(entry.value, depth: 0)
        } else {
            error("a practice needs 'phases:', a list such as [{ sit: 10m }]", at: node)
        }
        let bells = keys[.bells] == nil ? PracticeBells() : keys[.bells].flatMap { self.bells($0.value) }
        let logs = keys[.logs].flatMap { practiceLog($0.value, phases: phases ?? [], trackers: trackers) }
        let health = keys[.health].flatMap { choice($0.value, PracticeHealth.self, what: .key("health")) }
        guard count == before, let name, let kind, let phases, let bells else { return nil }
        return PracticeDefinition(reference: reference, name: name, icon: icon, kind: kind, phases: phases,
                                  bells: bells, logs: logs, health: health)
    }

    /// The longest practice, and the longest phase: a day.
    static let longestPractice = 86_400_000

    private func phaseList(_ node: Node, depth: Int) -> [PracticePhase]? {
        guard let items = list(node, what: .key("phases")) else { return nil }
        guard !items.isEmpty else {
            error("phases must list at least one phase, such as { sit: 10m }", at: node)
            return nil
        }
        let decoded = items.map { phase($0, depth: depth) }
        guard decoded.allSatisfy({ $0 != nil }) else { return nil }
        let phases = decoded.compactMap { $0 }
        guard PracticeTimeline(phases).total <= DecodeContext.longestPractice else {
            error("these phases last longer than a day; a practice lasts at most 24h", at: node)
            return nil
        }
        return phases
    }

    private func phase(_ node: Node, depth: Int) -> PracticePhase? {
        let before = count
        guard let keys = mapping(node, PhaseEntryKey.self, what: Phrase("a phase")) else { return nil }
        let named: [PhaseEntryKey] = [.sit, .rest, .work, .close, .breathe, .repeat]
        let given = named.filter { keys[$0] != nil }
        guard given.count == 1, let key = given.first, let entry = keys[key] else {
            let choices = Phrase("sit, rest, work, close, breathe or repeat")
            if given.isEmpty {
                // An unknown key (`siit: 10m`) has been reported with its did-you-mean.
                if count == before { error("a phase needs one of {}, such as { sit: 10m }", choices, at: node) }
            } else {
                let named = given.map { "'\($0.rawValue)'" }
                let these = named.count == 2 ? Phrase("{} and {}", named[0], named[1])
                    : .literal(named.joined(separator: ", "))
                error("a phase is one of {}, and this one has {}; write each as a phase of its own", choices, these,
                      at: keys[given[1]]!.key)
            }
            return nil
        }
        // The keys that go with another phase than this one.
        let belongs: [PhaseEntryKey: PhaseEntryKey] = [.exercise: .work, .cycles: .breathe, .duration: .breathe,
                                                       .phases: .repeat]
        var stray = false
        for (modifier, owner) in belongs.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where keys[modifier] != nil && owner != key {
            error("'{}' goes with a {} phase, not with "
                  + "{}", modifier.rawValue, owner.rawValue, key.rawValue, at: keys[modifier]!.key)
            stray = true
        }
        guard !stray else { return nil }
        switch key {
        case .sit, .rest, .work, .close:
            guard let milliseconds = length(entry.value, what: .literal(key.rawValue)) else { return nil }
            let exercise = keys[.exercise].flatMap { localized($0.value, what: .key("exercise")) }
            if keys[.exercise] != nil && exercise == nil { return nil }
            return .timed(TimedPhase(key: PhaseKey(rawValue: key.rawValue)!, milliseconds: milliseconds, exercise: exercise))
        case .breathe:
            return breathe(entry.value, cycles: keys[.cycles], duration: keys[.duration], phase: node)
        case .repeat:
            guard let rounds = integer(entry.value, what: .key("repeat"), range: 1...1000) else { return nil }
            guard let inner = keys[.phases] else {
                error("a repeat needs 'phases:', the list repeated, such as [{ work: 20s }, { rest: 10s "
                      + "}]", at: entry.key)
                return nil
            }
            guard depth < 3 else {
                error("repeats go at most three deep", at: entry.key)
                return nil
            }
            return phaseList(inner.value, depth: depth + 1).map { .rounds(rounds, $0) }
        default:
            return nil
        }
    }

    private func breathe(_ node: Node, cycles: Entry?, duration: Entry?, phase: Node) -> PracticePhase? {
        guard let keys = mapping(node, BreathKey.self, what: .key("breathe")) else { return nil }
        func seconds(_ key: BreathKey, required: Bool) -> Int? {
            guard let entry = keys[key] else {
                if required { error("breathe needs '{}:', its seconds, such as {}: "
                                    + "4", key.rawValue, key.rawValue, at: node) }
                return required ? nil : 0
            }
            guard let value = number(entry.value, what: .literal(key.rawValue), atLeast: required ? nil : 0) else {
                return nil
            }
            guard required ? value > 0 : value >= 0, value <= 60 else {
                error("{} is seconds {} up to 60, not "
                      + "{}", key.rawValue, required ? Phrase("above 0") : Phrase("from 0"), format(value),
                      at: entry.value)
                return nil
            }
            return Int((value * 1000).rounded())
        }
        let pattern = (seconds(.in, required: true), seconds(.hold, required: false), seconds(.out, required: true),
                       seconds(.holdOut, required: false))
        if cycles != nil, let duration {
            error("give breathe either 'cycles:' or 'duration:', not both", at: duration.key)
            return nil
        }
        var length: BreathLength?
        if let cycles {
            length = integer(cycles.value, what: .key("cycles"), range: 1...1000).map { .cycles($0) }
        } else if let duration {
            length = self.length(duration.value, what: .key("duration")).map { .duration($0) }
        } else {
            error("breathe needs 'cycles:' (breaths) or 'duration:' (such as 5m) beside it", at: phase)
        }
        guard let breatheIn = pattern.0, let hold = pattern.1, let breatheOut = pattern.2, let holdOut = pattern.3,
              let length else { return nil }
        return .breathe(BreathPattern(breatheIn: breatheIn, hold: hold, breatheOut: breatheOut, holdOut: holdOut),
                        length: length)
    }

    private func bells(_ node: Node) -> PracticeBells? {
        guard let keys = mapping(node, BellKey.self, what: .key("bells")) else { return nil }
        let before = count
        var bells = PracticeBells()
        if let entry = keys[.start] { bells.start = bool(entry.value, what: .key("start")) ?? true }
        if let entry = keys[.phase] { bells.phase = bool(entry.value, what: .key("phase")) ?? true }
        if let entry = keys[.end] { bells.end = bool(entry.value, what: .key("end")) ?? true }
        if let entry = keys[.every], !entry.value.isNull { bells.every = length(entry.value, what: .key("every")) }
        return count == before ? bells : nil
    }

    private func practiceLog(_ node: Node, phases: [PracticePhase], trackers: Set<String>?) -> PracticeLog? {
        guard let keys = mapping(node, PracticeLogKey.self, what: .key("logs")) else { return nil }
        let before = count
        var tracker: String?
        if let entry = keys[.tracker], let id = text(entry.value, what: .key("tracker")) {
            if !Identifier.isValid(id) {
                error("tracker '{}' must be a tracker id: lower-case letters, digits and '-', starting with "
                      + "a letter", id,
                      at: entry.value)
            } else if let trackers, !trackers.contains(id) {
                error("no tracker '{}'{}; logs names one of your trackers ('haven trackers' lists "
                      + "them)", id, Suggestion.didYouMeanPhrase(id, in: trackers.sorted()), at: entry.value)
            }
            tracker = id
        } else if keys[.tracker] == nil {
            error("logs needs 'tracker:', the tracker a finished practice logs on", at: node)
        }
        let value = keys[.value].map { choice($0.value, PracticeLog.Value.self, what: .key("value")) } ?? .done
        var of: [PhaseKey] = []
        if let entry = keys[.of] {
            if value != .minutes {
                error("'of' picks the phases whose minutes count, so it goes with value: minutes", at: entry.key)
            }
            let used = Set(PracticeTimeline(phases).steps.compactMap { step -> PhaseKey? in
                if case .timed(let key) = step.kind { return key } else { return nil }
            })
            for item in list(entry.value, what: .key("of")) ?? [] {
                guard let key = choice(item, PhaseKey.self, what: .key("phase")) else { continue }
                if !used.isEmpty && !used.contains(key) {
                    error("this practice has no {} phase; of names phases it has: {}", key.rawValue,
                          used.map(\.rawValue).sorted().joined(separator: ", "), at: item)
                }
                of.append(key)
            }
        }
        guard count == before, let tracker, let value else { return nil }
        return PracticeLog(tracker: tracker, value: value, of: of)
    }

    /// A length written with its units: `30s`, `10m`, `1h`, `1m30s`; at most a day.
    func length(_ node: Node, what: Phrase) -> Int? {
        guard let text = node.scalar, !node.isNull, let milliseconds = DurationText.milliseconds(text) else {
            error("{} must be a length such as 30s, 10m, 1h or 1m30s, not {}", what, describeValue(node), at: node)
            return nil
        }
        guard milliseconds > 0, milliseconds <= DecodeContext.longestPractice else {
            error("{} must be longer than 0s and at most 24h, not '{}'", what, node.scalar!, at: node)
            return nil
        }
        return milliseconds
    }
}
