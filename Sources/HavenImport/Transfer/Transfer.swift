import Foundation
import HavenCore

/// Imports and exports over a home (SPEC §9): an importer's plan is
/// checked, then its tracker files and records are written together; an
/// export reads the home's history into another app's shape.
public struct Transfer<Home: TransferHome> {
    public let home: Home

    public init(home: Home) {
        self.home = home
    }

    /// Reads `importer`'s source into the home: new tracker files are
    /// validated beside everything the home has, then written with the
    /// records in one step (nothing with `dryRun`). A second import of the
    /// same source adds nothing.
    public func run<Source: Importer>(_ importer: Source, dryRun: Bool) throws(Home.Failure) -> ImportOutcome<Source.Details> {
        let plan = try importer.plan(for: home)
        try home.validate(plan.trackers.filter(\.created), from: importer.app)
        let added = try home.commit(plan.trackers, plan.contents, dryRun: dryRun)
        let defined = home.trackerIDs.union(plan.trackers.map(\.id))
        return ImportOutcome(plan: plan, added: added,
                             undefined: Set(added.entries.map(\.tracker)).subtracting(defined).sorted())
    }
}

extension TransferHome {
    /// The tracker for a habit called `name`: its id from the name, the
    /// file an earlier import made (its first line is `marker`) used
    /// again, else the next free `-N` id past any tracker or file of the home.
    func tracker(named name: String, marker: String, text: String, taken: inout Set<String>) -> NewTracker {
        let base = Imported.trackerID(for: name)
        var id = base, suffix = 1
        while taken.contains(id) || firstLine(ofTrackerFile: id) != nil {
            if firstLine(ofTrackerFile: id) == marker { break }
            suffix += 1
            id = "\(base)-\(suffix)"
        }
        taken.insert(id)
        return NewTracker(name: name, id: id, text: text, created: firstLine(ofTrackerFile: id) == nil,
                          renamed: id != base)
    }

    /// An entry another app recorded for `day`, at noon of it in the
    /// person's zone (so it lands on that day whatever the day boundary),
    /// its UUID fixed by `key`.
    func importedEntry(tracker: String, day: Day, value: EntryValue, note: String?, key: String, source: String) -> Entry {
        let noon = Imported.noon(of: day, in: zone)
        return Entry(tracker: tracker, instant: noon.milliseconds, zone: zone.identifier, offset: noon.offset,
                     day: day, value: value, note: note, writtenAt: noon.milliseconds,
                     uuid: Imported.uuid(key, milliseconds: noon.milliseconds), source: source)
    }

    /// Every live tracker's id: the ids an import's new files must not take.
    var trackerIDs: Set<String> { Set(trackers.map(\.id)) }
}
