import HavenCore
import HavenReminders

/// One line of `haven pick`: a tracker's quick action, with where it is
/// placed and why (SPEC §15).
public struct PickAction: Sendable {
    /// Why a line stands where it does, in the order the menu shows them.
    public enum Group: String, Sendable, CaseIterable, Comparable {
        /// A pinned tracker (`pinned: true`).
        case pinned
        /// A tracker whose reminder or at-risk time has come and is still open.
        case due
        /// What this person logs at this hour (the last 8 weeks).
        case usual
        /// Everything else.
        case rest
        /// A check or levels tracker already answered today.
        case answered

        public static func < (a: Group, b: Group) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public var status: TrackerStatus
    public var action: QuickAction
    public var group: Group
    /// Entries like this one at this hour of the day over the last 8 weeks.
    public var usage: Int

    public var tracker: TrackerDefinition { status.tracker }

    /// Stable across days and languages: `water:add:1`, `noalc:level:steady`.
    public var id: String { tracker.id + ":" + action.key }

    /// What it logs: a level key, `+1`, or nothing (a check, a noticed moment, a relapse).
    public var value: String? {
        if case .log(let value) = action.kind { return value }
        return nil
    }

    /// A saboteur's moment, after which `--then trigger` asks what set it off.
    public var asksTrigger: Bool { tracker.type == .saboteur }
}
