import Foundation
import TestSupport
import XCTest

/// Display order: persistent, and pinned trackers stay on top.
final class OrderTests: XCTestCase {
    func testOrderAndMovePersistAcrossRuns() {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n", "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/reading.yaml": "extends: core/reading\n", "trackers/noalc.yaml": "extends: core/noalc\n",
        ])
        func haven(_ arguments: String...) -> HavenProcess.Result {
            HavenProcess.run(arguments, environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"])
        }
        XCTAssertEqual(haven("order", "reading", "water").stdout,
                       "1. NoAlc (pinned)\n2. Reading\n3. Drink Water\n4. Stretching\n")
        XCTAssertEqual(haven("move", "stretching", "top").stdout,
                       "1. NoAlc (pinned)\n2. Stretching\n3. Reading\n4. Drink Water\n")
        XCTAssertEqual(haven("move", "noalc", "down").stdout,
                       "Nothing moved: NoAlc is already at the bottom of the pinned trackers, and pinned trackers stay "
                        + "above the others (its preset pins it: write 'pinned: false' in \(home.path)/trackers/noalc.yaml "
                        + "to move it among them).\n"
                        + "1. NoAlc (pinned)\n2. Stretching\n3. Reading\n4. Drink Water\n", "pinned stays on top")
        XCTAssertEqual(haven("move", "reading", "bottom", "--json").stdout, "[\"noalc\", \"stretching\", \"water\", \"reading\"]\n")
        XCTAssertEqual(haven("status").stdout.split(separator: "\n").map { String($0.prefix(11)) },
                       ["NoAlc      ", "Stretching ", "Drink Water", "Reading    "])
        XCTAssertEqual(haven("move", "water", "up").stdout,
                       "1. NoAlc (pinned)\n2. Drink Water\n3. Stretching\n4. Reading\n")
    }

    func testTrackersWithNoOrderAreListedInTheOrderTheyWereCreated() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        func haven(_ now: String, _ arguments: String...) -> String {
            let run = HavenProcess.run(arguments, environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1", "TZ": "UTC",
                                                                "HAVEN_NOW": now])
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stdout
        }
        _ = haven("2026-03-01 09:00", "status")
        home.write(["trackers/reading.yaml": "extends: core/reading\n"])
        _ = haven("2026-03-01 09:30", "status")
        home.write(["trackers/anxiety.yaml": "name: Anxiety\ntype: saboteur\n",
                    "trackers/noalc.yaml": "extends: core/noalc\n"])
        XCTAssertEqual(haven("2026-03-02 10:00", "status"), """
            NoAlc         not logged yet today        streak 0 · 0 jokers
            Drink Water   0/8 glasses today           streak 0
            Reading       open today                  streak 0
            Anxiety       nothing noticed yet today   streak 0

            """)
        XCTAssertEqual(SQLite.run(home.path + "/haven.db",
                                  "SELECT tracker, created_at FROM tracker_state ORDER BY created_at, tracker"), """
            water|1772355600000
            reading|1772357400000
            anxiety|1772445600000
            noalc|1772445600000
            """)
    }

    func testBadInput() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let env = ["HAVEN_HOME": home.path]
        let unknown = HavenProcess.run(["order", "watr"], environment: env)
        XCTAssertEqual(unknown.status, 66)
        XCTAssertEqual(unknown.stderr, "haven: error: no tracker 'watr'; did you mean 'water'? 'haven trackers' lists them\n")
        let twice = HavenProcess.run(["order", "water", "water"], environment: env)
        XCTAssertEqual(twice.status, 65)
        XCTAssertEqual(twice.stderr, "haven: error: 'water' is named twice; name each tracker once\n")
        let sideways = HavenProcess.run(["move", "water", "left"], environment: env)
        XCTAssertEqual(sideways.status, 64)
        XCTAssertEqual(sideways.stderr, "haven: error: move a tracker up, down, top or bottom, not 'left'; "
            + "for example: haven move water top\n")
    }
}
