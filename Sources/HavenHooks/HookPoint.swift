/// The functions a hooks file may define (SPEC §5).
public enum HookPoint: String, Sendable, CaseIterable {
    /// `day_outcome(day)`: "success", "grace", "break", "neutral" or nil (the table of §4.1).
    case dayOutcome = "day_outcome"
    /// `health_value(entry)`: the number written to health data, or nil.
    case healthValue = "health_value"
    /// `level_from_health(value)`: the level key a health value reads back as, or nil.
    case levelFromHealth = "level_from_health"
    /// `validate(entry)`: nil, or a message that refuses the entry.
    case validate
    /// `on_log(entry, streak)`: an optional short message shown after a log.
    case onLog = "on_log"
}
