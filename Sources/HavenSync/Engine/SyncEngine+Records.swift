import Foundation
import HavenCore
import HavenWire

extension SyncEngine {
    /// A stream's records after `idx`, sealed for the server, at most
    /// `limit`. A record kept as it came (one that did not open here) goes
    /// on as it came.
    public func outgoing(device: String, after idx: Int64, limit: Int, cipher: RecordCipher)
        throws(SyncError) -> [WireRecord] {
        let records = try db { () throws(DatabaseProblem) in try store.records(device: device, after: idx, limit: limit) }
        do {
            return try records.map { record in
                if let kept = KeptRecord.decode(record.payload) {
                    return WireRecord(id: record.id, device: record.device, idx: record.idx, version: kept.version,
                                      sealed: kept.sealed)
                }
                return try cipher.seal(Data(record.payload.utf8), id: record.id, device: record.device, idx: record.idx)
            }
        } catch {
            throw .cannotSeal("\(error)")
        }
    }

    /// Applies other devices' records in one transaction (SPEC §12): merging
    /// is set union. An entry takes the version of its deciding record (the
    /// latest by time, device, id) unless any device deleted it; a day's
    /// freeze follows its deciding record; balance changes add up. Records
    /// that do not open or cannot be read are kept as they came, applied to
    /// nothing, and reported; they go on to the server as they came.
    public func apply(_ incoming: [WireRecord], cipher: RecordCipher) throws(SyncError) -> SyncApplied {
        var result = SyncApplied()
        var kept: [StoredRecord] = []
        var payloads: [String: RecordPayload] = [:]
        for record in incoming {
            do {
                let data = try cipher.open(record)
                let payload = try RecordPayload.decode(data, id: record.id)
                kept.append(StoredRecord(id: record.id, device: record.device, idx: record.idx,
                                       payload: String(decoding: data, as: UTF8.self), subject: payload.subject))
                payloads[record.id] = payload
            } catch {
                result.skipped.append(error)
                kept.append(StoredRecord(id: record.id, device: record.device, idx: record.idx,
                                       payload: KeptRecord(version: record.version, sealed: record.sealed).encoded(),
                                       subject: nil))
            }
        }
        var opened = 0
        let added = try db { () throws(DatabaseProblem) in
            try store.keep(kept) { writer, record in
                guard let payload = payloads[record.id] else { return }
                opened += 1
                switch payload {
                case .entry(var entry):
                    entry.source = "sync:" + record.device
                    if try !writer.isDeleted(uuid: entry.uuid), try writer.decides(record) { try writer.put(entry) }
                case .delete(let uuid, _):
                    try writer.delete(uuid: uuid)
                case .freeze(let tracker, let day, let note, let at):
                    if try writer.decides(record) { try writer.setFrozen(tracker: tracker, day: day, note: note, at: at, true) }
                case .unfreeze(let tracker, let day, let at):
                    if try writer.decides(record) { try writer.setFrozen(tracker: tracker, day: day, note: nil, at: at, false) }
                case .balance(let tracker, let change, let at):
                    try writer.addBalance(tracker: tracker, change: change, at: at)
                case .board:
                    break
                }
            }
        }
        result.applied = opened
        result.known = kept.count - added
        return result
    }
}

extension RecordPayload {
    /// What another record of the same subject can supersede.
    var subject: String? {
        switch self {
        case .entry(let entry): return entry.uuid
        case .delete(let uuid, _): return uuid
        case .freeze(let tracker, let day, _, _), .unfreeze(let tracker, let day, _): return "\(tracker)/\(day)"
        case .balance: return nil
        case .board: return RecordPayload.boardSubject
        }
    }
}

/// A record that did not open here, kept as it came: `{"kind":"sealed", …}`
/// in the payload column, so that it stays in its stream and goes on to the
/// server with the same bytes.
struct KeptRecord: Codable {
    var kind = "sealed"
    var version: Int
    var sealed: String

    init(version: Int, sealed: String) {
        self.version = version
        self.sealed = sealed
    }

    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    static func decode(_ payload: String) -> KeptRecord? {
        guard payload.hasPrefix(#"{"kind":"sealed""#) else { return nil }
        return try? JSONDecoder().decode(KeptRecord.self, from: Data(payload.utf8))
    }
}

extension RecordPayload {
    /// The payload of an opened record; `id` names it in the error.
    public static func decode(_ data: Data, id: String) throws(SyncError) -> RecordPayload {
        guard let payload = read(data) else { throw .unreadable(id: id) }
        return payload
    }
}
