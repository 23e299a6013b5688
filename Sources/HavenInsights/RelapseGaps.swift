import HavenCore

/// The days between relapses of an avoidance or `at_most` tracker (SPEC
/// §16): for each relapse after the first, the whole days since the one
/// before it (two relapses on one day are one relapse day), and the
/// median and longest of those gaps.
public struct RelapseGaps: Sendable, Equatable {
    /// Each gap in days, in the order the relapses came.
    public var gaps: [Int]

    /// The gaps between the distinct `days` (in any order).
    public init(days: [Day]) {
        let distinct = Set(days.map(\.number)).sorted()
        gaps = zip(distinct, distinct.dropFirst()).map { $1 - $0 }
    }

    /// The middle gap (the mean of the two middle ones for an even count), or nil with none.
    public var median: Double? {
        guard !gaps.isEmpty else { return nil }
        let sorted = gaps.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
    }

    public var longest: Int? { gaps.max() }
}
