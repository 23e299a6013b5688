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

    /// A UUID after `text` with the same time, version and variant: its
    /// 74 random bits (12 after the version, 62 after the variant) plus
    /// `step`, carried from the second part into the first; the largest
    /// such UUID when they run out.
    public static func successor(of text: String, plus step: UInt64 = 1) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var nibbles = text.utf8.filter { $0 != UInt8(ascii: "-") }.map { UInt64(hex.firstIndex(of: $0) ?? 0) }
        guard nibbles.count == 32 else { return text }
        var high = nibbles[13] << 8 | nibbles[14] << 4 | nibbles[15]
        var low = nibbles[16] & 0b11
        for index in 17 ..< 32 { low = low << 4 | nibbles[index] }
        let (sum, overflow) = low.addingReportingOverflow(step)
        let limit: UInt64 = 1 << 62
        if overflow || sum >= limit {
            high += 1
            low = overflow ? sum &+ (UInt64.max - limit + 1) : sum - limit
        } else {
            low = sum
        }
        if high > 0xFFF { (high, low) = (0xFFF, limit - 1) }
        nibbles[13] = high >> 8
        nibbles[14] = high >> 4 & 0xF
        nibbles[15] = high & 0xF
        nibbles[16] = 0b1000 | low >> 60
        for index in 17 ..< 32 { nibbles[index] = low >> (4 * UInt64(31 - index)) & 0xF }
        var out: [UInt8] = []
        for (index, nibble) in nibbles.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { out.append(UInt8(ascii: "-")) }
            out.append(hex[Int(nibble)])
        }
        return String(decoding: out, as: UTF8.self)
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
