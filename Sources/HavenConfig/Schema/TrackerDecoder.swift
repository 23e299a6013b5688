import HavenCore
import YAML

extension DecodeContext {
    /// Decodes a tracker or preset mapping, already merged with the presets
    /// it extends, into a resolved definition; nil when anything is wrong
    /// (every problem has been reported).
    func tracker(_ node: Node, id: String, origin: TrackerDefinition.Origin, references: References,
                 isPreset: Bool) -> TrackerDefinition? {
        // Counted before the keys: an unknown key is a problem of the file too.
        let before = count
        guard let keys = mapping(node, TrackerKey.self, what: Phrase("a tracker file")) else { return nil }

        if isPreset, let idEntry = keys[.id] {
            error("a preset's id is its file name; remove 'id:'", at: idEntry.key)
        }
        let name = keys[.name].flatMap { localized($0.value, what: .key("name")) }
        if keys[.name] == nil {
            error("a tracker needs a 'name:' (or 'extends:' a preset that has one)", at: node)
        }
        let type = keys[.type].map { choice($0.value, TrackerType.self, what: .key("type")) } ?? .good
        let input = keys[.input].map { choice($0.value, InputKind.self, what: .key("input")) } ?? .check
        let icon = keys[.icon].map { self.icon($0.value) } ?? TrackerDefinition.defaultIcon(for: type ?? .good)
        var mode: TrackerMode?
        if let entry = keys[.mode] {
            mode = choice(entry.value, TrackerMode.self, what: .key("mode"))
            if type == .good {
                error("mode is only for saboteurs; add 'type: saboteur' or remove 'mode:'", at: entry.key)
            }
        } else if type == .saboteur {
            mode = .awareness
        }

        let measured = input == .count || input == .amount
        let unit = keys[.unit].flatMap { localized($0.value, what: .key("unit")) }
        if let entry = keys[.unit], let input, !measured {
            error("unit is only for count and amount trackers, and this one's input is '{}'", input.rawValue,
                  at: entry.key)
        }
        let goal = keys[.goal].flatMap { self.goal($0.value) }
        if let entry = keys[.goal], let input, !measured {
            error("goal is only for count and amount trackers, and this one's input is '{}'", input.rawValue,
                  at: entry.key)
        }
        var levels: LevelSet?
        if let entry = keys[.levels] {
            if entry.value.scalar != nil {
                levels = resolve(entry.value, what: Phrase("level set"), names: references.levelFiles.keys,
                                 lookup: references.levelSet)
            } else {
                levels = levelList(entry.value, reference: nil)
            }
            if let input, input != .levels {
                error("levels are only for trackers with 'input: levels', and this one's input is '{}'", input.rawValue,
                      at: entry.key)
            }
        } else if input == .levels {
            error("a levels tracker needs 'levels:', a level set such as core/noalc or a list of levels",
                  at: keys[.input]?.value ?? node)
        }

        let boundary = keys[.dayBoundary].map { time($0.value, what: .key("day_boundary")) } ?? .midnight
        let streak = keys[.streak].map { streakRule($0.value, type: type) } ?? .some(StreakRule())
        var rewards: RewardRule?
        if let entry = keys[.rewards], !isFalse(entry.value) {
            if entry.value.scalar != nil {
                rewards = resolve(entry.value, what: Phrase("reward rule"), names: references.rewardFiles.keys,
                                  lookup: references.reward)
            } else {
                rewards = rewardRule(entry.value, reference: nil)
            }
        }
        let freezes = keys[.freezes].flatMap { freezePolicy($0.value) }
        let reminders = keys[.reminder].map { isFalse($0.value) ? [] : self.reminders($0.value, tracker: node) } ?? []
        if let entry = keys[.reminder], let input, reminders.contains(where: \.untilGoal) {
            var goalAtLeast = false
            if case .atLeast? = goal { goalAtLeast = true }
            if !measured || !goalAtLeast {
                if measured {
                    error("until: goal keeps reminding until a goal of at least N is met, and this tracker has no such "
                          + "goal; add goal: { at_least: N } (or remove 'until:', and any entry today silences the "
                          + "reminder)", at: entry.key)
                } else {
                    error("until: goal keeps reminding until a goal of at least N is met, and this tracker's input is "
                          + "'{}' (or remove 'until:', and any entry today silences the reminder)", input.rawValue,
                          at: entry.key)
                }
            }
        }
        let health = keys[.health].flatMap { isFalse($0.value) ? nil : healthMapping($0.value) }
        // `since`, `pinned` and `archived` are personal (SPEC §2.1): only the
        // person's own files may set them, never a pack's tracker or preset.
        for key in [TrackerKey.since, .pinned, .archived] {
            if let entry = keys[key], !source(of: entry.key).mayBePersonal {
                error("{} is personal, so a pack may not set it; remove it here (each person sets it in a "
                      + "tracker file of their own)", key.rawValue, at: entry.key)
            }
        }
        let pinned = keys[.pinned].map { bool($0.value, what: .key("pinned")) } ?? false
        let archived = keys[.archived].map { bool($0.value, what: .key("archived")) } ?? false
        let hooks = keys[.hooks].flatMap { hookReference($0.value) }
        let since = keys[.since].flatMap { day($0.value, what: .key("since")) }

        guard count == before, let name, let type, let input, let icon, let boundary, let streak,
              let pinned, let archived else { return nil }
        var definition = TrackerDefinition(
            id: id, name: name, icon: icon, type: type, mode: mode, input: input, unit: unit, goal: goal,
            levels: levels, dayBoundary: boundary, streak: streak, rewards: rewards, freezes: freezes,
            reminders: reminders, health: health, pinned: pinned, hooks: hooks, since: since, origin: origin)
        definition.archived = archived
        return definition
    }

    /// True for a plain `false`, which switches an optional block off.
    private func isFalse(_ node: Node) -> Bool {
        if case .scalar(let value, .plain) = node.content { return value == "false" }
        return false
    }

    private func goal(_ node: Node) -> Goal? {
        guard let keys = mapping(node, GoalKey.self, what: .key("goal")) else { return nil }
        switch (keys[.atLeast], keys[.atMost]) {
        case (let least?, nil):
            return number(least.value, what: .key("at_least"), above: 0).map(Goal.atLeast)
        case (nil, let most?):
            return number(most.value, what: .key("at_most"), atLeast: 0).map(Goal.atMost)
        case (_?, let most?):
            error("a goal is either at_least or at_most, not both", at: most.key)
        case (nil, nil):
            error("goal needs at_least or at_most, e.g. { at_least: 8 }", at: node)
        }
        return nil
    }

    /// The W of `period: { rolling: W }`, from 1 to 365 days.
    private func rollingWindow(_ node: Node) -> Int? {
        guard let pairs = node.pairs else { return nil }
        var window: Int?
        for pair in pairs {
            guard pair.key.scalar == "rolling" else {
                let name = pair.key.scalar ?? "?"
                error("unknown key '{}' in period; a rolling period is written { rolling: 7 } (the days of "
                      + "its window)", name,
                      at: pair.key)
                return nil
            }
            window = integer(pair.value, what: .key("rolling"), range: 1...365)
        }
        if window == nil && pairs.isEmpty {
            error("a rolling period needs its days, like { rolling: 7 } with times: 3 for 3 times in any 7 "
                  + "days", at: node)
        }
        return window
    }

    /// A streak rule, or `false` for none. The outer optional is nil on error.
    private func streakRule(_ node: Node, type: TrackerType?) -> StreakRule?? {
        if case .scalar(let value, .plain) = node.content, value == "false" || value == "true" {
            return .some(value == "true" ? StreakRule() : nil)
        }
        guard let keys = mapping(node, StreakKey.self, what: .key("streak")) else { return nil }
        let before = count
        var rule = StreakRule()
        var periodKnown = true
        if let entry = keys[.period] {
            if entry.value.pairs != nil {
                // `{ rolling: W }`: a window of W days that slides day by day (SPEC §4.6).
                if let window = rollingWindow(entry.value) { rule.rolling = window } else { periodKnown = false }
            } else if let period = choice(entry.value, Period.self, what: .key("period")) {
                rule.period = period
            } else {
                periodKnown = false
            }
        }
        if let entry = keys[.times], let times = integer(entry.value, what: .key("times"), range: 1...Int.max) {
            if !periodKnown {
                // The period is already reported; checking times against a guess would mislead.
            } else if let window = rule.rolling {
                if times > window {
                    error("times is {}, more than the {} days of the window can hold; use 1 to "
                          + "{}", times, window, window,
                          at: entry.value)
                } else {
                    rule.times = times
                }
            } else if rule.period == .day && times > 1 {
                error("times counts days in a week, a month or a rolling window; set 'period: week', "
                      + "'period: month' or "
                      + "'period: { rolling: 7 }', or remove it",
                      at: entry.value)
            } else if times > rule.period.maxTimes {
                error("times is {}, more than every {} can hold; use 1 to "
                      + "{}", times, rule.period.rawValue, rule.period.maxTimes,
                      at: entry.value)
            } else {
                rule.times = times
            }
        }
        if let entry = keys[.missing], let missing = choice(entry.value, MissingRule.self, what: .key("missing")) {
            rule.missing = missing
        }
        if let entry = keys[.relapse] {
            if let relapse = choice(entry.value, RelapseRule.self, what: .key("relapse")) { rule.relapse = relapse }
            if type == .good {
                error("relapse is only for saboteurs; add 'type: saboteur' or remove 'relapse:'", at: entry.key)
            }
        }
        if let entry = keys[.milestones], let items = list(entry.value, what: .key("milestones")) {
            var values: [Int] = []
            for item in items {
                guard let value = integer(item, what: Phrase("a milestone"), range: 1...Int.max) else { continue }
                if let last = values.last, value <= last {
                    error("milestones must grow from left to right, and {} comes after {}", value, last, at: item)
                    continue
                }
                values.append(value)
            }
            rule.milestones = values
        }
        if let entry = keys[.weekStart], let start = choice(entry.value, WeekStart.self, what: .key("week_start")) {
            rule.weekStart = start
        }
        return count == before ? .some(rule) : nil
    }

    private func freezePolicy(_ node: Node) -> FreezePolicy? {
        guard let keys = mapping(node, FreezeKey.self, what: .key("freezes")) else { return nil }
        let before = count
        var policy = FreezePolicy()
        if let entry = keys[.max], let max = integer(entry.value, what: .key("max"), range: 0...Int.max) { policy.max = max }
        if let entry = keys[.perMonth], let perMonth = integer(entry.value, what: .key("per_month"), range: 0...Int.max) {
            policy.perMonth = perMonth
        }
        if let entry = keys[.start], let start = integer(entry.value, what: .key("start"), range: 0...Int.max) {
            if start > policy.max {
                error("start is {}, more than the max of {} freezes", start, policy.max, at: entry.value)
            }
            policy.start = start
        }
        return count == before ? policy : nil
    }

    private func healthMapping(_ node: Node) -> HealthMapping? {
        guard let keys = mapping(node, HealthKey.self, what: .key("health")) else { return nil }
        guard let typeEntry = keys[.type] else {
            error("health needs 'type:', a HealthKit identifier such as HKQuantityTypeIdentifierDietaryWater",
                  at: node)
            return nil
        }
        let before = count
        let type = text(typeEntry.value, what: .key("type"))
        let unit = keys[.unit].flatMap { text($0.value, what: .key("unit")) }
        let per = keys[.per].flatMap { number($0.value, what: .key("per"), above: 0) }
        guard count == before, let type else { return nil }
        return HealthMapping(type: type, unit: unit, per: per)
    }
}
