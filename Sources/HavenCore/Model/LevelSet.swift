/// One choice of a `levels` tracker (NoAlc's steady, easy, wild).
public struct Level: Sendable, Hashable {
    public var key: String
    public var icon: String?
    public var label: LocalizedText
    public var effect: Effect
    /// The value written to health data for this level.
    public var health: Double?
    /// Health values read back as this level (inclusive; nil is an open end).
    public var healthRange: HealthRange?

    public init(key: String, icon: String? = nil, label: LocalizedText, effect: Effect,
                health: Double? = nil, healthRange: HealthRange? = nil) {
        self.key = key
        self.icon = icon
        self.label = label
        self.effect = effect
        self.health = health
        self.healthRange = healthRange
    }
}

/// An inclusive range of health values; nil bounds are open.
public struct HealthRange: Sendable, Hashable {
    public var lower: Double?
    public var upper: Double?

    public init(lower: Double?, upper: Double?) {
        self.lower = lower
        self.upper = upper
    }
}

/// A named, ordered list of 2 to 7 levels.
public struct LevelSet: Sendable, Hashable {
    /// `pack/id` for a named set, nil for an inline list.
    public var reference: String?
    public var levels: [Level]

    public static let allowedCount = 2...7

    public init(reference: String?, levels: [Level]) {
        self.reference = reference
        self.levels = levels
    }

    public func level(_ key: String) -> Level? {
        levels.first { $0.key == key }
    }
}
