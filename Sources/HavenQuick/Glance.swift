import HavenCore
import HavenReminders

/// Today at a glance, for a status bar (SPEC §15): every tracker's status
/// and the one word that says how the day stands.
public struct Glance: Sendable {
    /// How the day stands, most pressing first: a bar's colour and class.
    public enum State: String, Sendable, CaseIterable {
        /// A running streak's at-risk time has come and it is still open.
        case atRisk = "at-risk"
        /// A reminder time has come and its tracker is still open.
        case due
        /// Every tracker that asks something today has its answer.
        case allDone = "all-done"
        /// Something is logged today and something is still open.
        case open
        /// Nothing is logged today yet.
        case nothingLogged = "nothing-logged"
    }

    public var statuses: [TrackerStatus]
    public var due: [DueReminder]

    public init(statuses: [TrackerStatus], due: [DueReminder]) {
        self.statuses = statuses
        self.due = due
    }

    public var state: State {
        if due.contains(where: { $0.reason == .atRisk }) { return .atRisk }
        if !due.isEmpty { return .due }
        if !statuses.isEmpty, statuses.allSatisfy(Self.isDone) { return .allDone }
        return statuses.contains { $0.entriesToday > 0 } ? .open : .nothingLogged
    }

    /// The share of trackers done today, 0–100.
    public var percentDone: Int {
        guard !statuses.isEmpty else { return 100 }
        return statuses.filter(Self.isDone).count * 100 / statuses.count
    }

    /// Nothing more is asked of it today: its day or period is settled, or
    /// it is a saboteur watched by check (noticed moments, relapses), which
    /// asks nothing and is done by being lived.
    public static func isDone(_ status: TrackerStatus) -> Bool {
        if status.tracker.type == .saboteur && status.tracker.input == .check { return true }
        return status.settledToday
    }
}
