import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenSync
import HavenWire
import TestSupport
import XCTest

/// Merging records (SPEC §12) without a server: three homes write, edit,
/// delete and freeze while offline for random stretches, exchange sealed
/// records through an in-memory stand-in for the server, and end with the
/// same entries, freezes and statuses.
final class SyncMergeTests: XCTestCase {
    private let trackers = [
        "trackers/water.yaml": "extends: core/water\n",
        "trackers/noalc.yaml": "extends: core/noalc\n",
        "trackers/gym.yaml": "name: Gym\nstreak: { period: week, times: 2 }\nfreezes: { start: 3, max: 5 }\n",
        "trackers/stretch.yaml": "name: Stretch\n",
    ]
    private let cipher = RecordCipher(key: SyncKey.make())

    /// One device: its home and how far it has read each other device's stream.
    private final class Device {
        let home: TemporaryDirectory
        var id = ""
        var pulled: [String: Int64] = [:]
        var pushed: Int64 = 0

        init(home: TemporaryDirectory) {
            self.home = home
        }
    }

    /// The server's part: every device's stream, as sealed records.
    private var streams: [String: [WireRecord]] = [:]

    private func sync(_ device: Device, now: String) throws {
        let session = try Sessions.open(device.home.path, now: now)
        let outgoing = try session.sync.outgoing(device: device.id, after: device.pushed, limit: 10_000, cipher: cipher)
        XCTAssertEqual(outgoing.first?.idx ?? device.pushed + 1, device.pushed + 1, "contiguous")
        streams[device.id, default: []] += outgoing
        device.pushed = outgoing.last?.idx ?? device.pushed
        var incoming: [WireRecord] = []
        for (other, records) in streams where other != device.id {
            incoming += records.filter { $0.idx > device.pulled[other] ?? 0 }
            device.pulled[other] = records.last?.idx ?? 0
        }
        let applied = try session.sync.apply(incoming, cipher: cipher)
        XCTAssertEqual(applied.skipped, [])
        XCTAssertEqual(applied.applied + applied.known, incoming.count)
    }

    /// What must be the same everywhere: entries by UUID, freezes, and each tracker's status.
    private func picture(_ device: Device, now: String) throws -> [String] {
        let session = try Sessions.open(device.home.path, now: now)
        let entries = try session.transfer.entries(of: [], from: nil, through: nil).map(\.entry).map {
            "\($0.uuid) \($0.tracker) \($0.day) \($0.value) \($0.note ?? "-")"
        }.sorted()
        let freezes = try session.freezes.list(of: ["gym"]).map { "freeze \($0.tracker) \($0.day)" }.sorted()
        let statuses = try session.statuses().statuses.map { s in
            "\(s.tracker.id) \(s.current) \(s.longest) \(s.outcome) \(s.jokers.earned)/\(s.jokers.used) "
                + "\(s.freezesAvailable.map(String.init) ?? "-") \(String(format: "%.6f", s.score))"
        }
        return entries + freezes + statuses
    }

    func testThreeHomesOfflineAndOnlineEndWithTheSameRecordsAndStatus() throws {
        for seed in [20_261_126, 7, 1_234_567] as [UInt64] { try simulate(seed: seed) }
    }

    private func simulate(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        streams = [:]
        let devices = (0..<3).map { _ in Device(home: TemporaryDirectory().write(trackers)) }
        for device in devices {
            device.id = try Sessions.open(device.home.path, now: "2026-03-01 08:00").sync.startRecords()
        }
        var day = Day("2026-03-01")!
        for round in 0..<40 {
            if round % 3 == 2 { day = day.adding(days: 1) }
            for (index, device) in devices.enumerated() {
                // Each home at its own minute: two devices never write at the same instant.
                let now = "\(day) \(10 + round % 10):\(10 + index * 7)"
                let session = try Sessions.open(device.home.path, now: now)
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0...3:
                        let (id, value): (String, String?) = [("water", "+1"), ("water", "2"), ("noalc", "steady"),
                                                             ("noalc", "wild"), ("stretch", nil), ("gym", nil)]
                            .randomElement(using: &rng)!
                        _ = try session.log(id, value: value, at: nil, note: nil, trigger: nil)
                    case 4...5:
                        // Edit an entry this home has, its own or one that came from another.
                        let mine = try session.transfer.entries(of: ["water", "noalc"], from: nil, through: nil).map(\.entry)
                        if let entry = mine.randomElement(using: &rng) {
                            let value = entry.tracker == "water" ? "\(Int.random(in: 1...4, using: &rng))" : "easy"
                            _ = try session.edit(entry.id, value: value, at: nil, note: "edited in round \(round)",
                                                 trigger: nil)
                        }
                    case 6:
                        let all = try session.transfer.entries(of: [], from: nil, through: nil).map(\.entry)
                        if let entry = all.randomElement(using: &rng) { _ = try session.delete(entry.id) }
                    case 7:
                        _ = try? session.freezes.skip("gym", from: day, to: day, note: "away")
                    case 8:
                        _ = try? session.freezes.unskip("gym", from: day, to: day)
                    default:
                        _ = try session.freezes.grant("gym", count: 1)
                    }
                }
                // Each home is online about half the time.
                if Bool.random(using: &rng) { try sync(device, now: now) }
            }
        }
        // Everyone comes online; twice, so that each has what the others pushed last.
        let end = "\(day) 23:00"
        for _ in 0..<2 { for device in devices { try sync(device, now: end) } }
        let pictures = try devices.map { try picture($0, now: end) }
        XCTAssertGreaterThan(pictures[0].count, 20)
        for other in pictures.dropFirst() {
            XCTAssertEqual(other.filter { !pictures[0].contains($0) }, [], "seed \(seed): only on another device")
            XCTAssertEqual(pictures[0].filter { !other.contains($0) }, [], "seed \(seed): only on the first device")
        }
        XCTAssertEqual(Set(streams.keys), Set(devices.map(\.id)))
    }

    func testABatchReceivedTwiceChangesNothingAndARecordMadeWithAnotherKeyIsSkipped() throws {
        let a = TemporaryDirectory().write(trackers), b = TemporaryDirectory().write(trackers)
        let now = "2026-03-10 12:00"
        let first = try Sessions.open(a.path, now: now)
        let firstDevice = try first.sync.startRecords()
        _ = try first.log("water", value: "3", at: nil, note: nil, trigger: nil)
        let records = try first.sync.outgoing(device: firstDevice, after: 0, limit: 100, cipher: cipher)
        XCTAssertEqual(records.map(\.idx), [1])

        let second = try Sessions.open(b.path, now: now)
        let secondDevice = try second.sync.startRecords()
        XCTAssertEqual(try second.sync.apply(records, cipher: cipher), SyncApplied(applied: 1, known: 0, skipped: []))
        XCTAssertEqual(try second.sync.apply(records, cipher: cipher), SyncApplied(applied: 0, known: 1, skipped: []))
        XCTAssertEqual(try second.entries("water", days: 1).map(\.value), [.number(3)])
        // Applied records are not this device's: it has nothing of its own to push.
        XCTAssertEqual(try second.sync.outgoing(device: secondDevice, after: 0, limit: 100, cipher: cipher), [])

        let stranger = RecordCipher(key: SyncKey.make())
        let foreign = try stranger.seal(Data("{}".utf8), id: UUID7.make(milliseconds: 1), device: records[0].device, idx: 2)
        let outcome = try second.sync.apply([foreign], cipher: cipher)
        XCTAssertEqual(outcome, SyncApplied(applied: 0, known: 0, skipped: [.undecryptable(id: foreign.id)]))
        // Kept as it came, in its place, and passed on with the same bytes (a wiped server refilled from here).
        XCTAssertEqual(try second.sync.outgoing(device: records[0].device, after: 1, limit: 100, cipher: cipher), [foreign])
        XCTAssertEqual(try second.sync.apply([foreign], cipher: cipher).known, 1)
    }
}
