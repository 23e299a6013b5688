import Foundation
@testable import HavenServer
import HavenWire
import NIOCore
import XCTest

/// The push body's own reader (#31 item 6) reads what the JSON decoder
/// reads, or leaves the body to it: never a different record.
final class PushBodyTests: XCTestCase {
    private let id = "019a0000-0000-7000-8000-000000000001", device = "019a0000-0000-7000-8000-0000000000d1"

    private func read(_ body: String) -> [IncomingRecord]? { PushBody.read(ByteBuffer(string: body)) }

    private func decoded(_ body: String) -> [IncomingRecord]? {
        (try? JSONDecoder().decode(PushRequest.self, from: Data(body.utf8)))?.records.map(IncomingRecord.init)
    }

    private func same(_ a: [IncomingRecord]?, _ b: [IncomingRecord]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.count == b.count && zip(a, b).allSatisfy {
            $0.id == $1.id && $0.device == $1.device && $0.idx == $1.idx && $0.version == $1.version && $0.sealed == $1.sealed
        }
    }

    func testTheUsualShapeIsReadWithItsBase64Decoded() throws {
        var generator = SystemRandomNumberGenerator()
        for size in 0 ..< 64 {
            let bytes = (0 ..< size).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
            let record = WireRecord(id: id, device: device, idx: Int64(size + 1), version: 1,
                                    sealed: Data(bytes).base64EncodedString())
            let body = String(decoding: try JSONEncoder().encode(PushRequest(records: [record, record])), as: UTF8.self)
            let records = try XCTUnwrap(read(body), body)
            XCTAssertEqual(records.map(\.sealed), [ByteBuffer(bytes: bytes), ByteBuffer(bytes: bytes)])
            XCTAssertEqual(records.map(\.idx), [Int64(size + 1), Int64(size + 1)])
            XCTAssertTrue(same(records, decoded(body)))
        }
        let spaced = " {\n \"records\" : [ { \"sealed\" : \"AAEC\" ,\"version\":2,\"idx\" : 9007199254740992 ,"
            + "\"device\":\"\(device)\", \"id\":\"\(id)\"}\t] }\r\n"
        XCTAssertEqual(read(spaced)?.first?.idx, 9_007_199_254_740_992)
        XCTAssertTrue(same(read(spaced), decoded(spaced)))
        XCTAssertEqual(read("{\"records\":[]}")?.count, 0)
    }

    /// Each of these is either left to the decoder (nil) or read the same:
    /// escapes, unknown or repeated keys, numbers JSON writes otherwise,
    /// base64 that is not canonical, values of other types, trailing bytes.
    func testEverythingElseIsLeftToTheDecoder() {
        func record(_ fields: String) -> String { "{\"records\":[{\(fields)}]}" }
        let base = "\"id\":\"\(id)\",\"device\":\"\(device)\",\"idx\":1,\"version\":1"
        let bodies = [
            record(base + ",\"sealed\":\"AA\\/B\""), record(base + ",\"sealed\":\"AA\\nB\""), record(base + ",\"sealed\":\"AA\\u002fB\""), record(base + ",\"sealed\":\"AAE=\",\"extra\":1"),
            record(base + ",\"sealed\":\"AAE=\",\"idx\":2"), record(base + ",\"sealed\":\"AAF=\""),
            record(base + ",\"sealed\":\"AA==\""), record(base + ",\"sealed\":\"AB==\""), record(base + ",\"sealed\":\"AAE\""),
            record(base + ",\"sealed\":\"A=AA\""), record(base + ",\"sealed\":\"AAE=AAAA\""), record(base + ",\"sealed\":\"====\""),
            record(base + ",\"sealed\":\"\""), record(base + ",\"sealed\":null"), record(base + ",\"sealed\":1"),
            record(base.replacingOccurrences(of: "\"idx\":1", with: "\"idx\":1.0") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: "\"idx\":1", with: "\"idx\":01") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: "\"idx\":1", with: "\"idx\":1e3") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: "\"idx\":1", with: "\"idx\":-0") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: "\"idx\":1", with: "\"idx\":12345678901234567890") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: "\"version\":1", with: "\"version\":\"1\"") + ",\"sealed\":\"AAE=\""),
            record(base.replacingOccurrences(of: id, with: "caf\u{E9}") + ",\"sealed\":\"AAE=\""),
            record(base + ",\"sealed\":\"AAE=\"") + "x", record(base + ",\"sealed\":\"AAE=\"") + "}",
            record(base), "{\"records\":[],\"more\":true}", "{\"records\":{}}", "[]", "", "{\"records\":[",
        ]
        for body in bodies {
            let own = read(body)
            XCTAssertTrue(own == nil || same(own, decoded(body)), body)
        }
        XCTAssertEqual(read(record(base + ",\"sealed\":\"AA\\/B\""))?.first?.sealed, ByteBuffer(bytes: [0, 15, 193]))
        XCTAssertNil(read(record(base + ",\"sealed\":\"AA\\nB\"")))
        XCTAssertNil(read(record(base + ",\"sealed\":\"AAF=\"")))
        XCTAssertEqual(read(record(base + ",\"sealed\":\"AAE=\""))?.first?.sealed, ByteBuffer(bytes: [0, 1]))
    }
}
