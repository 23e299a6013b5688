import HavenCore

/// The keys one kind of YAML mapping accepts. Decoders read keys through
/// these enums, so the did-you-mean for an unknown key comes from the same
/// list the decoder uses.
protocol ConfigKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// What the mapping is, for messages: Haven's words ("a tracker", "a
    /// level"), or the key that holds it, said as written (`streak`).
    static var owner: Phrase { get }
}

enum TrackerKey: String, ConfigKey {
    case id, name, icon, type, mode, input, unit, goal, levels
    case dayBoundary = "day_boundary"
    case streak, rewards, freezes, reminder, health, pinned, archived, extends, hooks, since
    static let owner = Phrase("a tracker")
}

enum StreakKey: String, ConfigKey {
    case period, times, missing, relapse, milestones
    case weekStart = "week_start"
    static let owner = Phrase.key("streak")
}

enum GoalKey: String, ConfigKey {
    case atLeast = "at_least"
    case atMost = "at_most"
    static let owner = Phrase.key("goal")
}

enum LevelKey: String, ConfigKey {
    case key, icon, label, effect, health
    case healthRange = "health_range"
    static let owner = Phrase("a level")
}

enum LevelSetKey: String, ConfigKey {
    case levels
    static let owner = Phrase("a level set")
}

enum RewardKey: String, ConfigKey {
    case earnEvery = "earn_every"
    case max, heals
    static let owner = Phrase.key("rewards")
}

enum FreezeKey: String, ConfigKey {
    case start, max
    case perMonth = "per_month"
    static let owner = Phrase.key("freezes")
}

enum CheckinKey: String, ConfigKey {
    case at
    static let owner = Phrase.key("checkin")
}

enum AtRiskKey: String, ConfigKey {
    case at
    static let owner = Phrase.key("at_risk")
}

enum ReminderKey: String, ConfigKey {
    case at, days, message, enabled, until
    static let owner = Phrase.key("reminder")
}

enum HealthKey: String, ConfigKey {
    case type, unit, per
    static let owner = Phrase.key("health")
}

enum PackKey: String, ConfigKey {
    case name, version, description, authors, license, haven, defaults, id, requires, repository, homepage, disabled, checkin
    case atRisk = "at_risk"
    static let owner = Phrase.key("pack.yaml")
}

enum PracticeKey: String, ConfigKey {
    case name, icon, kind, phases, bells, logs, health
    static let owner = Phrase("a practice")
}

/// A phase is a mapping with one phase key and the keys that go with it.
enum PhaseEntryKey: String, ConfigKey {
    case sit, rest, work, close, breathe, `repeat`, exercise, cycles, duration, phases
    static let owner = Phrase("a phase")
}

enum BreathKey: String, ConfigKey {
    case `in`, hold, out
    case holdOut = "hold_out"
    static let owner = Phrase.key("breathe")
}

enum BellKey: String, ConfigKey {
    case start, phase, end, every
    static let owner = Phrase.key("bells")
}

enum PracticeLogKey: String, ConfigKey {
    case tracker, value, of
    static let owner = Phrase.key("logs")
}
