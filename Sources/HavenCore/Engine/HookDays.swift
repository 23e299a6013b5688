/// A walk's entries as a `day_outcome` hook reads them (SPEC §5): each day
/// that has entries, summed up for the engine, and the entries themselves
/// packed in one buffer, from which the Lua sandbox's C side makes a day's
/// `entries` only when a hook reads them (CLuaShim's lazy.c). Made in one
/// pass over the rows, with no value per entry (#31 item 2).
///
/// Packed, per entry: a flags byte (1 number, 2 level, 4 note, 8 trigger),
/// the minute of the day (2 bytes), then the number (8 bytes) and each text
/// as a 4-byte length and its bytes, in that order; integers and the number
/// in the machine's byte order.
public struct HookDays: Sendable {
    /// One day with entries.
    public struct Summary: Sendable {
        public var day: Int
        public var count: Int
        /// The sum of the values in thousandths, summed exactly (the table's sum).
        public var milli: Int64
        /// The sum of the values as the hook reads it (`day.sum`).
        public var sum: Double
        /// The effect of the day's latest entry whose level is one of the set's (levels).
        public var effect: Effect?
        /// The day's entries in `packed`.
        public var entries: Range<Int>
        /// The latest level's bytes in `packed`.
        var level: Range<Int>?

        /// One more entry, its bytes ending at `end` in `packed`.
        mutating func add(number: Double?, entries end: Int, _ more: (inout Summary) -> Void) {
            count += 1
            entries = entries.lowerBound..<end
            if let number {
                milli += DayTable.milli(number)
                sum += number
            }
            more(&self)
        }
    }

    public private(set) var days: [Summary] = []
    public private(set) var packed: [UInt8] = []
    private let effects: [(key: [UInt8], effect: Effect)]

    /// `effects`: the level set's effect of each level key.
    public init(effects: [String: Effect] = [:]) {
        self.effects = effects.map { (Array($0.key.utf8), $0.value) }
    }

    /// Room for about `entries` more entries.
    public mutating func reserve(entries: Int) {
        days.reserveCapacity(days.count + entries)
        packed.reserveCapacity(packed.count + entries * 11)
    }

    /// Appends an entry: days in order, and a day's entries in the order they happened.
    /// `minute` is the minute of the day it happened at, local time.
    public mutating func append(day: Int, minute: Int, number: Double?, level: UnsafeRawBufferPointer?,
                                note: UnsafeRawBufferPointer?, trigger: UnsafeRawBufferPointer?) {
        let start = packed.count
        if days.last?.day != day {
            days.append(Summary(day: day, count: 0, milli: 0, sum: 0, effect: nil, entries: start..<start))
        }
        var flags: UInt8 = 0
        if number != nil { flags |= 1 }
        if level != nil { flags |= 2 }
        if note != nil { flags |= 4 }
        if trigger != nil { flags |= 8 }
        packed.append(flags)
        withUnsafeBytes(of: UInt16(truncatingIfNeeded: minute)) { packed += $0 }
        if let number { withUnsafeBytes(of: number) { packed += $0 } }
        let levelBytes = appendText(level)
        appendText(note)
        appendText(trigger)
        days.withUnsafeMutableBufferPointer { all in
            let end = packed.count
            all[all.count - 1].add(number: number, entries: end) {
                guard let level, let levelBytes else { return }
                $0.level = levelBytes
                for (key, effect) in effects where key.elementsEqual(level) {
                    $0.effect = effect
                    break
                }
            }
        }
    }

    /// Appends a text's length and bytes; where its bytes went.
    @discardableResult
    private mutating func appendText(_ text: UnsafeRawBufferPointer?) -> Range<Int>? {
        guard let text else { return nil }
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: text.count)) { packed += $0 }
        packed += text
        return packed.count - text.count..<packed.count
    }

    /// `append` with the texts as strings.
    public mutating func append(day: Int, minute: Int, number: Double?, level: String?, note: String?, trigger: String?) {
        func bytes(_ text: String?) -> [UInt8]? { text.map { Array($0.utf8) } }
        let (l, n, t) = (bytes(level), bytes(note), bytes(trigger))
        l.withRawBytes { l in
            n.withRawBytes { n in
                t.withRawBytes { t in append(day: day, minute: minute, number: number, level: l, note: n, trigger: t) }
            }
        }
    }

    /// The level of the day's latest entry that has one.
    public func level(of summary: Summary) -> String? {
        summary.level.map { String(decoding: packed[$0], as: UTF8.self) }
    }
}

extension Optional where Wrapped == [UInt8] {
    fileprivate func withRawBytes<T>(_ body: (UnsafeRawBufferPointer?) -> T) -> T {
        guard let self else { return body(nil) }
        return self.withUnsafeBytes { body($0) }
    }
}
