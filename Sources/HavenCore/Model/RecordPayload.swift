import Foundation

/// What one record says (SPEC §12): an action a person took, never derived
/// state. Its JSON is written and read here alone: by `encoded()` and
/// `read(_:)` in Swift, and by the SQL of `SQL` that the store's triggers
/// run (so that a write from any SQLite client is recorded too). An entry's record carries the whole entry; a later record with
/// the same entry UUID is an edit that supersedes it (the latest by
/// written time, device and record id wins); a delete is a tombstone that
/// outlives every version.
public enum RecordPayload: Sendable, Equatable {
    /// An entry as written or as edited (`uuid` names it across versions).
    case entry(Entry)
    /// The entry `uuid` is deleted.
    case delete(uuid: String, at: Int64)
    /// A freeze placed on a tracker's day.
    case freeze(tracker: String, day: Day, note: String?, at: Int64)
    /// A freeze taken back.
    case unfreeze(tracker: String, day: Day, at: Int64)
    /// A change of a tracker's freeze balance: a grant (+N), freezes
    /// placed (−N), freezes taken back (+N).
    case balance(tracker: String, change: Int, at: Int64)
    /// A desktop's board for the web app (#35): today's state per tracker
    /// and its quick actions, in words. The one derived state that travels;
    /// devices keep it in its stream as it came and apply it to nothing, so
    /// its fields are read by the web app alone (`encoded()` writes the kind).
    case board

    /// What a board record is about: no entry's UUID or freeze's `TRACKER/DAY` spells it.
    public static let boardSubject = "#board"

    /// The payload as sealed: JSON with sorted keys.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(Wire(self))  // every field is a plain string or number
    }

    /// The payload of an opened record, or nil when it is not one this Haven knows.
    public static func read(_ data: Data) -> RecordPayload? {
        if let wire = Wire(flat: data) { return try? wire.payload() }
        return decoded(data)
    }

    /// The checked way, through `JSONDecoder` (what `read` falls back to).
    static func decoded(_ data: Data) -> RecordPayload? {
        try? JSONDecoder().decode(Wire.self, from: data).payload()
    }

    /// SQL expressions that build the same JSON from a row of the store
    /// (`row` names it: `NEW`, a table alias); keys as `Wire` spells them.
    public enum SQL {
        /// An entry as written or edited.
        public static func entry(_ row: String) -> String {
            """
            json_object('kind', 'entry', 'uuid', \(row).uuid, 'tracker', \(row).tracker, 'instant', \(row).instant,
                'zone', \(row).zone, 'offset', \(row).utc_offset, 'day', \(row).day, 'level', \(row).level,
                'number', \(row).number, 'note', \(row).note, 'trigger', \(row).trigger,
                'written_at', \(row).written_at, 'source', \(row).source)
            """
        }

        /// An entry deleted (`row` the entry's old row).
        public static func delete(_ row: String, at now: String) -> String {
            "json_object('kind', 'delete', 'uuid', \(row).uuid, 'at', \(now))"
        }

        public static func freeze(_ row: String) -> String {
            "json_object('kind', 'freeze', 'tracker', \(row).tracker, 'day', \(row).day, 'note', \(row).note, "
                + "'at', \(row).placed_at)"
        }

        /// A freeze taken back (`row` the freeze's old row).
        public static func unfreeze(_ row: String, at now: String) -> String {
            "json_object('kind', 'unfreeze', 'tracker', \(row).tracker, 'day', \(row).day, 'at', \(now))"
        }

        public static func balance(_ row: String) -> String {
            "json_object('kind', 'balance', 'tracker', \(row).tracker, 'change', \(row).change, 'at', \(row).at)"
        }
    }

    /// The flat JSON form: `kind` and the fields that kind has.
    private struct Wire: Codable {
        var kind: String
        var uuid: String?
        var tracker: String?
        var instant: Int64?
        var zone: String?
        var offset: Int?
        var day: String?
        var level: String?
        var number: Double?
        var note: String?
        var trigger: String?
        var writtenAt: Int64?
        var source: String?
        var change: Int?
        var at: Int64?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case kind, uuid, tracker, instant, zone, offset, day, level, number, note, trigger, source, change, at
            case writtenAt = "written_at"

            /// Each key's bytes, and a bit of its own (`kind`'s is 1).
            private static let spelled = allCases.enumerated().map { (Array($1.rawValue.utf8), $1, UInt32(1) << $0) }

            /// The key spelled by these bytes, with its bit, if any.
            static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> (CodingKeys, UInt32)? {
                spelled.first { $0.0.count == bytes.count && $0.0.elementsEqual(bytes) }.map { ($0.1, $0.2) }
            }
        }

        init(kind: String) {
            self.kind = kind
        }

        /// Read by `FlatJSON`, as `JSONDecoder` reads it: unknown keys
        /// ignored, null as absent; nil for anything else (a repeated key,
        /// a value of another kind), which is then decoded the checked way.
        init?(flat data: Data) {
            self.init(kind: "")
            var seen: UInt32 = 0
            let whole = FlatJSON.pairs(data) { name, value in
                guard let (key, bit) = CodingKeys.named(name) else { return true }
                guard seen & bit == 0 else { return false }
                seen |= bit
                return set(key, value)
            }
            guard whole, seen & 1 != 0, !kind.isEmpty else { return nil }
        }

        /// One field from its JSON value; false when the value is not of the field's kind.
        private mutating func set(_ key: CodingKeys, _ value: FlatJSON.Value) -> Bool {
            var text: String?, digits: String?
            switch value {
            case .string(let string): text = string
            case .number(let number): digits = number
            case .null: break
            }
            func integer<T: FixedWidthInteger>(_ field: inout T?) -> Bool {
                guard text == nil else { return false }
                guard let digits else { return true }
                field = T(digits)
                return field != nil
            }
            switch key {
            case .kind:
                guard let text else { return false }
                kind = text
            case .uuid, .tracker, .zone, .day, .level, .note, .trigger, .source:
                guard digits == nil else { return false }
                switch key {
                case .uuid: uuid = text
                case .tracker: tracker = text
                case .zone: zone = text
                case .day: day = text
                case .level: level = text
                case .note: note = text
                case .trigger: trigger = text
                default: source = text
                }
            case .number:
                guard text == nil else { return false }
                guard let digits else { return true }
                number = Double(digits)
                return number != nil
            case .instant: return integer(&instant)
            case .offset: return integer(&offset)
            case .writtenAt: return integer(&writtenAt)
            case .change: return integer(&change)
            case .at: return integer(&at)
            }
            return true
        }

        init(_ payload: RecordPayload) {
            switch payload {
            case .entry(let entry):
                self.init(kind: "entry")
                uuid = entry.uuid
                tracker = entry.tracker
                instant = entry.instant
                zone = entry.zone
                offset = entry.offset
                day = entry.day.description
                level = entry.value.level
                if case .number(let value) = entry.value { number = value }
                note = entry.note
                trigger = entry.trigger
                writtenAt = entry.writtenAt
                source = entry.source
            case .delete(let uuid, let at):
                self.init(kind: "delete")
                self.uuid = uuid
                self.at = at
            case .freeze(let tracker, let day, let note, let at):
                self.init(kind: "freeze")
                (self.tracker, self.day, self.note, self.at) = (tracker, day.description, note, at)
            case .unfreeze(let tracker, let day, let at):
                self.init(kind: "unfreeze")
                (self.tracker, self.day, self.at) = (tracker, day.description, at)
            case .balance(let tracker, let change, let at):
                self.init(kind: "balance")
                (self.tracker, self.change, self.at) = (tracker, change, at)
            case .board:
                self.init(kind: "board")
            }
        }

        func payload() throws -> RecordPayload {
            struct Missing: Error {}
            func need<T>(_ value: T?) throws -> T {
                guard let value else { throw Missing() }
                return value
            }
            func needDay() throws -> Day {
                guard let day = day.flatMap(Day.init) else { throw Missing() }
                return day
            }
            switch kind {
            case "entry":
                let value: EntryValue = level.map(EntryValue.level) ?? number.map(EntryValue.number) ?? .none
                return .entry(Entry(tracker: try need(tracker), instant: try need(instant), zone: try need(zone),
                                    offset: try need(offset), day: try needDay(), value: value, note: note,
                                    trigger: trigger, writtenAt: try need(writtenAt), uuid: try need(uuid),
                                    source: source ?? "cli"))
            case "delete": return .delete(uuid: try need(uuid), at: try need(at))
            case "freeze": return .freeze(tracker: try need(tracker), day: try needDay(), note: note, at: try need(at))
            case "unfreeze": return .unfreeze(tracker: try need(tracker), day: try needDay(), at: try need(at))
            case "balance": return .balance(tracker: try need(tracker), change: try need(change), at: try need(at))
            case "board": return .board
            default: throw Missing()
            }
        }
    }
}
