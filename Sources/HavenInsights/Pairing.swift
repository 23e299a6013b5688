import HavenCore

/// `haven insights ID --with OTHER [--lag N]` (SPEC §16): this tracker's
/// days split by what OTHER's day `lag` days earlier held, and this
/// tracker's rate on each side with the days behind it. It says what went
/// together, never why.
public struct Pairing: Sendable {
    public var tracker: TrackerDefinition
    public var other: TrackerDefinition
    public var lag: Int
    /// This tracker's days looked at (the range asked, up to its last closed day).
    public var range: InsightsRange
    public var split: Split
    public var measure: Measure
    /// Each side with days, in order; an empty side is left out.
    public var groups: [Group]

    /// The fewest paired days worth a comparison.
    public static var fewestDays: Int { 14 }

    public var days: Int { groups.reduce(0) { $0 + $1.days } }

    /// How OTHER's days are split.
    public enum Split: Sendable, Equatable {
        /// Days with an entry and the rest (a relapse, for an avoidance `check` tracker).
        case logged
        /// Days at or above a day's `at_least` goal, and the rest.
        case atLeast(Double)
        /// Days within a day's limit (`at_most`, or avoidance's default 0), and the rest.
        case atMost(Double)
        /// One side per level, in the set's order, and the days without one.
        case levels
    }

    /// What this tracker's rate is.
    public enum Measure: Sendable, Equatable {
        /// The share of days with an entry (`check`).
        case logged
        /// The share of days whose level is one of these (`levels`; days without a level are not paired).
        case levels([String])
        /// The mean amount a day (`count`, `amount`).
        case mean
    }

    public struct Group: Sendable, Equatable {
        public enum Side: Sendable, Equatable {
            /// The split's own side (logged, at the goal, within the limit).
            case matching
            case rest
            case level(String)
            case noLevel
        }

        public var side: Side
        public var days: Int
        /// Days counted in the share (`logged`, `levels`).
        public var hits: Int
        /// The amounts summed (`mean`).
        public var sum: Double

        /// The share of days (0...1), or the mean amount a day.
        public func rate(_ measure: Measure) -> Double {
            days == 0 ? 0 : (measure == .mean ? sum : Double(hits)) / Double(days)
        }
    }

    static func split(of tracker: TrackerDefinition) -> Split {
        let avoidance = tracker.avoids
        let daily = (tracker.streak?.period ?? .day) == .day && tracker.streak?.window == nil
        switch (tracker.input, tracker.goal) {
        case (.levels, _): return .levels
        case (.count, .atLeast(let n)?) where daily && !avoidance, (.amount, .atLeast(let n)?) where daily && !avoidance:
            return .atLeast(n)
        case (.count, .atMost(let n)?) where daily, (.amount, .atMost(let n)?) where daily: return .atMost(n)
        case (.count, _) where avoidance && daily, (.amount, _) where avoidance && daily: return .atMost(0)
        default: return .logged
        }
    }

    /// `levels`: the keys asked for, else the levels whose effect is a
    /// success when not every one is (NoAlc: steady), else the set's later
    /// half (sets go from low to high: Mood's good and great).
    static func measure(of tracker: TrackerDefinition, levels asked: [String]?) throws(InsightsError) -> Measure {
        switch tracker.input {
        case .check, .count, .amount:
            guard asked == nil else { throw .levelsWithoutLevels(tracker.id) }
            return tracker.input == .check ? .logged : .mean
        case .levels:
            let all = tracker.levels?.levels ?? []
            if let asked {
                // `--levels ""` names no level.
                for key in asked.isEmpty ? [""] : asked where !all.contains(where: { $0.key == key }) {
                    throw .unknownLevel(key, tracker: tracker.id, known: all.map(\.key))
                }
                return .levels(asked)
            }
            let good = all.filter { $0.effect == .success }
            return .levels((good.count < all.count ? good : Array(all.suffix(all.count / 2))).map(\.key))
        }
    }
}
