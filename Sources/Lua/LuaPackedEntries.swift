/// A day's entries as a day_outcome hook reads them (`day.entries`), packed
/// for the C side, which makes their tables only when the hook first reads
/// them (CLuaShim's lazy.c gives the layout).
public struct LuaPackedEntries {
    private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// One entry: its minute of the day, and its value, level, note and trigger when it has them.
    public mutating func append(minute: Int, number: Double?, level: String?, note: String?, trigger: String?) {
        var flags: UInt8 = 0
        if number != nil { flags |= 1 }
        if level != nil { flags |= 2 }
        if note != nil { flags |= 4 }
        if trigger != nil { flags |= 8 }
        bytes.append(flags)
        withUnsafeBytes(of: UInt16(truncatingIfNeeded: minute)) { bytes.append(contentsOf: $0) }
        if let number { withUnsafeBytes(of: number) { bytes.append(contentsOf: $0) } }
        for text in [level, note, trigger] {
            guard var text else { continue }
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt32(utf8.count)) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }
    }
}
