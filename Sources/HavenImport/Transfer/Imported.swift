import Foundation
import HavenCore

/// How imported records are named: tracker ids and YAML from habit
/// names, UUIDs fixed by what a record is, days at noon.
enum Imported {
    /// A tracker id from a name: lower case, words joined by '-'.
    static func trackerID(for name: String) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, id.last != "-" {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty || !("a"..."z").contains(id.unicodeScalars.first!) { id = "habit" + (id.isEmpty ? "" : "-" + id) }
        return String(id.prefix(60))
    }

    /// A YAML scalar for a name: quoted when it holds a character YAML reads specially.
    static func yamlText(_ text: String) -> String {
        guard text.contains(where: { "\"\\:#{}[],&*!|>'%@`".contains($0) }) || text != text.trimmingCharacters(in: .whitespaces)
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A UUIDv7 fixed by `key` (its random bits a hash of it): the same
    /// record imported twice is the same entry.
    static func uuid(_ key: String, milliseconds: Int64) -> String {
        var hash = KeyHash()
        hash.add(key)
        return uuid(hash, milliseconds: milliseconds)
    }

    /// FNV-1a over a key's bytes, fed in pieces: a key too long to keep
    /// (a day of 100,000 records) hashes as the whole string would.
    struct KeyHash {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ text: String) {
            for byte in text.utf8 {
                state ^= UInt64(byte)
                state = state &* 0x100_0000_01b3
            }
        }
    }

    /// The UUIDv7 of a key hashed piece by piece.
    static func uuid(_ key: KeyHash, milliseconds: Int64) -> String {
        struct Hashed: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var generator = Hashed(state: key.state)
        return UUID7.make(milliseconds: milliseconds, using: &generator)
    }

    /// Noon of `day` in `zone`: an imported day's entry lands on it whatever the day boundary.
    static func noon(of day: Day, in zone: TimeZone) -> (milliseconds: Int64, offset: Int) {
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        components.timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return (Int64(date.timeIntervalSince1970 * 1000), zone.secondsFromGMT(for: date))
    }
}
