import HavenConfig
import HavenCore
import HavenQuick
import HavenReminders
import HavenStore

/// Quick capture and the status bar over this session (SPEC §15).
public typealias SessionQuick = Quick<SessionQuickHost>

extension Quick where Host == SessionQuickHost {
    /// `haven pick`'s lines and `haven bar`'s summary over a session's
    /// trackers, clock and database (the capability is `HavenQuick`'s; the
    /// session only answers what it asks).
    public init(_ session: Session) {
        self.init(host: SessionQuickHost(session: session))
    }
}

/// What quick capture asks of a session, answered from its catalog, clock and database.
public struct SessionQuickHost: QuickHost {
    let session: Session

    public var trackers: [TrackerDefinition] { session.orderedTrackers() }

    public var now: (day: Day, second: Int, milliseconds: Int64) {
        let (day, second) = session.localSecond()
        return (day, second, session.clock.milliseconds)
    }

    public var atRiskAt: TimeOfDay? { session.reminders.host.atRiskAt }

    public func statuses() throws(RuntimeError) -> [TrackerStatus] { try session.statuses().statuses }

    public func due() throws(RuntimeError) -> [DueReminder] { try session.reminders.due().reminders }

    public func usage(hour: Int, since: Int64) throws(RuntimeError) -> [Usage] {
        // Entries are found by their day first (indexed), then by instant:
        // a day reaches at most a day and a half before its instants.
        let from = Day(number: Int(since / 86_400_000) - 2)
        let ids = trackers.map(\.id)
        return try session.db { () throws(StoreError) in
            try session.store.usage(trackers: ids, hour: hour, since: since, from: from)
        }.map { Usage(tracker: $0.tracker, level: $0.level, count: $0.count) }
    }

    public func recentTriggers(of tracker: String, limit: Int) throws(RuntimeError) -> [String] {
        try session.db { () throws(StoreError) in try session.store.recentTriggers(tracker: tracker, limit: limit) }
    }
}
