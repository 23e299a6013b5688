/// A local calendar date, as written in files and shown to people (`2026-01-31`).
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A valid proleptic Gregorian date between the years 1900 and 9999, or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1900...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    /// Byte by byte: the store reads thousands of these per status.
    public init?(_ text: String) {
        guard let (y, m, d) = DecimalFields.parse(text, "____-__-__") else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String {
        DecimalFields.format([(year, 4), (month, 2), (day, 2)], separator: UInt8(ascii: "-"))
    }

    public static func < (a: Day, b: Day) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// A local time of day, written `"HH:MM"` in files.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0 ..< 1440.
    public var minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Parses exactly `HH:MM` (24-hour clock).
    public init?(_ text: String) {
        guard let (h, m, _) = DecimalFields.parse(text, "__:__") else { return nil }
        self.init(hour: h, minute: m)
    }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)!

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        DecimalFields.format([(hour, 2), (minute, 2)], separator: UInt8(ascii: ":"))
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}

/// Fixed-width decimal fields between separators, as in `2026-01-31` and `21:30`.
enum DecimalFields {
    /// Parses `text` against `shape`, where `_` is one ASCII digit and every
    /// other byte must match itself; up to three fields, missing ones are 0.
    static func parse(_ text: String, _ shape: StaticString) -> (Int, Int, Int)? {
        var text = text
        return text.withUTF8 { bytes -> (Int, Int, Int)? in
            guard bytes.count == shape.utf8CodeUnitCount else { return nil }
            var fields = (0, 0, 0), index = 0, inField = false
            for (i, expected) in UnsafeBufferPointer(start: shape.utf8Start, count: shape.utf8CodeUnitCount).enumerated() {
                let byte = bytes[i]
                if expected == UInt8(ascii: "_") {
                    let digit = byte &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    switch index {
                    case 0: fields.0 = fields.0 * 10 + Int(digit)
                    case 1: fields.1 = fields.1 * 10 + Int(digit)
                    default: fields.2 = fields.2 * 10 + Int(digit)
                    }
                    inField = true
                } else {
                    guard byte == expected else { return nil }
                    if inField { index += 1 }
                    inField = false
                }
            }
            return fields
        }
    }

    /// Zero-padded non-negative fields joined by `separator`, written
    /// straight into the string's storage (hooks ask for thousands).
    static func format(_ fields: [(value: Int, width: Int)], separator: UInt8) -> String {
        let count = fields.reduce(fields.count - 1) { $0 + $1.width }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for (k, field) in fields.enumerated() {
                if k > 0 {
                    buffer[end] = separator
                    end += 1
                }
                var value = field.value
                for i in stride(from: end + field.width - 1, through: end, by: -1) {
                    buffer[i] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                end += field.width
            }
            return end
        }
    }
}
