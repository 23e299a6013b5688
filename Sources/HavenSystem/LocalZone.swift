import Foundation

/// The local time zone, found as Foundation's `TimeZone.current` finds it
/// (`TZ` naming a zone, else the zone `/etc/localtime` links to), but made
/// by name: `TimeZone.current` copies the whole environment twice to read
/// one variable, 1.5 M instructions of a 15 M `haven log` (D321). Anything
/// else (a `TZ` path, a copied `/etc/localtime`) is left to Foundation.
public enum LocalZone {
    public static var current: TimeZone {
        let tz = getenv("TZ").map { String(cString: $0) }
        if let tz, !tz.isEmpty, let zone = TimeZone(identifier: tz) { return zone }
        if let zone = zone(tz: nil, localtime: link("/etc/localtime")) { return zone }
        return TimeZone.current
    }

    /// The zone `TZ` names, else the one the `localtime` link's target
    /// names below a `zoneinfo` folder; nil when neither names one.
    static func zone(tz: String?, localtime: String?) -> TimeZone? {
        if let tz, !tz.isEmpty, let zone = TimeZone(identifier: tz) { return zone }
        guard let target = localtime, let range = target.range(of: "/zoneinfo/") else { return nil }
        return TimeZone(identifier: String(target[range.upperBound...]))
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
