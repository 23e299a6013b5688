/// Calendar arithmetic on day numbers (days since 1970-01-01, proleptic
/// Gregorian), so that the engine steps through days with integer math:
/// a DST day is an ordinary day.
extension Day {
    /// Days since 1970-01-01.
    public var number: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day with this number; numbers outside 1900–9999 are clamped.
    public init(number: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self = Day(year: min(max(y, 1900), 9999), month: m, day: d) ?? Day(year: 1900, month: 1, day: 1)!
    }

    /// Monday is 0, Sunday 6.
    public static func weekdayIndex(_ number: Int) -> Int {
        // 1970-01-01 was a Thursday (index 3).
        ((number % 7) + 7 + 3) % 7
    }

    public var weekday: Weekday { Weekday.allCases[Day.weekdayIndex(number)] }

    public func adding(days: Int) -> Day { Day(number: number + days) }
}
