/// What a tracker's entries and freezes amount to, day by day, over a range
/// of day numbers: the engine's only input besides the rules.
public struct DayTable: Sendable {
    /// The day number of index 0.
    public let first: Int
    /// Entries per day.
    public private(set) var counts: [Int32]
    /// Sum of entry values per day (count and amount), in thousandths:
    /// summed exactly, so 0.7 + 0.1 is 0.8 (SPEC §3).
    public private(set) var sums: [Int64]
    /// The deciding level's effect per day (levels): -1 none, else `Effect` index.
    public private(set) var effects: [Int8]
    /// The instant (any monotonic unit) of the deciding level entry.
    private var effectTimes: [Int64]
    public private(set) var frozen: [Bool]
    /// A hook's outcome per day (SPEC §5 `day_outcome`): -1 none, else `Effect` index.
    public private(set) var overrides: [Int8]

    /// An empty table for days `first ..< first + count`.
    public init(first: Int, count: Int) {
        self.first = first
        let n = max(0, count)
        counts = [Int32](repeating: 0, count: n)
        sums = [Int64](repeating: 0, count: n)
        effects = [Int8](repeating: -1, count: n)
        effectTimes = [Int64](repeating: .min, count: n)
        frozen = [Bool](repeating: false, count: n)
        overrides = [Int8](repeating: -1, count: n)
    }

    public var count: Int { counts.count }

    /// A value in thousandths, as amounts are kept (at most three decimals).
    public static func milli(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((value * 1000).rounded())
    }

    /// The day at `index`'s sum as a number.
    public func sum(at index: Int) -> Double { Double(sums[index]) / 1000 }

    /// Adds one entry on day `day`; `effect` for levels, decided by the latest `instant`.
    public mutating func add(day: Int, value: Double = 0, effect: Effect? = nil, instant: Int64 = 0) {
        let i = day - first
        guard i >= 0, i < counts.count else { return }
        counts[i] += 1
        sums[i] += DayTable.milli(value)
        if let effect, instant >= effectTimes[i] {
            effectTimes[i] = instant
            effects[i] = Int8(Effect.allCases.firstIndex(of: effect)!)
        }
    }

    /// Sets a day from its summed-up entries: `count` entries whose values
    /// add up to `milli` thousandths, decided by `effect` (levels).
    public mutating func set(day: Int, count: Int, milli: Int64, effect: Effect?) {
        let i = day - first
        guard i >= 0, i < counts.count else { return }
        counts[i] = Int32(clamping: count)
        sums[i] = milli
        effects[i] = effect.map { Int8(Effect.allCases.firstIndex(of: $0)!) } ?? -1
        effectTimes[i] = .max
    }

    /// A day's outcome decided by a hook, in place of the table of §4.1.
    public mutating func override(day: Int, _ effect: Effect) {
        let i = day - first
        guard i >= 0, i < overrides.count else { return }
        overrides[i] = Int8(Effect.allCases.firstIndex(of: effect)!)
    }

    /// True when a day from `from` through `to` (either may lie outside) is frozen.
    public func anyFrozen(from: Int, to: Int) -> Bool {
        let lower = max(from - first, 0), upper = min(to - first, frozen.count - 1)
        return lower <= upper && frozen[lower...upper].contains(true)
    }

    public mutating func freeze(day: Int) {
        let i = day - first
        guard i >= 0, i < frozen.count else { return }
        frozen[i] = true
    }
}
