import HavenCore
import HavenReminders

/// Quick capture and the status bar (SPEC §15) over a host's trackers,
/// clock and history: the menu's lines in the order that makes Enter right
/// most of the time, the bar's summary, and when either next changes.
public struct Quick<Host: QuickHost> {
    public let host: Host

    public init(host: Host) { self.host = host }

    /// How far back "what this person usually logs at this hour" looks.
    public static var usageWeeks: Int { 8 }

    /// Every quick action of every live tracker (each level, `+1`, `Done`,
    /// `Noticed`, `Relapse`), ordered: pinned trackers, then those due or
    /// at risk now, then the actions logged most at this hour of the day
    /// over the last 8 weeks, then the rest; check and levels trackers
    /// already answered today last. Within a tracker, the action used most
    /// at this hour comes first. `only` keeps those trackers.
    public func actions(language: String, only: Set<String>? = nil) throws(Host.Failure) -> [PickAction] {
        let statuses = try host.statuses().filter { only?.contains($0.tracker.id) ?? true }
        let due = Set(try host.due().map { $0.status.tracker.id })
        let now = host.now
        let since = now.milliseconds - Int64(Self.usageWeeks) * 7 * 86_400_000
        var counts: [String: Int] = [:]
        for usage in try host.usage(hour: now.second / 3600, since: since) {
            counts[usage.tracker + "\u{0}" + (usage.level ?? ""), default: 0] += usage.count
        }
        var placed: [(action: PickAction, tracker: Int, offered: Int)] = []
        for (position, status) in statuses.enumerated() {
            let tracker = status.tracker
            let offered = QuickAction.offered(by: tracker, language: language, levels: .max).filter { $0.kind != .later }
            for (index, action) in offered.enumerated() {
                var level: String?
                if tracker.input == .levels, case .log(let key) = action.kind { level = key }
                let usage = counts[tracker.id + "\u{0}" + (level ?? "")] ?? 0
                let group: PickAction.Group
                if Self.answered(status) {
                    group = .answered
                } else if tracker.pinned {
                    group = .pinned
                } else if due.contains(tracker.id) {
                    group = .due
                } else {
                    group = usage > 0 ? .usual : .rest
                }
                placed.append((PickAction(status: status, action: action, group: group, usage: usage), position, index))
            }
        }
        placed.sort { a, b in
            if a.action.group != b.action.group { return a.action.group < b.action.group }
            // The usual actions by how usual; everywhere else the tracker's place.
            if a.action.group == .usual, a.action.usage != b.action.usage { return a.action.usage > b.action.usage }
            if a.tracker != b.tracker { return a.tracker < b.tracker }
            if a.action.usage != b.action.usage { return a.action.usage > b.action.usage }
            return a.offered < b.offered
        }
        return placed.map(\.action)
    }

    /// A check tracker done today, or a levels tracker with today's level:
    /// nothing more is asked of it. A saboteur's noticed moments and
    /// relapses, and counts and amounts, can always be logged again.
    public static func answered(_ status: TrackerStatus) -> Bool {
        let tracker = status.tracker
        switch tracker.input {
        case .check: return tracker.type == .good && status.entriesToday > 0
        case .levels: return status.levelToday != nil
        case .count, .amount: return false
        }
    }

    /// The recent triggers of a tracker, for the second menu of `--then trigger`.
    public func triggers(of tracker: String) throws(Host.Failure) -> [String] {
        try host.recentTriggers(of: tracker, limit: 20)
    }

    /// The bar's summary of today: `only` keeps those trackers.
    public func glance(only: Set<String>? = nil) throws(Host.Failure) -> Glance {
        let statuses = try host.statuses().filter { only?.contains($0.tracker.id) ?? true }
        let ids = Set(statuses.map(\.tracker.id))
        return Glance(statuses: statuses, due: try host.due().filter { ids.contains($0.status.tracker.id) })
    }

    /// Seconds until the bar may read differently without a log or a file
    /// changing: the next day boundary of a tracker, reminder time or the
    /// at-risk time, at most `limit` (a clock set forward or a zone
    /// changed is then noticed within that).
    public func secondsToNextChange(limit: Int = 900) -> Int {
        let now = host.now.second
        var times = Set<Int>()
        for tracker in host.trackers {
            times.insert(tracker.dayBoundary.minutes * 60)
            for reminder in tracker.reminders where reminder.enabled { times.insert(reminder.at.minutes * 60) }
        }
        if let atRisk = host.atRiskAt { times.insert(atRisk.minutes * 60) }
        let waits = times.map { time -> Int in
            let wait = ((time - now) % 86_400 + 86_400) % 86_400
            return wait == 0 ? 86_400 : wait
        }
        return min(waits.min() ?? limit, limit)
    }
}
