import Foundation
import HavenCore
import HavenSync
import HavenWire
import XCTest

/// Records as they are sealed, sent and opened (SPEC §12): the key's text,
/// AES-256-GCM (version 2; ChaCha20-Poly1305 was version 1) bound to each record's place, and the payload's JSON.
final class RecordTests: XCTestCase {
    let key = try! SyncKey(text: "hk1-AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
    let device = "0190f3a2-0000-7000-8000-00000000d001"
    let id = "0190f3a2-0000-7000-8000-0000000000a1"

    let entry = Entry(tracker: "noalc", instant: 1_773_176_400_000, zone: "Europe/Berlin", offset: 3600,
                      day: Day("2026-03-10")!, value: .level("steady"), note: "a quiet \"evening\"", trigger: nil,
                      writtenAt: 1_773_176_401_000, uuid: "019cd955-ba00-7040-a8a1-6d3203b46e3e", source: "cli")

    func testAKeyIsShownAndReadBackAndANewOneIsRandom() throws {
        XCTAssertEqual(key.text, "hk1-AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
        XCTAssertEqual(try SyncKey(text: "  " + key.text + "\n"), key)
        let made = SyncKey.make()
        XCTAssertEqual(made.text.count, 47)
        XCTAssertEqual(try SyncKey(text: made.text), made)
        XCTAssertNotEqual(made, SyncKey.make())
        for bad in ["", "hk1-", "hk1-AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh", "hk2-" + key.text.dropFirst(4),
                    "hk1-AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+"] {
            XCTAssertThrowsError(try SyncKey(text: bad), bad) { error in
                XCTAssertEqual(error as? SyncError, .badKey)
            }
        }
    }

    func testASealedRecordOpensOnlyWithItsKeyAndInItsPlace() throws {
        let cipher = RecordCipher(key: key)
        let payload = RecordPayload.entry(entry).encoded()
        let record = try cipher.seal(payload, id: id, device: device, idx: 7)
        XCTAssertEqual([record.id, record.device], [id, device])
        XCTAssertEqual([record.idx, Int64(record.version)], [7, 2])
        // Nonce, ciphertext and tag: the server learns the size and nothing else.
        XCTAssertEqual(Data(base64Encoded: record.sealed)?.count, 12 + payload.count + 16)
        XCTAssertFalse(record.sealed.contains("noalc"))
        XCTAssertEqual(try cipher.open(record), payload)
        // The same bytes sealed twice differ (a fresh nonce each time).
        XCTAssertNotEqual(try cipher.seal(payload, id: id, device: device, idx: 7).sealed, record.sealed)

        var moved = [record, record, record, record, record]
        moved[0].idx = 8
        moved[1].device = "0190f3a2-0000-7000-8000-00000000d002"
        moved[2].id = "0190f3a2-0000-7000-8000-0000000000a2"
        moved[3].version = 1
        moved[4].sealed = "not base64"
        for changed in moved {
            XCTAssertThrowsError(try cipher.open(changed)) { error in
                XCTAssertEqual(error as? SyncError, .undecryptable(id: changed.id))
            }
        }
        XCTAssertThrowsError(try RecordCipher(key: SyncKey.make()).open(record)) { error in
            XCTAssertEqual(error as? SyncError, .undecryptable(id: id))
        }
    }

    func testEachKindOfPayloadReadsBackAsWrittenAndTheEntrysJSONIsExact() throws {
        XCTAssertEqual(String(decoding: RecordPayload.entry(entry).encoded(), as: UTF8.self),
                       #"{"day":"2026-03-10","instant":1773176400000,"kind":"entry","level":"steady","#
                       + #""note":"a quiet \"evening\"","offset":3600,"source":"cli","tracker":"noalc","#
                       + #""uuid":"019cd955-ba00-7040-a8a1-6d3203b46e3e","written_at":1773176401000,"#
                       + #""zone":"Europe/Berlin"}"#)
        var water = entry
        water.value = .number(2.5)
        water.note = nil
        var check = entry
        check.value = .none
        let payloads: [RecordPayload] = [
            .entry(entry), .entry(water), .entry(check),
            .delete(uuid: entry.uuid, at: 1_773_180_000_000),
            .freeze(tracker: "gym", day: Day("2026-03-11")!, note: "travel", at: 1_773_180_000_000),
            .unfreeze(tracker: "gym", day: Day("2026-03-11")!, at: 1_773_190_000_000),
            .balance(tracker: "gym", change: 2, at: 1_773_200_000_000),
            .balance(tracker: "gym", change: -1, at: 1_773_200_000_001),
        ]
        for payload in payloads {
            XCTAssertEqual(try RecordPayload.decode(payload.encoded(), id: id), payload)
        }
        for unknown in [#"{"kind":"teleport"}"#, #"{"kind":"entry","tracker":"noalc"}"#, "[]", "not json"] {
            XCTAssertThrowsError(try RecordPayload.decode(Data(unknown.utf8), id: id), unknown) { error in
                XCTAssertEqual(error as? SyncError, .unreadable(id: id))
            }
        }
    }

    func testTheWireFormIsStableJSON() throws {
        let record = WireRecord(id: id, device: device, idx: 3, version: 1, sealed: "AAAA")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(PushRequest(records: [record])), as: UTF8.self),
                       #"{"records":[{"device":"0190f3a2-0000-7000-8000-00000000d001","id":"0190f3a2-0000-7000-8000-"#
                       + #"0000000000a1","idx":3,"sealed":"AAAA","version":1}]}"#)
        let gap = #"{"device":"0190f3a2-0000-7000-8000-000000000001","error":"the records of device 0190f3a2-0000-7000-8000-000000000001 must go on at idx 4","expected":4}"#
        XCTAssertEqual(try JSONDecoder().decode(IdxGap.self, from: Data(gap.utf8)),
                       IdxGap(device: "0190f3a2-0000-7000-8000-000000000001", expected: 4))
    }
}
