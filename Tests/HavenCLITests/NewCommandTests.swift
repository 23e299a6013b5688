import Foundation
import TestSupport
import XCTest

/// `new`: the kind first, then the suggestions for it (the core presets
/// the origin app offered) or the custom path, then an optional reminder
/// time; answers in, a commented tracker file out, which validates.
final class NewCommandTests: XCTestCase {
    private func new(_ answers: String, _ home: TemporaryDirectory, _ extra: [String] = []) -> HavenProcess.Result {
        HavenProcess.run(["new"] + extra, environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"], input: answers)
    }

    func testPipedAnswersWriteFilesThatValidate() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let walk = new("\n\nEvening walk\n\n🚶\n\nweek\n3\n4\n\n", home)
        XCTAssertEqual(walk.stdout, "Created \(home.path)/trackers/evening-walk.yaml; log it with: haven log evening-walk\n",
                       walk.stderr)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/evening-walk.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            name: Evening walk
            icon: 🚶
            type: good
            input: check
            streak:
              period: week
              times: 3                  # successful days per week
            rewards: { earn_every: 4, max: 3 }   # a joker heals a missed day

            """)
        XCTAssertEqual(new("saboteur\n\nLate snacks\nsnacks\n🍫\navoidance\ncount\npieces\nat most 2\n\n\n21:30\n", home).status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/snacks.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            name: Late snacks
            icon: 🍫
            type: saboteur
            mode: avoidance            # awareness: note each time; avoidance: count clean days
            input: count
            unit: pieces
            goal: { at_most: 2 }           # per period
            streak:
              period: day
            reminder: { at: "21:30" }   # a desktop notification with 'haven remind'

            """)
        XCTAssertEqual(new("\n\nCalm\n\n\nlevels\ncalm,slip\n\n7\n\n", home).status, 0)
        for id in ["evening-walk", "snacks", "calm"] {
            let check = HavenProcess.run(["validate", home.path + "/trackers/\(id).yaml"])
            XCTAssertEqual(check.status, 0, "\(id): \(check.stderr)")
        }
        let trackers = HavenProcess.run(["trackers", "--json"], environment: ["HAVEN_HOME": home.path]).stdout
        for id in ["evening-walk", "snacks", "calm", "noalc"] { XCTAssertTrue(trackers.contains("\"id\": \"\(id)\""), id) }
    }

    func testASuggestionExtendsItsPresetWithAnOptionalReminder() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let hydration = new("good\nhydration\n\n20:00\n", home)
        XCTAssertEqual(hydration.stdout, "Created \(home.path)/trackers/water-2.yaml; log it with: haven log water-2\n",
                       hydration.stderr)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/water-2.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            extends: core/water
            reminder: { at: "20:00" }   # a desktop notification with 'haven remind'

            """)
        XCTAssertEqual(new("saboteur\n3\n\n\n", home).status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/snacking.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            extends: core/snacking

            """)
        let german = new("saboteur\nNägelkauen\n\n\n", home, ["--lang", "de"])
        XCTAssertEqual(german.stdout, "\(home.path)/trackers/nail-biting.yaml angelegt; erfasse ihn mit: haven log nail-biting\n",
                       german.stderr)
        let bad = new("good\n6\n", home)
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderr, "haven: error: Start from one of these (1 💧 Drink Water, 2 🤸 Stretching, 3 📖 Reading, "
            + "4 📝 Journaling, 5 🚶 Walking), or press Enter for your own: a number from 1 to 5, or Enter for your own\n")
        let late = new("good\n2\n\n8pm\n", home, ["--lang", "de"])
        XCTAssertEqual(late.stderr, "haven: Fehler: Erinnerung um (HH:MM, etwa 20:00; leer für keine): eine Uhrzeit als HH:MM, "
            + "etwa 20:00, oder leer für keine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/trackers/stretching.yaml"))
    }

    func testOnATerminalTheSuggestionsAreOfferedFirst() throws {
        let home = TemporaryDirectory()
        // The pane stays after `new` ends, so that its last line can be read.
        let terminal = try Terminal(["/bin/bash", "-c", "\"$0\" new; sleep 60", HavenProcess.binary], environment: [
            "HAVEN_HOME": home.path, "LANG": "de_DE.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
        ])
        try terminal.wait(for: "Typ (good, saboteur) [good]")
        try terminal.type("saboteur")
        try terminal.send("Enter")
        try terminal.wait(for: "Beginne mit einem davon (1 📱 Doomscrolling, 2 🛋️ Prokrastination, 3 🍫 Snacking, 4 💅 Nägelkauen) "
            + "oder drücke Enter für einen eigenen", joined: true)
        try terminal.type("1")
        try terminal.send("Enter")
        try terminal.wait(for: "Id [doomscrolling]")
        try terminal.send("Enter")
        try terminal.wait(for: "Erinnerung um (HH:MM, etwa 20:00; leer für keine)")
        try terminal.type("21:00")
        try terminal.send("Enter")
        try terminal.wait(for: "trackers/doomscrolling.yaml angelegt; erfasse ihn mit: haven log doomscrolling", joined: true)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/doomscrolling.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            extends: core/doomscrolling
            reminder: { at: "21:00" }   # a desktop notification with 'haven remind'

            """)
    }

    func testAWrongPipedAnswerWritesNothing() {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let result = new("goood\n", home)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: Type (good, saboteur): one of good, saboteur (did you mean 'good'?)\n")
        let taken = new("\n\nNoAlc\nnoalc\n", home)
        XCTAssertEqual(taken.stderr, "haven: error: Id: 'noalc' is taken; choose another\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers"), ["noalc.yaml"])
    }
}
