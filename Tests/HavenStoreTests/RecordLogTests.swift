import Foundation
import HavenCore
import HavenStore
import HavenSync
import TestSupport
import XCTest

/// The record log (SPEC §12): nothing is kept until a device is named;
/// then the first fill records the history there is, and every change to
/// entries, freezes and the freeze balance appends one record, by any path
/// that writes, with contiguous idx and the payload HavenSync reads.
final class RecordLogTests: XCTestCase {
    private var folder: TemporaryDirectory!
    private var path: String { folder.path.replacingOccurrences(of: "//", with: "/") + "/haven.db" }
    private let device = "0190f3a2-0000-7000-8000-00000000d001"

    override func setUp() {
        folder = TemporaryDirectory()
    }

    private func entry(_ tracker: String, _ day: String, _ value: EntryValue, at: Int64) -> Entry {
        Entry(tracker: tracker, instant: at, zone: "UTC", offset: 0, day: Day(day)!, value: value, writtenAt: at)
    }

    private func payloads(_ store: Store) throws -> [RecordPayload] {
        let records = try store.records(device: device, after: 0, limit: 1000)
        XCTAssertEqual(records.map(\.idx), (0..<Int64(records.count)).map { $0 + 1 })
        for record in records {
            XCTAssertTrue(UUID7.isValid(record.id), record.id)
            XCTAssertEqual(Array(record.id)[14], "7", record.id)
        }
        XCTAssertEqual(Set(records.map(\.id)).count, records.count)
        return try records.map { try RecordPayload.decode(Data($0.payload.utf8), id: $0.id) }
    }

    func testTheFirstFillRecordsTheHistoryAndEachChangeAfterItAppendsOne() throws {
        let store = try Store(path: path)
        let water = entry("water", "2026-03-01", .number(2), at: 1_772_395_200_000)
        let noalc = entry("noalc", "2026-03-01", .level("steady"), at: 1_772_395_300_000)
        let first = try store.transaction { writer in
            let written = try writer.insert(batch: [water, noalc])
            _ = try writer.placeFreezes(tracker: "gym", days: [Day("2026-03-02")!], charge: 1, note: "travel",
                                        at: 1_772_395_400_000)
            return written
        }!
        XCTAssertNil(try store.recordingDevice())
        XCTAssertEqual(SQLite.run(path, "SELECT COUNT(*) FROM record"), "0")

        XCTAssertEqual(try store.startRecords(device: device).filled, 4)
        XCTAssertEqual(try store.startRecords(device: "another").device, device)
        XCTAssertEqual(try store.recordingDevice(), device)
        // Read back from a record, an entry has no row id.
        let unnumbered = first.map { entry -> Entry in
            var entry = entry
            entry.id = 0
            return entry
        }
        let expected: [RecordPayload] = [
            .entry(unnumbered[0]), .entry(unnumbered[1]),
            .freeze(tracker: "gym", day: Day("2026-03-02")!, note: "travel", at: 1_772_395_400_000),
            .balance(tracker: "gym", change: -1, at: 1_772_395_400_000),
        ]
        XCTAssertEqual(try payloads(store), expected)

        // Each change after it: an edit, a delete, a freeze taken back, a grant, a new entry.
        var edited = first[0]
        edited.value = .number(3)
        edited.note = "two more"
        _ = try store.update(edited)
        _ = try store.delete(entry: first[1].id)
        _ = try store.transaction { writer in
            try writer.removeFreezes(tracker: "gym", days: [Day("2026-03-02")!], refund: 1, at: 1_772_395_500_000)
        }
        try store.grant(tracker: "gym", amount: 2, at: 1_772_395_600_000)
        let later = try store.insert(entry("water", "2026-03-02", .number(1), at: 1_772_481_600_000))

        let all = try payloads(store)
        XCTAssertEqual(all.count, 10)
        edited.id = 0
        var added = later
        added.id = 0
        XCTAssertEqual(all[4], .entry(edited))
        guard case .delete(let uuid, _) = all[5], case .unfreeze(let tracker, let day, _) = all[6] else {
            return XCTFail("\(all)")
        }
        XCTAssertEqual([uuid, tracker, day.description], [first[1].uuid, "gym", "2026-03-02"])
        XCTAssertEqual(Array(all[7...]), [.balance(tracker: "gym", change: 1, at: 1_772_395_500_000),
                                          .balance(tracker: "gym", change: 2, at: 1_772_395_600_000),
                                          .entry(added)])
    }

    func testNothingIsRecordedBeforeADeviceIsNamedAndAnotherClientsWriteIsRecordedAfter() throws {
        let store = try Store(path: path)
        let first = try store.insert(entry("water", "2026-03-01", .number(1), at: 1_772_395_200_000))
        XCTAssertEqual(SQLite.run(path, "SELECT COUNT(*) FROM record"), "0")
        _ = try store.startRecords(device: device)
        // The sqlite3 program knows nothing of Haven: the triggers are SQL alone.
        XCTAssertEqual(SQLite.run(path, """
            INSERT INTO entry (tracker, instant, zone, utc_offset, day, number, written_at, uuid, source)
            VALUES ('water', 1772481600000, 'UTC', 0, '2026-03-02', 1.0, 1772481600000,
                    '019cab00-0000-7000-8000-000000000001', 'cli');
            SELECT idx, json_extract(payload, '$.kind'), json_extract(payload, '$.uuid') FROM record ORDER BY idx;
            """), "1|entry|\(first.uuid)\n2|entry|019cab00-0000-7000-8000-000000000001")
    }
}
