/// What one entry holds: a level key, a number, or nothing (check).
public enum EntryValue: Sendable, Hashable {
    case none
    case level(String)
    case number(Double)

    public var number: Double {
        if case .number(let n) = self { return n }
        return 0
    }

    public var level: String? {
        if case .level(let key) = self { return key }
        return nil
    }
}

/// One log line (SPEC §3).
public struct Entry: Sendable, Hashable {
    public var id: Int64
    public var tracker: String
    /// The instant, in milliseconds since 1970 UTC.
    public var instant: Int64
    /// The IANA time zone the person was in.
    public var zone: String
    /// The UTC offset at that instant, in seconds.
    public var offset: Int
    /// The day it counts for, fixed when written so travel never moves it.
    public var day: Day
    public var value: EntryValue
    public var note: String?
    public var trigger: String?
    /// When it was written, in milliseconds since 1970 UTC.
    public var writtenAt: Int64
    /// Its UUID (version 7), fixed when it is first written; empty until then.
    public var uuid: String
    /// Where it came from: `cli`, `repl`, `notification`, `timer`,
    /// `import:<format>` or `sync:<device>` (SPEC §3).
    public var source: String

    public init(id: Int64 = 0, tracker: String, instant: Int64, zone: String, offset: Int, day: Day,
                value: EntryValue, note: String? = nil, trigger: String? = nil, writtenAt: Int64,
                uuid: String = "", source: String = "cli") {
        self.id = id
        self.uuid = uuid
        self.source = source
        self.tracker = tracker
        self.instant = instant
        self.zone = zone
        self.offset = offset
        self.day = day
        self.value = value
        self.note = note
        self.trigger = trigger
        self.writtenAt = writtenAt
    }
}

/// A freeze placed on a day.
public struct Freeze: Sendable, Hashable {
    public var tracker: String
    public var day: Day
    public var note: String?
    /// When it was placed, in milliseconds since 1970 UTC.
    public var placedAt: Int64

    public init(tracker: String, day: Day, note: String? = nil, placedAt: Int64) {
        self.tracker = tracker
        self.day = day
        self.note = note
        self.placedAt = placedAt
    }
}

/// A streak kept from an earlier mode (SPEC §4.4).
public struct ArchivedStreak: Sendable, Hashable {
    public var mode: TrackerMode
    public var current: Int
    public var longest: Int
    public var from: Day
    public var to: Day

    public init(mode: TrackerMode, current: Int, longest: Int, from: Day, to: Day) {
        self.mode = mode
        self.current = current
        self.longest = longest
        self.from = from
        self.to = to
    }
}
