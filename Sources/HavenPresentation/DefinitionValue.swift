import HavenCore

/// A resolved tracker as a value: what `show` prints as YAML or JSON.
public enum DefinitionValue {
    public static func make(_ t: TrackerDefinition, language: String) -> Value {
        Value.fields([
            ("id", .string(t.id)),
            ("name", text(t.name)),
            ("icon", .string(t.icon)),
            ("type", .string(t.type.rawValue)),
            ("mode", t.mode.map { .string($0.rawValue) }),
            ("input", .string(t.input.rawValue)),
            ("unit", t.unit.map(text)),
            ("goal", t.goal.map(goal)),
            ("levels", t.levels.map { levelSet($0) }),
            ("day_boundary", .string(t.dayBoundary.description)),
            ("streak", t.streak.map(streak) ?? .bool(false)),
            ("rewards", t.rewards.map(rewards)),
            ("freezes", t.freezes.map(freezes)),
            ("reminders", t.reminders.isEmpty ? nil : .array(t.reminders.map(reminder))),
            ("health", t.health.map { Value.fields([("type", .string($0.type)), ("unit", $0.unit.map(Value.string)),
                                                    ("per", $0.per.map(number))]) }),
            ("pinned", .bool(t.pinned)),
            ("archived", t.archived ? .bool(true) : nil),
            ("hooks", t.hooks.map { .string($0.path) }),
            ("since", t.since.map { .string($0.description) }),
            ("pack", .string(t.origin.pack)),
            ("file", .string(t.origin.file)),
            ("extends", t.origin.extends.isEmpty ? nil : .array(t.origin.extends.map(Value.string))),
        ])
    }

    public static func text(_ text: LocalizedText) -> Value {
        if let plain = text.plain { return .string(plain) }
        let ordered = text.translations.keys.sorted { a, b in a == "en" || (b != "en" && a < b) }
        return .object(ordered.map { ($0, .string(text.translations[$0]!)) })
    }

    public static func number(_ d: Double) -> Value {
        d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
    }

    public static func goal(_ goal: Goal) -> Value {
        switch goal {
        case .atLeast(let n): return .object([("at_least", number(n))])
        case .atMost(let n): return .object([("at_most", number(n))])
        }
    }

    public static func levelSet(_ set: LevelSet) -> Value {
        let levels = Value.array(set.levels.map { level in
            Value.fields([
                ("key", .string(level.key)),
                ("icon", level.icon.map(Value.string)),
                ("label", text(level.label)),
                ("effect", .string(level.effect.rawValue)),
                ("health", level.health.map(number)),
                ("health_range", level.healthRange.map {
                    .array([$0.lower.map(number) ?? .null, $0.upper.map(number) ?? .null])
                }),
            ])
        })
        return Value.fields([("set", set.reference.map(Value.string)), ("levels", levels)])
    }

    public static func streak(_ s: StreakRule) -> Value {
        Value.fields([
            ("period", s.rolling.map { .object([("rolling", .int($0))]) } ?? .string(s.period.rawValue)),
            ("times", .int(s.times)),
            ("missing", .string(s.missing.rawValue)),
            ("relapse", .string(s.relapse.rawValue)),
            ("milestones", .array(s.milestones.map(Value.int))),
            ("week_start", s.period == .week ? .string(s.weekStart.rawValue) : nil),
        ])
    }

    public static func rewards(_ r: RewardRule) -> Value {
        Value.fields([("rule", r.reference.map(Value.string)), ("earn_every", .int(r.earnEvery)),
                      ("max", .int(r.max)), ("heals", .bool(r.heals))])
    }

    public static func freezes(_ f: FreezePolicy) -> Value {
        .object([("start", .int(f.start)), ("max", .int(f.max)), ("per_month", .int(f.perMonth))])
    }

    public static func reminder(_ r: Reminder) -> Value {
        Value.fields([("at", .string(r.at.description)), ("days", .array(r.days.map { .string($0.rawValue) })),
                      ("message", r.message.map(text)), ("enabled", .bool(r.enabled)),
                      ("until", r.untilGoal ? .string("goal") : nil)])
    }
}
