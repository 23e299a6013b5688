/// One entry of a `HookDays` day, read back from the packed buffer.
public struct PackedEntry: Sendable, Equatable {
    /// The local minute of the day it happened at (its own UTC offset).
    public var minute: Int
    public var number: Double?
    public var level: String?
    public var note: String?
    public var trigger: String?

    public init(minute: Int, number: Double? = nil, level: String? = nil, note: String? = nil, trigger: String? = nil) {
        self.minute = minute
        self.number = number
        self.level = level
        self.note = note
        self.trigger = trigger
    }
}

extension HookDays {
    /// A day's entries in the order they happened, read from the packed
    /// buffer in the layout `append` wrote.
    public func forEachEntry(of summary: Summary, _ body: (PackedEntry) -> Void) {
        packed.withUnsafeBytes { bytes in
            var at = summary.entries.lowerBound
            func load<T>(_ type: T.Type) -> T {
                defer { at += MemoryLayout<T>.size }
                return bytes.loadUnaligned(fromByteOffset: at, as: T.self)
            }
            func text() -> String {
                let length = Int(load(UInt32.self))
                defer { at += length }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + length)]), as: UTF8.self)
            }
            while at < summary.entries.upperBound {
                let flags = load(UInt8.self)
                var entry = PackedEntry(minute: Int(load(UInt16.self)))
                if flags & 1 != 0 { entry.number = load(Double.self) }
                if flags & 2 != 0 { entry.level = text() }
                if flags & 4 != 0 { entry.note = text() }
                if flags & 8 != 0 { entry.trigger = text() }
                body(entry)
            }
        }
    }
}
