import Foundation
import TestSupport
import XCTest

/// A command that only shows something changes no byte of the database
/// once its checkpoints are current (#14): no rewritten checkpoint, no
/// write transaction, no fsync.
final class ReadOnlyCommandTests: XCTestCase {
    func testReadingCommandsLeaveTheDatabaseByteForByte() throws {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\nsince: 2026-01-01\n",
            "trackers/noalc.yaml": "extends: core/noalc\nsince: 2026-01-01\n",
            "trackers/gym.yaml": "name: Gym\nsince: 2026-01-01\nstreak: { period: week, times: 2 }\nfreezes: { start: 2 }\n",
            "trackers/walk.yaml": "name: Walk\nsince: 2026-01-01\nstreak: { period: { rolling: 7 }, times: 3 }\n",
            "trackers/scroll.yaml": "name: Scroll\ntype: saboteur\nmode: avoidance\nsince: 2026-01-01\n",
        ])
        let environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 20:00", "TZ": "UTC", "NO_COLOR": "1"]
        func haven(_ arguments: String...) {
            let result = HavenProcess.run(arguments, environment: environment)
            XCTAssertEqual(result.status, 0, arguments.joined(separator: " ") + ": " + result.stderr)
        }
        for day in stride(from: 1, through: 60, by: 3) {
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Date(timeIntervalSince1970: 1_767_225_600))!
            let text = ISO8601DateFormatter().string(from: date).prefix(10)
            haven("log", "water", "+\(day % 9 + 1)", "--at", "\(text) 09:00")
            haven("log", "noalc", ["steady", "easy", "wild"][day % 3], "--at", "\(text) 21:00")
            haven("log", "gym", "--at", "\(text) 07:00")
            haven("log", "walk", "--at", "\(text) 07:00")
        }
        haven("skip", "gym", "2026-03-09")
        haven("status")
        let database = home.path + "/haven.db"
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        // Written pages change the time even when their bytes come out the same.
        func modified() throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
        }
        var time = try modified()
        let reading: [[String]] = [
            ["status"], ["status", "--json"], ["streak", "gym"], ["streak", "walk", "--json"], ["streaks"],
            ["history", "noalc"], ["history", "gym", "--from", "2026-01-01"], ["calendar"], ["calendar", "water", "--months", "3"],
            ["entries", "water", "--days", "30"], ["freezes"], ["stats", "walk", "--by", "week"], ["todo"], ["today"],
            ["due"], ["rewards"], ["trackers"], ["show", "noalc"], ["validate"], ["export", "csv"], ["calendar", "scroll"],
            ["calendar", "--year"], ["report", "--out", "-"], ["report", "walk", "--from", "2025-06-01", "--out", "-"],
        ]
        for arguments in reading + reading {
            let result = HavenProcess.run(arguments, environment: environment)
            XCTAssertEqual(result.status, 0, arguments.joined(separator: " ") + ": " + result.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before,
                           "'haven \(arguments.joined(separator: " "))' changed the database")
            XCTAssertEqual(try modified(), time, "'haven \(arguments.joined(separator: " "))' wrote to the database")
            time = try modified()
            XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"), arguments.joined(separator: " "))
        }
    }
}
