import Foundation
import HavenCore

/// `export json` and `import haven` (SPEC §9): a home's history as JSON
/// Lines. The first line names the format; each line after it is one
/// record with a `kind`: `definition` (a tracker file of the home, its
/// YAML as written; version 2), `entry`, `freeze`, `freeze_change`,
/// `tracker`, `mode_epoch` or `archived_streak`. Keys are sorted and
/// snake_case, days are `YYYY-MM-DD`, instants milliseconds since 1970 UTC.
public enum HistoryFile {
    static let format = "haven-history"
    static let version = 2

    /// A tracker file of the home, carried so that the history means in
    /// another home what it meant here (SPEC §9).
    public struct Definition: Sendable, Equatable {
        public var tracker: String
        public var text: String

        public init(tracker: String, text: String) {
            self.tracker = tracker
            self.text = text
        }
    }

    /// What a value of a line must be.
    public enum Expected: Sendable, Equatable {
        case text, wholeNumber, positiveNumber, day, trackerID, uuid, mode
    }

    /// The file's lines, each ending in a line break.
    public static func lines(_ contents: StoreContents, definitions: [Definition] = []) -> [String] {
        var records: [[String: Any?]] = [["format": format, "version": version]]
        for definition in definitions {
            records.append(["kind": "definition", "tracker": definition.tracker, "yaml": definition.text])
        }
        for (tracker, state) in contents.states.sorted(by: { $0.key < $1.key }) {
            records.append(["kind": "tracker", "tracker": tracker, "first_seen": state.firstSeen.description,
                            "mode": state.mode, "position": state.position, "created_at": state.createdAt])
        }
        for epoch in contents.epochs {
            records.append(["kind": "mode_epoch", "tracker": epoch.tracker, "mode": epoch.mode,
                            "start": epoch.start.description])
        }
        for (tracker, streak) in contents.archived {
            records.append(["kind": "archived_streak", "tracker": tracker, "mode": streak.mode.rawValue,
                            "current": streak.current, "longest": streak.longest, "from": streak.from.description,
                            "to": streak.to.description])
        }
        for grant in contents.grants {
            records.append(["kind": "freeze_change", "tracker": grant.tracker, "change": grant.change, "at": grant.at])
        }
        for freeze in contents.freezes {
            records.append(["kind": "freeze", "tracker": freeze.tracker, "day": freeze.day.description,
                            "note": freeze.note, "placed_at": freeze.placedAt])
        }
        for e in contents.entries {
            var record: [String: Any?] = ["kind": "entry", "uuid": e.uuid, "tracker": e.tracker, "instant": e.instant,
                                          "zone": e.zone, "utc_offset": e.offset, "day": e.day.description,
                                          "note": e.note, "trigger": e.trigger, "written_at": e.writtenAt,
                                          "source": e.source]
            switch e.value {
            case .none: break
            case .level(let key): record["level"] = key
            case .number(let n): record["number"] = n
            }
            records.append(record)
        }
        return records.map { record in
            let present = record.compactMapValues { $0 }
            let data = try! JSONSerialization.data(withJSONObject: present, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    /// Reads a file's text whole; the first line that cannot be read stops
    /// it. Entries are marked `source` (`import:haven`, SPEC §9).
    public static func parse(_ text: String, file: String, source: String) throws(ImportError) -> StoreContents {
        try read(text, file: file, source: source).contents
    }

    /// The file's records, and the tracker files it carries.
    public static func read(_ text: String, file: String, source: String) throws(ImportError)
        -> (contents: StoreContents, definitions: [Definition]) {
        var contents = StoreContents()
        var definitions: [Definition] = []
        var number = 0
        var sawHeader = false
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let record = try Record(line, number: number, file: file)
            if !sawHeader {
                guard try record.string("format") == format else {
                    throw ImportError(file: file, line: number, .notHavenHistory)
                }
                guard try record.int("version") <= version else {
                    throw ImportError(file: file, line: number, .newerHistory(version: (try? record.int("version")) ?? 0))
                }
                sawHeader = true
                continue
            }
            switch try record.string("kind") {
            case "definition":
                definitions.append(Definition(tracker: try record.tracker(), text: try record.string("yaml")))
            case "entry":
                let level = try record.optionalString("level"), amount = try record.optionalDouble("number")
                guard level == nil || amount == nil else {
                    throw ImportError(file: file, line: number, .levelAndNumber)
                }
                let uuid = try record.string("uuid")
                guard UUID7.isValid(uuid) else {
                    throw ImportError(file: file, line: number, .keyType("uuid", .uuid))
                }
                contents.entries.append(Entry(
                    tracker: try record.tracker(), instant: try record.int("instant"), zone: try record.string("zone"),
                    offset: Int(try record.int("utc_offset")), day: try record.day("day"),
                    value: level.map(EntryValue.level) ?? amount.map(EntryValue.number) ?? .none,
                    note: try record.optionalString("note"), trigger: try record.optionalString("trigger"),
                    writtenAt: try record.int("written_at"), uuid: uuid, source: source))
            case "freeze":
                contents.freezes.append(Freeze(tracker: try record.tracker(), day: try record.day("day"),
                                               note: try record.optionalString("note"),
                                               placedAt: try record.int("placed_at")))
            case "freeze_change":
                contents.grants.append(.init(tracker: try record.tracker(), change: Int(try record.int("change")),
                                             at: try record.int("at")))
            case "tracker":
                contents.states[try record.tracker()] = TrackerState(
                    firstSeen: try record.day("first_seen"), mode: try record.mode(optional: true),
                    position: try record.optionalInt("position").map(Int.init), createdAt: try record.optionalInt("created_at"))
            case "mode_epoch":
                contents.epochs.append(.init(tracker: try record.tracker(), mode: try record.mode(optional: false) ?? "",
                                             start: try record.day("start")))
            case "archived_streak":
                let mode = TrackerMode(rawValue: try record.mode(optional: false) ?? "") ?? .awareness
                contents.archived.append((try record.tracker(), ArchivedStreak(
                    mode: mode, current: Int(try record.int("current")), longest: Int(try record.int("longest")),
                    from: try record.day("from"), to: try record.day("to"))))
            case let kind:
                throw ImportError(file: file, line: number, .unknownKind(kind))
            }
        }
        guard sawHeader else { throw ImportError(file: file, line: max(number, 1), .emptyHistory) }
        return (contents, definitions)
    }

    /// One line's object, read strictly: a missing key or a value of the
    /// wrong type is a problem naming the key.
    struct Record {
        let fields: [String: Any]
        let number: Int
        let file: String

        init(_ line: Substring, number: Int, file: String) throws(ImportError) {
            self.number = number
            self.file = file
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ImportError(file: file, line: number, .notJSONObject)
            }
            fields = object
        }

        func problem(_ key: String, _ what: Expected) -> ImportError {
            ImportError(file: file, line: number, fields[key] == nil ? .keyMissing(key) : .keyType(key, what))
        }

        func string(_ key: String) throws(ImportError) -> String {
            guard let value = fields[key] as? String else { throw problem(key, .text) }
            return value
        }

        func optionalString(_ key: String) throws(ImportError) -> String? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw problem(key, .text) }
            return text
        }

        func int(_ key: String) throws(ImportError) -> Int64 {
            guard let value = try optionalInt(key) else { throw problem(key, .wholeNumber) }
            return value
        }

        func optionalInt(_ key: String) throws(ImportError) -> Int64? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded(),
                  abs(number.doubleValue) < 9.0e15 else { throw problem(key, .wholeNumber) }
            return number.int64Value
        }

        func optionalDouble(_ key: String) throws(ImportError) -> Double? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let number = value as? NSNumber, number.doubleValue > 0, number.doubleValue.isFinite else {
                throw problem(key, .positiveNumber)
            }
            return number.doubleValue
        }

        func day(_ key: String) throws(ImportError) -> Day {
            guard let text = fields[key] as? String, let day = Day(text) else { throw problem(key, .day) }
            return day
        }

        func tracker() throws(ImportError) -> String {
            let id = try string("tracker")
            guard Identifier.isValid(id) else { throw problem("tracker", .trackerID) }
            return id
        }

        func mode(optional: Bool) throws(ImportError) -> String? {
            guard let mode = try optionalString("mode") else {
                if optional { return nil }
                throw problem("mode", .mode)
            }
            guard TrackerMode(rawValue: mode) != nil else { throw problem("mode", .mode) }
            return mode
        }
    }
}
