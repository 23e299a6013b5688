import Foundation
import HavenCore
import HavenImport

/// A home in memory: trackers, tracker files' first lines, a history, and
/// a record of what an import validated and committed.
final class MemoryHome: TransferHome {
    enum Failure: Error, Equatable {
        case problem(ImportError)
        case unknownTracker(String)
    }

    var trackers: [TrackerDefinition]
    var files: [String: String] = [:]
    var history = StoreContents()
    var validated: [[NewTracker]] = []
    var committed: [(files: [NewTracker], contents: StoreContents, dryRun: Bool)] = []
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let milliseconds: Int64 = 1_772_000_000_000

    init(trackers: [TrackerDefinition] = []) {
        self.trackers = trackers
    }

    func tracker(_ id: String) throws(Failure) -> TrackerDefinition {
        guard let tracker = trackers.first(where: { $0.id == id }) else { throw .unknownTracker(id) }
        return tracker
    }

    func firstLine(ofTrackerFile id: String) -> String? { files[id] }
    func trackerFileText(_ id: String) -> String? { files[id] }
    func contents() throws(Failure) -> StoreContents { history }
    func entries(tracker: String) throws(Failure) -> [Entry] { history.entries.filter { $0.tracker == tracker } }

    func level(fromHealth value: Double, of tracker: String) throws(Failure) -> String? {
        try self.tracker(tracker).levels?.levels.first { level in
            guard let range = level.healthRange else { return false }
            return (range.lower.map { value >= $0 } ?? true) && (range.upper.map { value <= $0 } ?? true)
        }?.key
    }

    func healthValues(_ entries: [Entry], of tracker: String) throws(Failure) -> [Double?]? { nil }

    func validate(_ files: [NewTracker], from app: String) throws(Failure) {
        validated.append(files)
    }

    func commit(_ files: [NewTracker], _ contents: StoreContents, dryRun: Bool) throws(Failure) -> StoreContents.Added {
        committed.append((files, contents, dryRun))
        var added = StoreContents.Added()
        let known = Set(history.entries.map(\.uuid))
        added.entries = contents.entries.filter { !known.contains($0.uuid) }
        added.freezes = contents.freezes.count
        if !dryRun {
            history.entries += added.entries
            history.freezes += contents.freezes
            for file in files where file.created { self.files[file.id] = String(file.text.prefix { $0 != "\n" }) }
        }
        return added
    }

    func failure(_ problem: ImportError) -> Failure { .problem(problem) }

    static func tracker(_ id: String, input: InputKind = .check, levels: LevelSet? = nil,
                        health: HealthMapping? = nil) -> TrackerDefinition {
        TrackerDefinition(id: id, name: LocalizedText(id.capitalized), icon: "", input: input, levels: levels,
                          health: health, origin: .init(pack: "local", file: "\(id).yaml"))
    }
}

extension Day {
    /// Noon of the day in Berlin in winter (UTC+1), in milliseconds.
    var berlinNoon: Int64 { Int64(number) * 86_400_000 + 11 * 3_600_000 }
}
