import HavenCore
import HavenInsights
import HavenStore

/// Patterns over time over this session (SPEC §16).
public typealias SessionInsights = Insights<SessionInsightsHost>

extension Insights where Host == SessionInsightsHost {
    /// `haven insights` over a session's trackers, clock and database (the
    /// capability is `HavenInsights`'s; the session only answers what it asks).
    public init(_ session: Session) {
        self.init(host: SessionInsightsHost(session: session))
    }
}

/// What insights ask of a session, answered from its catalog, clock and database.
public struct SessionInsightsHost: InsightsHost {
    let session: Session

    public func tracker(_ id: String) throws(RuntimeError) -> TrackerDefinition { try session.runtime.tracker(id) }

    public func life(of tracker: TrackerDefinition) throws(RuntimeError) -> (start: Day, today: Day) {
        let start = try session.reading(tracker) { reader in (try session.plan(tracker, reader).start, nil, []) }
        return (start, session.today(tracker))
    }

    public func days(of tracker: TrackerDefinition, from: Day, through to: Day) throws(RuntimeError) -> HookDays {
        try session.db { () throws(StoreError) in
            try session.store.reading {
                try $0.hookDays(tracker: tracker.id, from: from, through: to, effects: tracker.levelEffects)
            }
        }
    }

    public func frozen(_ tracker: TrackerDefinition, from: Day, through to: Day) throws(RuntimeError) -> Set<Int> {
        let freezes = try session.db { () throws(StoreError) in try session.store.freezes(tracker: tracker.id, from: from) }
        return Set(freezes.map(\.day.number).filter { $0 <= to.number })
    }
}
