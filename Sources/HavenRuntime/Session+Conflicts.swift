import HavenConfig
import HavenCore
import HavenStore

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

extension Session {
    /// Every day where devices disagree, by tracker and day.
    public func conflicts() throws(RuntimeError) -> [SyncConflict] {
        let trackers = runtime.catalog.trackers.filter { $0.input == .levels }.map(\.id)
        let rows = try db { () throws(StoreError) in try store.daysWithLevels(trackers: trackers) }
        var conflicts: [SyncConflict] = []
        for row in rows {
            if let last = conflicts.last, last.tracker == row.entry.tracker, last.day == row.entry.day {
                conflicts[conflicts.count - 1].entries.append(row.entry)
                conflicts[conflicts.count - 1].devices.append(row.device)
            } else {
                conflicts.append(SyncConflict(tracker: row.entry.tracker, day: row.entry.day, entries: [row.entry],
                                              devices: [row.device]))
            }
        }
        return conflicts.filter { Set($0.devices.map { $0 ?? "" }).count > 1 }
    }

    /// Resolves the day of entry `id` to its level: the day's entries with
    /// another level are deleted, in one transaction, and their tombstones
    /// travel with the next `haven sync`. Returns the entries deleted.
    public func keep(_ id: Int64) throws(RuntimeError) -> [Entry] {
        guard let chosen = try db({ () throws(StoreError) in try store.entry(id) }) else { throw .unknownEntry(id) }
        guard let conflict = try conflicts().first(where: { $0.tracker == chosen.tracker && $0.day == chosen.day }) else {
            throw .invalidInput("entry \(id) (\(chosen.tracker), \(chosen.day)) is not part of a conflict; "
                + "'haven conflicts' lists them")
        }
        let others = conflict.entries.filter { $0.value != chosen.value }.map(\.id)
        return try db { () throws(StoreError) in try store.delete(entries: others) }
    }
}
