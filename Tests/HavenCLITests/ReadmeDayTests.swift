import Foundation
import TestSupport
import XCTest

/// The README's "A day with NoAlc, Water and Doomscrolling, from the
/// shell", run as written over the week before it: NoAlc steady for seven
/// evenings, Water met six days running; every command must succeed and
/// print exactly what the README shows.
final class ReadmeDayTests: XCTestCase {
    func testTheDayFromTheShellRunsAsWritten() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let blocks = ReadmeTourTests.blocks(in: readme, marker: "day")
        XCTAssertEqual(blocks.map(\.person), ["shell"])
        let home = TemporaryDirectory()
        func haven(_ now: String, _ arguments: [String]) -> HavenProcess.Result {
            HavenRun(home: home.path, now: now).run(arguments)
        }
        // The welcome makes NoAlc and Mood; Doomscrolling and Water come the next days.
        XCTAssertEqual(haven("2026-03-01 12:00", ["status"]).status, 0)
        for day in 2...8 {
            if day == 2 { home.write(["trackers/doomscrolling.yaml": "extends: core/doomscrolling\n"]) }
            if day == 3 { home.write(["trackers/water.yaml": "extends: core/water\n"]) }
            let now = "2026-03-0\(day) 21:00"
            XCTAssertEqual(haven(now, ["log", "noalc", "steady"]).status, 0)
            if day >= 3 { XCTAssertEqual(haven(now, ["log", "water", "8"]).status, 0) }
        }
        let binaries = (HavenProcess.binary as NSString).deletingLastPathComponent
        for step in try XCTUnwrap(blocks.first).steps {
            let result = HavenProcess.run(["-c", step.command], environment: [
                "HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-09 20:00", "TZ": "UTC", "NO_COLOR": "1",
                "PATH": binaries + ":/usr/bin:/bin",
            ], executable: "/bin/bash")
            XCTAssertEqual(result.status, 0, "$ \(step.command)\n\(result.stderr)")
            XCTAssertEqual(result.stdout, step.output.map { $0 + "\n" }.joined(), "$ \(step.command)")
        }
    }
}
