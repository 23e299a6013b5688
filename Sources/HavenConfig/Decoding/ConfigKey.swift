/// The keys one kind of YAML mapping accepts. Decoders read keys through
/// these enums, so the did-you-mean for an unknown key comes from the same
/// list the decoder uses.
protocol ConfigKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// What the mapping is, for messages ("a tracker", "a level").
    static var owner: String { get }
}

enum TrackerKey: String, ConfigKey {
    case id, name, icon, type, mode, input, unit, goal, levels
    case dayBoundary = "day_boundary"
    case streak, rewards, freezes, reminder, health, pinned, archived, extends, hooks, since
    static let owner = "a tracker"
}

enum StreakKey: String, ConfigKey {
    case period, times, missing, relapse, milestones
    case weekStart = "week_start"
    static let owner = "streak"
}

enum GoalKey: String, ConfigKey {
    case atLeast = "at_least"
    case atMost = "at_most"
    static let owner = "goal"
}

enum LevelKey: String, ConfigKey {
    case key, icon, label, effect, health
    case healthRange = "health_range"
    static let owner = "a level"
}

enum LevelSetKey: String, ConfigKey {
    case levels
    static let owner = "a level set"
}

enum RewardKey: String, ConfigKey {
    case earnEvery = "earn_every"
    case max, heals
    static let owner = "rewards"
}

enum FreezeKey: String, ConfigKey {
    case start, max
    case perMonth = "per_month"
    static let owner = "freezes"
}

enum CheckinKey: String, ConfigKey {
    case at
    static let owner = "checkin"
}

enum AtRiskKey: String, ConfigKey {
    case at
    static let owner = "at_risk"
}

enum ReminderKey: String, ConfigKey {
    case at, days, message, enabled, until
    static let owner = "reminder"
}

enum HealthKey: String, ConfigKey {
    case type, unit, per
    static let owner = "health"
}

enum PackKey: String, ConfigKey {
    case name, version, description, authors, license, haven, defaults, id, requires, repository, homepage, disabled, checkin
    case atRisk = "at_risk"
    static let owner = "pack.yaml"
}

enum PracticeKey: String, ConfigKey {
    case name, icon, kind, phases, bells, logs, health
    static let owner = "a practice"
}

/// A phase is a mapping with one phase key and the keys that go with it.
enum PhaseEntryKey: String, ConfigKey {
    case sit, rest, work, close, breathe, `repeat`, exercise, cycles, duration, phases
    static let owner = "a phase"
}

enum BreathKey: String, ConfigKey {
    case `in`, hold, out
    case holdOut = "hold_out"
    static let owner = "breathe"
}

enum BellKey: String, ConfigKey {
    case start, phase, end, every
    static let owner = "bells"
}

enum PracticeLogKey: String, ConfigKey {
    case tracker, value, of
    static let owner = "logs"
}
