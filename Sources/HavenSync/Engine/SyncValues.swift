import HavenCore

/// One stream as this device and the server hold it (`haven sync status`).
public struct SyncPosition: Sendable, Equatable {
    public var device: String
    /// This device's own stream.
    public var isThis: Bool
    /// The last idx held here.
    public var here: Int64
    /// The last idx the server holds; nil when it was not asked or did not answer.
    public var server: Int64?
}

/// What one `haven sync` did.
public struct SyncReport: Sendable, Equatable {
    /// Records sent to the server (this device's and any it held further).
    public var pushed = 0
    /// Records received, and what applying them did.
    public var pulled = 0
    public var applied = SyncApplied()
    public var positions: [SyncPosition] = []
    /// A new board went out for the paired web app (#35); not counted in `pushed`.
    public var board = false
}

/// What applying other devices' records did.
public struct SyncApplied: Sendable, Equatable {
    /// Records kept and applied for the first time.
    public var applied = 0
    /// Records already here (a batch received twice changes nothing).
    public var known = 0
    /// Records kept out: they do not open with this key or cannot be read
    /// (SPEC §12: skipped, never fatal), each with its reason.
    public var skipped: [SyncError] = []

    /// Counts a page's outcome in with the others'.
    mutating func add(_ page: SyncApplied) {
        applied += page.applied
        known += page.known
        skipped += page.skipped
    }

    public init(applied: Int = 0, known: Int = 0, skipped: [SyncError] = []) {
        self.applied = applied
        self.known = known
        self.skipped = skipped
    }
}

/// A login checked before any password is asked for: the server's address
/// and the key's text (given, kept from an earlier login, or new).
public struct SyncLoginPlan: Sendable, Equatable {
    public var url: String
    public var key: String
    public var new: Bool
}

/// A day of a one-value (levels) tracker whose entries came from more than
/// one device with different levels (SPEC §12). The latest by instant is
/// shown; `haven conflicts keep N` makes the choice a record of its own.
public struct SyncConflict: Sendable, Equatable {
    public var tracker: String
    public var day: Day
    /// The day's entries, by instant: the last one is what the day shows.
    public var entries: [Entry]
    /// The device each entry came from, in the same order (nil: not synced yet).
    public var devices: [String?]
}

/// A device logged in to the account: its id, when it logged in and when
/// its token was last used (ISO 8601, UTC).
public struct SyncDevice: Sendable, Equatable {
    public var device: String
    public var isThis: Bool
    public var loggedInAt: String
    public var lastUsedAt: String
}

/// What `haven sync logout` did: the server it left, and why that server
/// still knows the token when it could not be told (nil when it was).
public struct SyncLogout: Sendable, Equatable {
    public var url: String?
    public var unrevoked: SyncError?
}

/// A pairing link for a new device (`haven sync pair`, #35): it holds a
/// one-time code and the key; it works once, until `expiresAt`.
public struct SyncPairing: Sendable, Equatable {
    public var link: String
    /// ISO 8601, UTC.
    public var expiresAt: String
}
