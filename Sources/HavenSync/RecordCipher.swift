import Crypto
import Foundation
import HavenWire

/// Seals and opens records (SPEC §12, §17). The associated data binds the
/// record's identity, device, idx and version to its content: a server
/// that moves a record to another place in a stream, or to another
/// device, makes it fail to open.
///
/// Version 2, written from #35 on, is AES-256-GCM: the cipher a browser's
/// own crypto (WebCrypto) has, so the phone seals and opens records without
/// crypto written by hand. Version 1 (ChaCha20-Poly1305) is still read:
/// streams written before stay as they are. Both are nonce (12 bytes) ‖
/// ciphertext ‖ tag (16 bytes) under the same 32-byte key.
public struct RecordCipher: Sendable {
    /// The payload format this Haven writes.
    public static let version = 2

    /// The versions this Haven opens.
    public static let versions = 1...2

    let key: SyncKey
    /// The version it seals with: `version`, or 1 as a Haven from before
    /// #35 did (tests of mixed streams: `HAVEN_TEST_RECORD_VERSION=1`).
    let writing: Int

    public init(key: SyncKey, writing: Int = RecordCipher.version) {
        self.key = key
        self.writing = RecordCipher.versions.contains(writing) ? writing : RecordCipher.version
    }

    /// The version a sync writes: `version`, unless `HAVEN_TEST_RECORD_VERSION` names another this Haven knows.
    static var writingVersion: Int {
        ProcessInfo.processInfo.environment["HAVEN_TEST_RECORD_VERSION"].flatMap(Int.init) ?? version
    }

    static func associatedData(id: String, device: String, idx: Int64, version: Int) -> Data {
        Data("haven-record\u{0}\(version)\u{0}\(id)\u{0}\(device)\u{0}\(idx)".utf8)
    }

    /// The record of `payload` at `idx` of `device`'s stream.
    public func seal(_ payload: Data, id: String, device: String, idx: Int64) throws -> WireRecord {
        try seal(payload, id: id, device: device, idx: idx, nonce: Array(AES.GCM.Nonce()))
    }

    /// `seal` with a given 12-byte nonce: for fixed test vectors only (a
    /// nonce is never used twice with a key).
    func seal(_ payload: Data, id: String, device: String, idx: Int64, nonce: [UInt8]) throws -> WireRecord {
        let data = RecordCipher.associatedData(id: id, device: device, idx: idx, version: writing)
        let combined: Data
        if writing == 1 {
            combined = try ChaChaPoly.seal(payload, using: key.symmetric, nonce: ChaChaPoly.Nonce(data: nonce),
                                           authenticating: data).combined
        } else {
            guard let sealed = try AES.GCM.seal(payload, using: key.symmetric, nonce: AES.GCM.Nonce(data: nonce),
                                                authenticating: data).combined else {
                throw SyncError.cannotSeal("a nonce of other than 12 bytes")
            }
            combined = sealed
        }
        return WireRecord(id: id, device: device, idx: idx, version: writing, sealed: combined.base64EncodedString())
    }

    /// The payload of `record`, or `.undecryptable` when the key or any of
    /// its identity does not match what it was sealed with, or its version
    /// is one this Haven does not know.
    public func open(_ record: WireRecord) throws(SyncError) -> Data {
        do {
            guard let combined = Data(base64Encoded: record.sealed) else { throw SyncError.undecryptable(id: record.id) }
            let data = RecordCipher.associatedData(id: record.id, device: record.device, idx: record.idx,
                                                   version: record.version)
            switch record.version {
            case 1: return try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: combined), using: key.symmetric, authenticating: data)
            case 2: return try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key.symmetric, authenticating: data)
            default: throw SyncError.undecryptable(id: record.id)
            }
        } catch {
            throw .undecryptable(id: record.id)
        }
    }
}
