import Foundation
import HavenConfig
import HavenCore
import HavenSystem
import HavenStore

/// What an import from another app did (SPEC §9).
public struct TrackerImport: Sendable {
    /// Each habit with the tracker id it went to, and whether its file is new.
    public let habits: [(name: String, tracker: String, created: Bool)]
    /// Habits whose name gave an id a file of this home already uses, with the id taken instead.
    public let renamed: [(name: String, tracker: String)]
    public let entries: Int
    public let alreadyThere: Int
    public let days: Int
    public let freezes: Int
}

/// A tracker file an import makes (or found made by an earlier one).
struct ImportedTracker {
    /// The name in the other app.
    var name: String
    var id: String
    var text: String
    /// False when an earlier import made the file: it is used as it is.
    var created: Bool
    /// True when a tracker of the home had the id the name gives.
    var renamed: Bool
}

extension Session {
    /// The tracker for `name`: its id from the name, the file an earlier
    /// import made (its first line is `marker`) used again, else the next
    /// free `-N` id past any tracker or file of the home.
    func planTracker(name: String, marker: String, taken: inout Set<String>, text: String) -> ImportedTracker {
        let base = Session.trackerID(for: name)
        var id = base, suffix = 1
        while taken.contains(id) || FileManager.default.fileExists(atPath: runtime.layout.trackers + "/\(id).yaml") {
            if case .bytes(let bytes) = PlainFile.contents(runtime.layout.trackers + "/\(id).yaml", limit: 1 << 20),
               String(decoding: bytes, as: UTF8.self).hasPrefix(marker + "\n") {
                break
            }
            suffix += 1
            id = "\(base)-\(suffix)"
        }
        taken.insert(id)
        let exists = FileManager.default.fileExists(atPath: runtime.layout.trackers + "/\(id).yaml")
        return ImportedTracker(name: name, id: id, text: text, created: !exists, renamed: id != base)
    }

    /// Writes the new tracker files, then the entries and freezes in one
    /// transaction; if that fails, the files go again (nothing when `dryRun`).
    /// Returns what the import did.
    func commit(_ trackers: [ImportedTracker], _ contents: StoreContents, dryRun: Bool)
        throws(RuntimeError) -> TrackerImport {
        var created: [String] = []
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: runtime.layout.trackers, withIntermediateDirectories: true)
                for tracker in trackers where tracker.created {
                    let path = runtime.layout.trackers + "/\(tracker.id).yaml"
                    try Data(tracker.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    created.append(path)
                }
            } catch {
                for path in created { unlink(path) }
                throw .homeNotWritable(runtime.layout.trackers, reason: error.localizedDescription)
            }
        }
        let added: StoreContents.Added
        do {
            added = try db { () throws(StoreError) in try store.merge(contents, dryRun: dryRun) }
        } catch {
            // The entries did not go in: neither do the files made for them.
            for path in created { unlink(path) }
            throw error
        }
        return TrackerImport(habits: trackers.map { ($0.name, $0.id, $0.created) },
                             renamed: trackers.filter(\.renamed).map { ($0.name, $0.id) },
                             entries: added.entries.count, alreadyThere: contents.entries.count - added.entries.count,
                             days: Set(added.entries.map(\.day)).count, freezes: added.freezes)
    }

    /// A tracker id from a name: lower case, words joined by '-'.
    static func trackerID(for name: String) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, id.last != "-" {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty || !("a"..."z").contains(id.unicodeScalars.first!) { id = "habit" + (id.isEmpty ? "" : "-" + id) }
        return String(id.prefix(60))
    }

    /// A YAML scalar for a name: quoted when it holds a character YAML reads specially.
    static func yamlText(_ text: String) -> String {
        guard text.contains(where: { "\"\\:#{}[],&*!|>'%@`".contains($0) }) || text != text.trimmingCharacters(in: .whitespaces)
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A UUIDv7 fixed by `key` (its random bits a hash of it): the same
    /// record imported twice is the same entry.
    static func importUUID(_ key: String, milliseconds: Int64) -> String {
        struct Hashed: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var generator = Hashed(state: hash)
        return UUID7.make(milliseconds: milliseconds, using: &generator)
    }

    /// An entry another app recorded for `day`, at noon of it in the
    /// person's zone (so it lands on that day whatever the day boundary),
    /// its UUID fixed by `key`.
    func importedEntry(tracker: String, day: Day, value: EntryValue, note: String?, key: String,
                       source: String) -> Entry {
        let noon = noon(of: day)
        return Entry(tracker: tracker, instant: noon.milliseconds, zone: clock.zone.identifier, offset: noon.offset,
                     day: day, value: value, note: note, writtenAt: noon.milliseconds,
                     uuid: Session.importUUID(key, milliseconds: noon.milliseconds), source: source)
    }

    /// Noon of `day` in the person's zone: an imported day's entry lands on it whatever the day boundary.
    func noon(of day: Day) -> (milliseconds: Int64, offset: Int) {
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        components.timeZone = clock.zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = clock.zone
        let date = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return (Int64(date.timeIntervalSince1970 * 1000), clock.zone.secondsFromGMT(for: date))
    }

    /// Checks new tracker files as the home would load them, beside everything it has.
    func validate(_ files: [(id: String, text: String)], from app: String) throws(RuntimeError) {
        guard !files.isEmpty else { return }
        let staging = Staging.name(for: runtime.layout.configRoot + "/.import")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging + "/trackers", withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: staging + "/trackers/\(file.id).yaml"))
            }
        } catch {
            throw .homeNotWritable(staging, reason: error.localizedDescription)
        }
        let core = PackLocation(id: "core", root: runtime.corePack, display: "core", kind: .builtin)
        let catalog = CatalogLoader.load([core, PackLocation(id: "local", root: staging, display: "trackers", kind: .local)],
                                         havenVersion: HavenVersion.current)
        guard catalog.diagnostics.isEmpty else { throw .packInvalid(id: app, diagnostics: catalog.diagnostics,
                                                                     action: "imported") }
    }

    static func readText(_ path: String, shown: String) throws(RuntimeError) -> String {
        switch PlainFile.contents(path, limit: 1 << 30, followLinks: true) {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .tooLarge(let size): throw .invalidInput("\(shown) holds \(size) bytes, more than the 1 GiB an import reads")
        case .notPlain(let problem): throw .invalidInput("\(shown) \(problem)")
        case .unreadable where PlainFile.kind(path) == .missing: throw .pathNotFound(shown)
        case .unreadable(let reason): throw .invalidInput("cannot read \(shown): \(reason)")
        }
    }
}

