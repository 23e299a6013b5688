import HavenCore

/// When a tracker's moments happen (SPEC §16): a 7 × 24 grid of the
/// weekday of each entry's assigned day (its tracker's day boundary
/// applied) by the local hour of its instant (its own UTC offset, so a
/// day of a clock change has 23 or 25 hours and none is missing or
/// doubled). A count or amount tracker adds its amounts; any other counts
/// entries.
public struct HourGrid: Sendable, Equatable {
    /// `cells[weekday][hour]`, Monday first.
    public private(set) var cells: [[Double]] = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    /// How many entries each cell holds (the same as `cells` unless amounts are added).
    public private(set) var entries: [[Int]] = Array(repeating: Array(repeating: 0, count: 24), count: 7)

    public init() {}

    /// The grid of `entries`; `amounts` adds each entry's number instead of 1.
    public init(_ entries: [Entry], amounts: Bool) {
        for entry in entries { add(entry, amounts: amounts) }
    }

    public mutating func add(_ entry: Entry, amounts: Bool) {
        let local = entry.instant / 1000 + Int64(entry.offset)
        add(day: entry.day.number, minute: Int(((local % 86_400) + 86_400) % 86_400 / 60),
            value: amounts ? entry.value.number : 1)
    }

    /// Adds `value` at the local `minute` of the day numbered `day`.
    public mutating func add(day: Int, minute: Int, value: Double) {
        let (weekday, hour) = (Day.weekdayIndex(day), minute / 60)
        cells[weekday][hour] += value
        entries[weekday][hour] += 1
    }

    public subscript(weekday: Weekday, hour: Int) -> Double {
        cells[Weekday.allCases.firstIndex(of: weekday)!][hour]
    }

    /// Everything in the grid.
    public var total: Double { cells.joined().reduce(0, +) }

    /// The same grid in 6 blocks of 4 hours (00–04, 04–08 …), for a narrow terminal.
    public var blocks: [[Double]] {
        cells.map { row in stride(from: 0, to: 24, by: 4).map { row[$0..<($0 + 4)].reduce(0, +) } }
    }

    /// The busiest cells, most first (ties by weekday, then hour), at
    /// most `count`, each holding at least `entries` entries: a cell with
    /// one moment is no pattern.
    public func busiest(_ count: Int, entries least: Int = 2) -> [(weekday: Weekday, hour: Int, value: Double)] {
        var all: [(weekday: Weekday, hour: Int, value: Double)] = []
        for (w, row) in cells.enumerated() {
            for (h, value) in row.enumerated() where value > 0 && entries[w][h] >= least {
                all.append((Weekday.allCases[w], h, value))
            }
        }
        return Array(all.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            return a.weekday != b.weekday ? a.weekday < b.weekday : a.hour < b.hour
        }.prefix(count))
    }
}
