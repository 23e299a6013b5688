import Foundation
import HavenCore
import HavenStore
import HavenSync
import HavenWire

/// What applying other devices' records did.
public struct SyncApplied: Sendable, Equatable {
    /// Records kept and applied for the first time.
    public var applied = 0
    /// Records already here (a batch received twice changes nothing).
    public var known = 0
    /// Records kept out: they do not open with this key or cannot be read
    /// (SPEC §12: skipped, never fatal), each with its reason.
    public var skipped: [SyncError] = []

    public init(applied: Int = 0, known: Int = 0, skipped: [SyncError] = []) {
        self.applied = applied
        self.known = known
        self.skipped = skipped
    }
}

extension Session {
    /// Starts this device's record stream (SPEC §12), once: the device gets
    /// a UUID and the history there is becomes its first records. Returns
    /// the device's id.
    public func startRecords() throws(RuntimeError) -> String {
        let made = UUID7.make(milliseconds: clock.milliseconds)
        return try db { () throws(StoreError) in try store.startRecords(device: made).device }
    }

    /// This device's records after `idx`, sealed for the server, at most `limit`.
    public func outgoing(after idx: Int64, limit: Int, cipher: RecordCipher) throws(RuntimeError) -> [WireRecord] {
        guard let device = try db({ () throws(StoreError) in try store.recordingDevice() }) else { return [] }
        let records = try db { () throws(StoreError) in try store.records(device: device, after: idx, limit: limit) }
        do {
            return try records.map { try cipher.seal(Data($0.payload.utf8), id: $0.id, device: $0.device, idx: $0.idx) }
        } catch {
            throw .invalidInput("a record could not be sealed: \(error)")
        }
    }

    /// Applies other devices' records in one transaction (SPEC §12): merging
    /// is set union. An entry takes the version of its deciding record (the
    /// latest by time, device, id) unless any device deleted it; a day's
    /// freeze follows its deciding record; balance changes add up. Records
    /// that do not open or cannot be read are kept out and reported.
    public func apply(_ incoming: [WireRecord], cipher: RecordCipher) throws(RuntimeError) -> SyncApplied {
        var result = SyncApplied()
        var readable: [(StoredRecord, RecordPayload)] = []
        for record in incoming {
            do {
                let data = try cipher.open(record)
                let payload = try RecordPayload.decode(data, id: record.id)
                readable.append((StoredRecord(id: record.id, device: record.device, idx: record.idx,
                                              payload: String(decoding: data, as: UTF8.self), subject: payload.subject),
                                 payload))
            } catch {
                result.skipped.append(error)
            }
        }
        let payloads = Dictionary(readable.map { ($0.0.id, $0.1) }, uniquingKeysWith: { first, _ in first })
        let applied = try db { () throws(StoreError) in
            try store.applyRecords(readable.map(\.0)) { writer, record in
                guard let payload = payloads[record.id] else { return }
                switch payload {
                case .entry(let entry):
                    if try !writer.isDeleted(uuid: entry.uuid), try writer.decides(record) { try writer.put(entry) }
                case .delete(let uuid, _):
                    try writer.delete(uuid: uuid)
                case .freeze(let tracker, let day, let note, let at):
                    if try writer.decides(record) { try writer.setFrozen(tracker: tracker, day: day, note: note, at: at, true) }
                case .unfreeze(let tracker, let day, let at):
                    if try writer.decides(record) { try writer.setFrozen(tracker: tracker, day: day, note: nil, at: at, false) }
                case .balance(let tracker, let change, let at):
                    try writer.addBalance(tracker: tracker, change: change, at: at)
                }
            }
        }
        result.applied = applied
        result.known = readable.count - applied
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
        }
    }
}
