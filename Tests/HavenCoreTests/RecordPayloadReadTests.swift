import Foundation
@testable import HavenCore
import XCTest

/// A record's payload read by `FlatJSON` (D334) says exactly what
/// `JSONDecoder` says of the same bytes, for what Haven and SQLite write,
/// for escapes and every kind, and for texts the quick reader leaves to
/// the decoder.
final class RecordPayloadReadTests: XCTestCase {
    static let texts = [
        #"{"day":"2026-03-10","instant":1773136800000,"kind":"entry","level":"steady","note":null,"number":null,"offset":3600,"source":"cli","tracker":"noalc","trigger":null,"uuid":"019cd955-ba00-7b2e-a7ad-30fe958728c8","written_at":1773136800123,"zone":"Europe/Berlin"}"#,
        #"{"kind": "entry", "uuid": "u1", "tracker": "water", "instant": -5, "zone": "UTC", "offset": 0, "day": "1969-12-31", "level": null, "number": 2.5e1, "note": "a \"quote\", a \\ and \/ \b\f\n\r\t \u00e9 \u2603 \ud83d\udca7", "trigger": "boredom", "written_at": 7, "source": "phone"}"#,
        #"{"kind":"entry","uuid":"u2","tracker":"w","instant":1,"zone":"UTC","offset":0,"day":"2026-01-01","written_at":1}"#,
        #"{"kind":"delete","uuid":"u3","at":1773136800000}"#,
        #"{"kind":"freeze","tracker":"gym","day":"2026-03-11","note":"ill","at":5}"#,
        #"{"kind":"unfreeze","tracker":"gym","day":"2026-03-11","at":6}"#,
        #"{"kind":"balance","tracker":"gym","change":-2,"at":8,"future":"ignored"}"#,
        #"  {"kind":"balance","tracker":"gym","change":3,"at":8}  "#,
        // Left to the decoder: a nested value, a boolean, a repeated key, a number written as a text.
        #"{"kind":"balance","tracker":"gym","change":3,"at":8,"extra":{"a":1}}"#,
        #"{"kind":"delete","uuid":"u3","at":1,"flag":true}"#,
        #"{"kind":"delete","uuid":"u3","uuid":"u4","at":1}"#,
        #"{"kind":"delete","uuid":"u3","at":"1"}"#,
        #"{"kind":"delete","uuid":"u3","at":1.0}"#,
        // Not payloads at all.
        #"{"kind":"entry","uuid":"u1"}"#, #"{"kind":"dance","at":1}"#, #"{"kind":"delete","uuid":"\ud83d","at":1}"#,
        #"{"kind":"delete","uuid":"u","at":1} x"#, #"["kind"]"#, "", #"{"kind":"delete","uuid":"a"#,
        "{\"kind\":\"delete\",\"uuid\":\"tab\tin\",\"at\":1}", #"{"kind":"delete","uuid":"u\x","at":1}"#,
    ]

    func testTheQuickReaderAgreesWithTheDecoder() {
        for text in Self.texts {
            let data = Data(text.utf8)
            XCTAssertEqual(RecordPayload.read(data), RecordPayload.decoded(data), text)
        }
        XCTAssertNotNil(RecordPayload.read(Data(Self.texts[1].utf8)))
        if case .entry(let entry)? = RecordPayload.read(Data(Self.texts[1].utf8)) {
            XCTAssertEqual(entry.note, "a \"quote\", a \\ and / \u{08}\u{0C}\n\r\t é ☃ 💧")
            XCTAssertEqual(entry.value, .number(25))
        }
    }

    func testWhatHavenWritesReadsBackByTheQuickWay() {
        let entry = Entry(tracker: "mood", instant: 1_773_136_800_000, zone: "Europe/Berlin", offset: 3600,
                          day: Day("2026-03-10")!, value: .level("good"), note: "Müde \"heute\"\n", trigger: nil,
                          writtenAt: 1_773_136_800_001, uuid: "019cd955-ba00-7b2e-a7ad-30fe958728c8", source: "quick")
        for payload in [RecordPayload.entry(entry), .delete(uuid: "x", at: 3), .freeze(tracker: "t", day: Day("2026-01-02")!, note: nil, at: 4),
                        .unfreeze(tracker: "t", day: Day("2026-01-02")!, at: 5), .balance(tracker: "t", change: -1, at: 6)] {
            let data = payload.encoded()
            XCTAssertNotNil(FlatJSON.object(data), String(decoding: data, as: UTF8.self))
            XCTAssertEqual(RecordPayload.read(data), payload)
        }
    }
}
