/// UUIDs of version 7 (RFC 9562): 48 bits of Unix milliseconds, then
/// random bits. Every entry has one that never changes (SPEC §3); imports,
/// exports and sync key on it. Sorting the text sorts by time.
public enum UUID7 {
    /// A new UUID for `milliseconds` since 1970, as lower-case text
    /// (`0190f3a2-…`).
    public static func make(milliseconds: Int64) -> String {
        var generator = SystemRandomNumberGenerator()
        return make(milliseconds: milliseconds, using: &generator)
    }

    public static func make(milliseconds: Int64, using generator: inout some RandomNumberGenerator) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let time = UInt64(max(0, milliseconds)) & 0xFFFF_FFFF_FFFF
        for index in 0 ..< 6 { bytes[index] = UInt8(truncatingIfNeeded: time >> (8 * (5 - index))) }
        for index in 6 ..< 16 { bytes[index] = generator.next() }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The next UUID after `text` with the same time, version and variant:
    /// its last 62 (random) bits plus one.
    public static func successor(of text: String) -> String {
        var digits = Array(text.utf8)
        let hex = Array("0123456789abcdef".utf8)
        // From the last digit back to the variant's digit (index 19), whose top two bits stay.
        var index = digits.count - 1
        while index >= 19 {
            if digits[index] == UInt8(ascii: "-") { index -= 1; continue }
            let value = hex.firstIndex(of: digits[index]) ?? 0
            if index == 19 {
                digits[index] = hex[(value & 0b1100) | ((value + 1) & 0b0011)]
                break
            }
            if value < 15 {
                digits[index] = hex[value + 1]
                break
            }
            digits[index] = hex[0]
            index -= 1
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// True for the canonical lower-case text of any UUID (8-4-4-4-12 hex digits).
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a") ... UInt8(ascii: "f")).contains(byte) else { return false }
            }
        }
        return true
    }

    /// The milliseconds a version-7 UUID was made at, or nil for another text.
    public static func milliseconds(of text: String) -> Int64? {
        guard isValid(text), Array(text.utf8)[14] == UInt8(ascii: "7") else { return nil }
        return Int64(String(text.filter { $0 != "-" }.prefix(12)), radix: 16)
    }
}
