/// A timed exercise that logs on completion (SPEC §14): a meditation of one
/// or more phases, a breathing pattern, an interval workout. Declared in a
/// pack's `practices/` folder, as trackers are in `trackers/`.
public struct PracticeDefinition: Sendable, Equatable {
    /// `pack/name`, e.g. `core/box-breathing`; the file's name without `.yaml`.
    public var reference: String
    public var name: LocalizedText
    public var icon: String?
    public var kind: PracticeKind
    public var phases: [PracticePhase]
    public var bells: PracticeBells
    public var logs: PracticeLog?
    public var health: PracticeHealth?

    public init(reference: String, name: LocalizedText, icon: String?, kind: PracticeKind, phases: [PracticePhase],
                bells: PracticeBells = PracticeBells(), logs: PracticeLog?, health: PracticeHealth?) {
        self.reference = reference
        self.name = name
        self.icon = icon
        self.kind = kind
        self.phases = phases
        self.bells = bells
        self.logs = logs
        self.health = health
    }

    /// The name a person types: the part after the pack (`box-breathing`).
    public var shortName: String { reference.split(separator: "/").last.map(String.init) ?? reference }
}

extension [PracticeDefinition] {
    /// The practice a person names: `pack/name`, or a name alone (the first
    /// in this order: the home's, then each pack's in load order).
    public func named(_ name: String) -> PracticeDefinition? {
        name.contains("/") ? first { $0.reference == name } : first { $0.shortName == name }
    }
}

public enum PracticeKind: String, CaseIterable, Sendable {
    case meditation, breathing, workout
}

/// What `export health` writes a completed practice as.
public enum PracticeHealth: String, CaseIterable, Sendable {
    case mindfulSession = "mindful_session"
    case workout

    /// The HealthKit type and unit a practice's minutes go out as.
    public var mapping: HealthMapping {
        switch self {
        case .mindfulSession: HealthMapping(type: "HKCategoryTypeIdentifierMindfulSession", unit: "min")
        case .workout: HealthMapping(type: "HKWorkoutTypeIdentifier", unit: "min")
        }
    }
}

/// One phase of a practice.
public indirect enum PracticePhase: Sendable, Equatable {
    /// A phase of fixed length named by its key (`sit`, `rest`, `work`,
    /// `close`); a `work` phase may name its exercise.
    case timed(TimedPhase)
    /// A breathing pattern, for a number of cycles or a length of time.
    case breathe(BreathPattern, length: BreathLength)
    /// `repeat: N` of the phases: rounds.
    case rounds(Int, [PracticePhase])
}

public struct TimedPhase: Sendable, Equatable {
    public var key: PhaseKey
    /// Milliseconds.
    public var milliseconds: Int
    public var exercise: LocalizedText?

    public init(key: PhaseKey, milliseconds: Int, exercise: LocalizedText? = nil) {
        self.key = key
        self.milliseconds = milliseconds
        self.exercise = exercise
    }
}

/// The keys a timed phase is named by.
public enum PhaseKey: String, CaseIterable, Sendable {
    case sit, rest, work, close
}

/// Seconds of each step of one breath, in milliseconds; a hold of 0 is no step.
public struct BreathPattern: Sendable, Equatable {
    public var breatheIn: Int
    public var hold: Int
    public var breatheOut: Int
    public var holdOut: Int

    public init(breatheIn: Int, hold: Int = 0, breatheOut: Int, holdOut: Int = 0) {
        self.breatheIn = breatheIn
        self.hold = hold
        self.breatheOut = breatheOut
        self.holdOut = holdOut
    }

    /// One breath, in milliseconds.
    public var cycle: Int { breatheIn + hold + breatheOut + holdOut }
}

public enum BreathLength: Sendable, Equatable {
    case cycles(Int)
    /// Milliseconds: as many whole breaths as fit, at least one.
    case duration(Int)
}

/// Which bells ring: at the start, at each phase change, at the end, and
/// every so many milliseconds within a phase.
public struct PracticeBells: Sendable, Equatable {
    public var start: Bool
    public var phase: Bool
    public var end: Bool
    public var every: Int?

    public init(start: Bool = true, phase: Bool = true, end: Bool = true, every: Int? = nil) {
        self.start = start
        self.phase = phase
        self.end = end
        self.every = every
    }
}

/// What a completed practice logs, and on which tracker.
public struct PracticeLog: Sendable, Equatable {
    public enum Value: String, CaseIterable, Sendable {
        /// The minutes of the phases named in `of` (all timed phases when empty).
        case minutes
        /// The rounds completed (of the practice's `repeat`), or the breaths.
        case rounds
        /// A check: done.
        case done
    }

    public var tracker: String
    public var value: Value
    public var of: [PhaseKey]

    public init(tracker: String, value: Value, of: [PhaseKey] = []) {
        self.tracker = tracker
        self.value = value
        self.of = of
    }
}
