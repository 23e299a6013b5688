import Crypto
import Foundation
import HavenWire

/// Seals and opens records with ChaCha20-Poly1305 (SPEC §12). The
/// associated data binds the record's identity, device, idx and version to
/// its content: a server that moves a record to another place in a stream,
/// or to another device, makes it fail to open.
public struct RecordCipher: Sendable {
    /// The payload format this Haven writes.
    public static let version = 1

    let key: SyncKey

    public init(key: SyncKey) {
        self.key = key
    }

    static func associatedData(id: String, device: String, idx: Int64, version: Int) -> Data {
        Data("haven-record\u{0}\(version)\u{0}\(id)\u{0}\(device)\u{0}\(idx)".utf8)
    }

    /// The record of `payload` at `idx` of `device`'s stream.
    public func seal(_ payload: Data, id: String, device: String, idx: Int64) throws -> WireRecord {
        let box = try ChaChaPoly.seal(payload, using: key.symmetric, authenticating: RecordCipher.associatedData(
            id: id, device: device, idx: idx, version: RecordCipher.version))
        return WireRecord(id: id, device: device, idx: idx, version: RecordCipher.version,
                          sealed: box.combined.base64EncodedString())
    }

    /// The payload of `record`, or `.undecryptable` when the key or any of
    /// its identity does not match what it was sealed with.
    public func open(_ record: WireRecord) throws(SyncError) -> Data {
        do {
            guard let combined = Data(base64Encoded: record.sealed) else { throw SyncError.undecryptable(id: record.id) }
            let box = try ChaChaPoly.SealedBox(combined: combined)
            return try ChaChaPoly.open(box, using: key.symmetric, authenticating: RecordCipher.associatedData(
                id: record.id, device: record.device, idx: record.idx, version: record.version))
        } catch {
            throw .undecryptable(id: record.id)
        }
    }
}
