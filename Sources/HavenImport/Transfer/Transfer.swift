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
        var plan = try importer.plan(for: home)
        plan.contents = try checkedTexts(plan.contents, source: importer.app)
        try home.validate(plan.trackers.filter(\.created), from: importer.app)
        let added = try home.commit(plan.trackers, plan.contents, dryRun: dryRun)
        let defined = home.trackerIDs.union(plan.trackers.map(\.id))
        return ImportOutcome(plan: plan, added: added,
                             undefined: Set(added.entries.map(\.tracker)).subtracting(defined).sorted())
    }
}

extension Transfer {
    /// Every imported note and trigger as the CLI takes them (line breaks
    /// and tabs of another app's notes made spaces first); the first that
    /// breaks a rule refuses the whole import.
    func checkedTexts(_ contents: StoreContents, source: String) throws(Home.Failure) -> StoreContents {
        var checked = contents
        func rule(_ text: String?, trigger: Bool, tracker: String, day: Day) throws(Home.Failure) -> String? {
            guard let text else { return nil }
            let kept = TextRule.imported(text)
            if let problem = TextRule.problem(kept, limit: trigger ? TextRule.triggerLimit : TextRule.noteLimit) {
                throw home.failure(ImportError(file: source, .importedText(trigger: trigger, tracker: tracker, day: day, problem)))
            }
            return kept.isEmpty ? nil : kept
        }
        for index in checked.entries.indices {
            let entry = checked.entries[index]
            checked.entries[index].note = try rule(entry.note, trigger: false, tracker: entry.tracker, day: entry.day)
            checked.entries[index].trigger = try rule(entry.trigger, trigger: true, tracker: entry.tracker, day: entry.day)
        }
        for index in checked.freezes.indices {
            let freeze = checked.freezes[index]
            checked.freezes[index].note = try rule(freeze.note, trigger: false, tracker: freeze.tracker, day: freeze.day)
        }
        return checked
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
