import HavenConfig
import HavenCore
import HavenQuick
import HavenReminders
import HavenStore

/// Quick capture and the status bar over this session (SPEC §15).
public typealias SessionQuick = Quick<SessionQuickHost>

extension Session {
    /// `haven pick`'s lines and `haven bar`'s summary over this session's
    /// trackers, clock and database.
    public var quick: SessionQuick { Quick(host: SessionQuickHost(session: self)) }
}

/// What quick capture asks of a session, answered from its catalog, clock and database.
public struct SessionQuickHost: QuickHost {
    let session: Session

    public var trackers: [TrackerDefinition] { session.orderedTrackers() }

    public var now: (day: Day, second: Int, milliseconds: Int64) {
        let clock = session.clock
        let local = clock.milliseconds / 1000 + Int64(clock.offset(at: clock.now))
        let second = Int(((local % 86_400) + 86_400) % 86_400)
        return (Day(number: Int((local - Int64(second)) / 86_400)), second, clock.milliseconds)
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
