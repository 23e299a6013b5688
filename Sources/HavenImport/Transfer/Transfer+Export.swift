import Foundation
import HavenCore

/// One entry's value for a health tool (SPEC §9 `export health`).
public struct HealthRow: Sendable {
    public let entry: Entry
    /// The tracker's `health.type` and unit.
    public let type: String
    public let unit: String?
    public let value: Double
}

extension Transfer {
    /// Every entry, freeze and tracker state as the lines of `export json`,
    /// after the home's own tracker files (a pack's trackers come with their pack).
    public func historyLines() throws(Home.Failure) -> [String] {
        let definitions = home.trackers.compactMap { tracker in
            home.trackerFileText(tracker.id).map { HistoryFile.Definition(tracker: tracker.id, text: $0) }
        }
        return HistoryFile.lines(try home.contents(), definitions: definitions)
    }

    /// Every entry, in the order written, of `trackers` (all when empty) on
    /// days `from` through `to`, each with its tracker's unit when a file
    /// defines it: what `export csv` writes.
    public func entries(of trackers: [String], from: Day?, through to: Day?)
        throws(Home.Failure) -> [(entry: Entry, unit: String?)] {
        let wanted = Set(trackers)
        let units = Dictionary(home.trackers.map { ($0.id, $0.unit?.resolve("en")) }, uniquingKeysWith: { first, _ in first })
        return try home.contents().entries.filter { entry in
            (wanted.isEmpty || wanted.contains(entry.tracker)) && from.map { entry.day >= $0 } != false
                && to.map { entry.day <= $0 } != false
        }.map { ($0, units[$0.tracker] ?? nil) }
    }

    /// The health value of every entry of every live tracker with a
    /// `health` mapping: the `health_value` hook's number when the tracker
    /// has one, else the level's `health` (levels), the entry's number
    /// (count, amount), or 1 (check). Entries without a value are left out.
    public func healthRows() throws(Home.Failure) -> [HealthRow] {
        let entries = Dictionary(grouping: try home.contents().entries, by: \.tracker)
        var rows: [HealthRow] = []
        for tracker in home.trackers {
            guard let own = entries[tracker.id] else { continue }
            guard let health = tracker.health else {
                // A practice's minutes, as the kind of session it was.
                guard let session = home.practiceHealth[tracker.id] else { continue }
                for entry in own where entry.source == "timer" {
                    if case .number(let minutes) = entry.value {
                        rows.append(HealthRow(entry: entry, type: session.type, unit: session.unit, value: minutes))
                    }
                }
                continue
            }
            let hooked = try home.healthValues(own, of: tracker.id)
            let levels = Dictionary(uniqueKeysWithValues: (tracker.levels?.levels ?? []).map { ($0.key, $0.health) })
            for (index, entry) in own.enumerated() {
                let value: Double?
                if let hooked {
                    value = hooked[index]
                } else {
                    // A count or check in the health unit: `per` of it each (250 mL a glass).
                    switch entry.value {
                    case .level(let key): value = levels[key] ?? nil
                    case .number(let n): value = n * (health.per ?? 1)
                    case .none: value = health.per ?? 1
                    }
                }
                if let value { rows.append(HealthRow(entry: entry, type: health.type, unit: health.unit, value: value)) }
            }
        }
        return rows
    }
}
