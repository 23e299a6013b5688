/// Assigns entries to days (SPEC §3): the local time in the entry's own
/// zone, moved to the previous date when it is before the day boundary.
public enum DayAssignment {
    /// The day for an instant (milliseconds UTC) at a UTC offset (seconds).
    public static func day(instant: Int64, offset: Int, boundary: TimeOfDay) -> Day {
        let local = instant / 1000 + Int64(offset)
        let seconds = Int(((local % 86_400) + 86_400) % 86_400)
        var number = Int((local - Int64(seconds)) / 86_400)
        if seconds < boundary.minutes * 60 { number -= 1 }
        return Day(number: number)
    }
}
