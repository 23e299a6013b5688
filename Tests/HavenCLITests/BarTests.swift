import Foundation
import TestSupport
import XCTest

/// `haven bar` (SPEC §15): waybar's JSON key by key in each state of a
/// day, the other formats, and `--watch` printing a new line after a log
/// from another process and at the day boundary, and ending when its
/// reader goes away.
final class BarTests: XCTestCase {
    private func makeHome(_ extra: [String: String] = [:]) -> TemporaryDirectory {
        TemporaryDirectory().write([
            "pack.yaml": "at_risk: { at: \"20:00\" }\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"18:00\" }\n",
            "trackers/reading.yaml": "name: Reading\nicon: \"📖\"\ninput: check\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
        ].merging(extra) { $1 })
    }

    private func waybar(_ haven: HavenRun, at time: String) throws -> [String: Any] {
        let run = haven.run(["bar", "--format", "waybar"], environment: ["HAVEN_NOW": "2026-03-10 " + time])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.filter { $0 == "\n" }.count, 1, "one line: \(run.stdout)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    func testWaybarSaysEachStateOfTheDayKeyByKey() throws {
        let home = makeHome()
        let haven = HavenRun(home: home.path, now: "2026-03-10 10:00")
        // Reading kept on the two days before: a running streak.
        haven.expect(["log", "reading", "--at", "2026-03-08 09:00"], stdout: nil)
        haven.expect(["log", "reading", "--at", "2026-03-09 09:00"], stdout: nil)

        var bar = try waybar(haven, at: "10:00")
        XCTAssertEqual(bar.keys.sorted(), ["alt", "class", "percentage", "text", "tooltip"])
        XCTAssertEqual(bar["text"] as? String, "📱 0 · 📖 – · 🤸 – · 💧 0/8")
        XCTAssertEqual(bar["class"] as? String, "nothing-logged")
        XCTAssertEqual(bar["alt"] as? String, "nothing-logged")
        XCTAssertEqual(bar["percentage"] as? Int, 25)
        XCTAssertEqual(bar["tooltip"] as? String, """
            📱 Doomscrolling: nothing noticed yet today · streak 0
            📖 Reading: open today · streak 2 · at risk
            🤸 Stretching: open today · streak 0
            💧 Drink Water: 0/8 glasses today · streak 0
            """)

        haven.expect(["log", "water", "+1"], stdout: nil, environment: ["HAVEN_NOW": "2026-03-10 10:00"])
        bar = try waybar(haven, at: "17:00")
        XCTAssertEqual(bar["text"] as? String, "📱 0 · 📖 – · 🤸 – · 💧 1/8")
        XCTAssertEqual(bar["class"] as? String, "open")

        bar = try waybar(haven, at: "18:30")
        XCTAssertEqual(bar["class"] as? String, "due", "stretching's reminder time has come")
        XCTAssertEqual(bar["alt"] as? String, "due")

        bar = try waybar(haven, at: "20:30")
        XCTAssertEqual(bar["class"] as? String, "at-risk", "reading's streak of 2 is open at the at-risk time")

        for line in [["log", "reading"], ["log", "stretching"], ["log", "water", "7"]] {
            haven.expect(line, stdout: nil, environment: ["HAVEN_NOW": "2026-03-10 20:40"])
        }
        bar = try waybar(haven, at: "20:45")
        XCTAssertEqual(bar["text"] as? String, "📱 0 · 📖 ✓ · 🤸 ✓ · 💧 8/8")
        XCTAssertEqual(bar["class"] as? String, "all-done", "a saboteur noticed by check asks nothing")
        XCTAssertEqual(bar["percentage"] as? Int, 100)
        XCTAssertEqual(bar["tooltip"] as? String, """
            📱 Doomscrolling: nothing noticed yet today · streak 0
            📖 Reading: done today · streak 3
            🤸 Stretching: done today · streak 1
            💧 Drink Water: 8/8 glasses today · streak 1
            """)
    }

    func testControlsInANameOrIconReachNoTerminalOrMenu() {
        let home = TemporaryDirectory().write(["trackers/red.yaml": "name: \"Red\\e[31mX\\u202E\"\nicon: \"\\e]0;pwn\\a\"\ninput: check\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 18:30")
        haven.expect(["bar"], stdout: "␛]0;pwn␇ –\n")
        haven.expect(["bar", "--format", "waybar"], stdout: "{\"text\": \"␛]0;pwn␇ –\", \"tooltip\": \"␛]0;pwn␇ Red␛[31mX\u{FFFD}: "
            + "open today · streak 0\", \"class\": \"nothing-logged\", \"alt\": \"nothing-logged\", \"percentage\": 0}\n")
        haven.expect(["pick", "--print"], stdout: "␛]0;pwn␇ Red␛[31mX\u{FFFD} · done\n")
        haven.expect(["pick", "--choose", "␛]0;pwn␇ Red␛[31mX\u{FFFD} · done"],
                     stdout: "Red␛[31mX\u{FFFD}: done today · streak 1\n")
    }

    func testAHomeWithoutTrackersSaysSo() {
        let home = TemporaryDirectory().write(["trackers/README": "mine\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 18:30")
        haven.expect(["bar"], stdout: "Haven –\n")
        haven.expect(["pick"], stdout: "Nothing to log yet: no tracker has a quick action. Add one, e.g. haven add core/water\n")
        haven.expect(["pick", "--print"], stdout: "")
    }

    func testEachFormatAndOnlyTheTrackersNamed() {
        let home = makeHome(["trackers/water.yaml": "extends: core/water\nname: \"Water & <more>\"\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 18:30")
        haven.expect(["bar"], stdout: "📱 0 · 📖 – · 🤸 – · 💧 0/8\n")
        haven.expect(["bar", "water", "reading"], stdout: "📖 – · 💧 0/8\n")
        haven.expect(["bar", "--format", "tmux"], stdout: "#[fg=yellow]📱 0 · 📖 – · 🤸 – · 💧 0/8#[default]\n")
        haven.expect(["bar", "--format", "polybar"], stdout: "%{F#e5a50a}📱 0 · 📖 – · 🤸 – · 💧 0/8%{F-}\n")
        haven.expect(["bar", "--format", "i3blocks"], stdout: "{\"full_text\": \"📱 0 · 📖 – · 🤸 – · 💧 0/8\", "
            + "\"short_text\": \"📱 0 · 📖 – · 🤸 – · 💧 0/8\", \"color\": \"#e5a50a\"}\n")
        haven.expect(["bar", "water", "--format", "waybar"], stdout: "{\"text\": \"💧 0/8\", \"tooltip\": \"💧 Water &amp; "
            + "&lt;more&gt;: 0/8 glasses today · streak 0\", \"class\": \"nothing-logged\", \"alt\": \"nothing-logged\", "
            + "\"percentage\": 0}\n")
        haven.expect(["bar", "wtr"], stdout: "", stderr: "haven: error: no tracker 'wtr'; 'haven trackers' lists them\n", status: 66)
        haven.expect(["bar", "--format", "xmobar"], stdout: "",
                     stderr: "haven: error: The value 'xmobar' is invalid for '--format <FORMAT>'. Please provide one of "
                         + "'plain', 'waybar', 'i3blocks', 'polybar' or 'tmux'.\nHelp:  --format <FORMAT>  plain, waybar "
                         + "(JSON), i3blocks (JSON), polybar or tmux.\nUsage: haven bar [--home <DIR>] [--now <TIME>] "
                         + "[--lang <LANG>] [--json] [--no-color] [<ID> ...] [--format <FORMAT>] [--watch]\n  See "
                         + "'haven bar --help' for more information.\n", status: 64)
    }
}

/// `haven pick` and `haven bar` in German: the lines, the tooltip and the refusals.
final class QuickGermanTests: XCTestCase {
    func testPickAndBarSpeakGerman() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/stretching.yaml": "extends: core/stretching\n",
                                               "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-10 16:20",
                             environment: ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1"])
        haven.expect(["pick", "--print"], stdout: "📱 Doomscrolling · bemerkt\n🤸 Dehnen · erledigt\n💧 Wasser trinken · +1 (0/8)\n")
        haven.expect(["bar", "--format", "waybar"], stdout: "{\"text\": \"📱 0 · 🤸 – · 💧 0/8\", \"tooltip\": "
            + "\"📱 Doomscrolling: heute noch nichts bemerkt · Serie 0\\n🤸 Dehnen: heute offen · Serie 0\\n💧 Wasser "
            + "trinken: heute 0/8 Gläser · Serie 0\", \"class\": \"nothing-logged\", \"alt\": \"nothing-logged\", "
            + "\"percentage\": 33}\n")
        haven.expect(["pick", "--choose", "💧 Wasser trinken · +1"], stdout: "Wasser trinken: heute 1/8 Gläser · Serie 0\n")
        haven.expect(["pick"], stdout: "", stderr: "haven: Fehler: haven pick braucht ein Menüprogramm und hat keines von "
            + "fzf, rofi, wofi, fuzzel, dmenu gefunden, das hier läuft; installiere fzf (Debian: apt install fzf) für das "
            + "Terminal, oder rofi oder wofi für den Desktop; oder liste die Aktionen mit haven pick --print\n", status: 69)
        haven.expect(["pick", "--choose", "nichts"], stdout: "", stderr: "haven: Fehler: keine Schnellaktion heißt 'nichts'; "
            + "'haven pick --print' listet sie (oder --print --json mit ihren IDs)\n", status: 64)
    }
}

/// `haven bar --watch`, read line by line as a status bar reads it.
final class BarWatchTests: XCTestCase {
    struct NoLine: Error, CustomStringConvertible {
        var count: Int
        var lines: [String]
        var description: String { "no line \(count) came; the lines so far: \(lines)" }
    }

    /// A running `haven bar --watch`: its lines as they come.
    final class Watch: @unchecked Sendable {
        let process = Process()
        private let pipe = Pipe()
        private let lock = NSLock()
        private var buffer = ""

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: HavenProcess.binary)
            process.arguments = ["bar", "--watch"] + arguments
            process.environment = environment
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.withLock { self.buffer += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var lines: [String] { lock.withLock { buffer.split(separator: "\n").map(String.init) } }

        /// Waits until `count` lines have come; `timeout` only guards against a hang.
        @discardableResult
        func wait(lines count: Int, timeout: TimeInterval = 60) throws -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            while lines.count < count {
                guard Date() < deadline, process.isRunning else { throw NoLine(count: count, lines: lines) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return lines
        }

        /// Stops reading, as a status bar that quits does.
        func closeReader() {
            pipe.fileHandleForReading.readabilityHandler = nil
            try? pipe.fileHandleForReading.close()
        }

        deinit {
            if process.isRunning { process.terminate() }
        }
    }

    private func environment(_ home: TemporaryDirectory, now: String) -> [String: String] {
        ["HAVEN_HOME": home.path, "HAVEN_NOW": now, "TZ": "UTC", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
         "LANG": "en_US.UTF-8"]
    }

    func testALogFromAnotherProcessPrintsANewLineAndNothingElseDoes() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/reading.yaml": "name: Reading\nicon: \"📖\"\ninput: check\n"])
        let env = environment(home, now: "2026-03-10 10:00")
        XCTAssertEqual(HavenProcess.run(["status"], environment: env).status, 0)
        let watch = try Watch([], environment: env)
        XCTAssertEqual(try watch.wait(lines: 1), ["📖 – · 💧 0/8"])
        XCTAssertEqual(HavenProcess.run(["log", "water", "+1"], environment: env).status, 0)
        XCTAssertEqual(try watch.wait(lines: 2), ["📖 – · 💧 0/8", "📖 – · 💧 1/8"])
        // A tracker file changed: the catalog is read again.
        home.write(["trackers/reading.yaml": "name: Reading\nicon: \"📚\"\ninput: check\n"])
        XCTAssertEqual(try watch.wait(lines: 3).last, "📚 – · 💧 1/8")
        // A status reads and changes nothing the bar shows: no line.
        XCTAssertEqual(HavenProcess.run(["status"], environment: env).status, 0)
        XCTAssertEqual(HavenProcess.run(["log", "reading"], environment: env).status, 0)
        XCTAssertEqual(try watch.wait(lines: 4), ["📖 – · 💧 0/8", "📖 – · 💧 1/8", "📚 – · 💧 1/8", "📚 ✓ · 💧 1/8"])
    }

    func testTheDayBoundaryPrintsANewLineAndAClosedReaderEndsIt() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\nday_boundary: \"18:00\"\n"])
        XCTAssertEqual(HavenProcess.run(["log", "water", "3"], environment: environment(home, now: "2026-03-10 17:59")).status, 0)
        let watch = try Watch(["--format", "waybar"], environment: environment(home, now: "2026-03-10 17:59:57"))
        let lines = try watch.wait(lines: 2)
        XCTAssertTrue(lines[0].hasPrefix("{\"text\": \"💧 3/8\""), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("{\"text\": \"💧 0/8\""), lines[1])
        watch.closeReader()
        let deadline = Date().addingTimeInterval(60)
        while watch.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertFalse(watch.process.isRunning, "a bar that stops reading ends the watch")
        XCTAssertEqual(watch.process.terminationStatus, 0)
    }
}
