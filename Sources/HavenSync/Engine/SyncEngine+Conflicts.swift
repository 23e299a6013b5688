import HavenCore

extension SyncEngine {
    /// Every day where devices disagree, by tracker and day.
    public func conflicts() throws(SyncError) -> [SyncConflict] {
        let rows = try db { () throws(DatabaseProblem) in try store.daysWithLevels(trackers: store.levelTrackers) }
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
    public func keep(_ id: Int64) throws(SyncError) -> [Entry] {
        guard let chosen = try db({ () throws(DatabaseProblem) in try store.entry(id) }) else { throw .unknownEntry(id) }
        guard let conflict = try conflicts().first(where: { $0.tracker == chosen.tracker && $0.day == chosen.day }) else {
            throw .notAConflict(entry: id, tracker: chosen.tracker, day: chosen.day)
        }
        let others = conflict.entries.filter { $0.value != chosen.value }.map(\.id)
        return try db { () throws(DatabaseProblem) in try store.delete(entries: others) }
    }
}
