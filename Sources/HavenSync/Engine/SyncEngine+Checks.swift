import HavenCore
import HavenWire

/// Every answer of a server is checked before any of it is used (SPEC
/// §12): positions are device ids with an idx of 0 to 2^53, a pulled page
/// holds at most what was asked, all of the stream asked for, at exactly
/// after + 1, after + 2, …, each record with a UUID and a positive version A server that answers otherwise stops the run
/// with what it did wrong, and nothing of it is written.
extension SyncEngine {
    /// The server's stream positions, checked.
    static func positions(_ status: StatusResponse, url: String) throws(SyncError) -> [String: Int64] {
        var positions: [String: Int64] = [:]
        for position in status.devices {
            guard UUID7.isValid(position.device), (0 ... WireRecord.maxIdx).contains(position.last) else {
                throw .serverFault(url: url, .badPosition(device: String(position.device.prefix(40)), last: position.last))
            }
            positions[position.device] = max(positions[position.device] ?? 0, position.last)
        }
        return positions
    }

    /// One pulled page of `device` after `after`, asked with `limit`, checked.
    static func check(_ page: PullResponse, device: String, after: Int64, limit: Int, url: String) throws(SyncError) {
        guard page.records.count <= limit else {
            throw .serverFault(url: url, .pageTooLarge(limit: limit, got: page.records.count))
        }
        for (offset, record) in page.records.enumerated() {
            guard record.device == device else {
                throw .serverFault(url: url, .wrongDevice(asked: device, got: String(record.device.prefix(40))))
            }
            let expected = after + 1 + Int64(offset)
            guard record.idx == expected else {
                throw .serverFault(url: url, .wrongIdx(device: device, expected: expected, got: record.idx))
            }
            // What is kept of a record that does not open: it must be one a device could have sent.
            guard UUID7.isValid(record.id) else {
                throw .serverFault(url: url, .badRecord(device: device, idx: record.idx, field: "id"))
            }
            guard (1 ... Int(Int32.max)).contains(record.version) else {
                throw .serverFault(url: url, .badRecord(device: device, idx: record.idx, field: "version"))
            }
        }
        if page.more && page.records.isEmpty {
            throw .serverFault(url: url, .noProgress(device: device, after: after))
        }
    }
}
