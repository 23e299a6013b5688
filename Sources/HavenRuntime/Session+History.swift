import Foundation
import HavenCore
import HavenStore

/// What `import haven` added (SPEC §9).
public struct HistoryImport: Sendable {
    /// Entries, freezes and trackers' states added.
    public let entries: Int
    public let freezes: Int
    public let states: Int
    /// Freeze balance changes, mode epochs and archived streaks added.
    public let records: Int
    /// Entries of the file that were already there (by UUID).
    public let alreadyThere: Int
    /// The days, across trackers, that the new entries fall on.
    public let days: Int
    /// Trackers with new entries that no file of this home defines.
    public let undefined: [String]
}

extension Session {
    /// Every entry, freeze and tracker state as the lines of `export json`.
    public func exportHistory() throws(RuntimeError) -> [String] {
        HistoryFile.lines(try db { () throws(StoreError) in try store.contents() })
    }

    /// Every entry, in the order written, of `trackers` (all when empty) on
    /// days `from` through `to`, each with its tracker's unit when a file
    /// defines it: what `export csv` writes.
    public func entries(of trackers: [String], from: Day?, through to: Day?)
        throws(RuntimeError) -> [(entry: Entry, unit: String?)] {
        let wanted = Set(trackers)
        let units = Dictionary(runtime.trackers.map { ($0.id, $0.unit?.resolve("en")) }, uniquingKeysWith: { first, _ in first })
        return try db { () throws(StoreError) in try store.contents() }.entries.filter { entry in
            (wanted.isEmpty || wanted.contains(entry.tracker)) && from.map { entry.day >= $0 } != false
                && to.map { entry.day <= $0 } != false
        }.map { ($0, units[$0.tracker] ?? nil) }
    }

    /// Reads a file `export json` wrote and merges it in one transaction
    /// (nothing when `dryRun`): what is already there is left as it is, so
    /// a second import adds nothing. A line that cannot be read stops it
    /// with its number, and nothing is written.
    public func importHistory(_ path: String, shown: String, dryRun: Bool) throws(RuntimeError) -> HistoryImport {
        let text = try Session.readText(path, shown: shown)
        let contents: StoreContents
        do {
            contents = try HistoryFile.parse(text, source: "import:haven")
        } catch {
            throw .invalidInput("\(shown):\(error.line): \(error.message); nothing was imported")
        }
        let added = try db { () throws(StoreError) in try store.merge(contents, dryRun: dryRun) }
        let defined = Set(runtime.trackers.map(\.id))
        return HistoryImport(entries: added.entries.count, freezes: added.freezes, states: added.states,
                             records: added.grants + added.epochs + added.archived,
                             alreadyThere: contents.entries.count - added.entries.count,
                             days: Set(added.entries.map(\.day)).count,
                             undefined: Set(added.entries.map(\.tracker)).subtracting(defined).sorted())
    }
}

/// One entry's value for a health tool (SPEC §9 `export health`).
public struct HealthRow: Sendable {
    public let entry: Entry
    /// The tracker's `health.type` and unit.
    public let type: String
    public let unit: String?
    public let value: Double
}

extension Session {
    /// The health value of every entry of every live tracker with a
    /// `health` mapping: the `health_value` hook's number when the tracker
    /// has one, else the level's `health` (levels), the entry's number
    /// (count, amount), or 1 (check). Entries without a value are left out.
    public func healthRows() throws(RuntimeError) -> [HealthRow] {
        let entries = Dictionary(grouping: try db { () throws(StoreError) in try store.contents() }.entries, by: \.tracker)
        var rows: [HealthRow] = []
        for tracker in runtime.trackers {
            guard let health = tracker.health, let own = entries[tracker.id] else { continue }
            let hooked = try healthValues(own, of: tracker.id)
            let levels = Dictionary(uniqueKeysWithValues: (tracker.levels?.levels ?? []).map { ($0.key, $0.health) })
            for (index, entry) in own.enumerated() {
                let value: Double?
                if let hooked {
                    value = hooked[index]
                } else {
                    switch entry.value {
                    case .level(let key): value = levels[key] ?? nil
                    case .number(let n): value = n
                    case .none: value = 1
                    }
                }
                if let value { rows.append(HealthRow(entry: entry, type: health.type, unit: health.unit, value: value)) }
            }
        }
        return rows
    }
}
