import Foundation
import TestSupport
import XCTest

/// The REPL in a real terminal: completion, history across restarts, a
/// German session with umlauts, Ctrl-C and quit.
final class ReplTests: XCTestCase {
    private func start(_ home: String, language: String = "en_US.UTF-8") throws -> Terminal {
        try Terminal([HavenProcess.binary], environment: [
            "HAVEN_HOME": home, "LANG": language, "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
            "HAVEN_NOW": "2026-03-01 21:30", "TZ": "UTC",
        ])
    }

    func testCompletionHistoryCtrlCAndQuit() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n",
                                               "trackers/water.yaml": "extends: core/water\n",
                                               "packs/mindful/pack.yaml": "name: Mindful\n"])
        let terminal = try start(home.path)
        try terminal.wait(for: "haven>")
        try terminal.type("pack unt")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> pack untrust")
        try terminal.type("m")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> pack untrust mindful")
        try terminal.send("C-c")
        // Keys typed before the editor has reset the line after Ctrl-C would join the old one: wait for the prompt.
        try terminal.wait(for: "haven> pack untrust mindful\nhaven>")
        try terminal.type("no")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> noalc")
        try terminal.type("st")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> noalc steady")
        try terminal.send("Enter")
        try terminal.wait(for: "NoAlc: 💧 Steady today · streak 1")
        try terminal.type("log water --note \"half typed")
        // Ctrl-C flushes what the terminal has not handed over yet: wait until the line shows.
        try terminal.wait(for: "haven> log water --note \"half typed")
        try terminal.send("C-c")
        try terminal.wait(for: "half typed\nhaven>")
        try terminal.type("water +2")
        try terminal.send("Enter")
        try terminal.wait(for: "Drink Water: 2/8 glasses today")
        XCTAssertFalse(try terminal.screen().contains("half typed\n💧"), "the abandoned line was not run")
        try terminal.type("quit")
        try terminal.send("Enter")
        let deadline = Date().addingTimeInterval(60)
        while terminal.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(terminal.isRunning, "quit leaves")

        let again = try start(home.path)
        try again.wait(for: "haven>")
        try again.send("Up")
        try again.wait(for: "haven> quit")
        try again.send("Up")
        try again.wait(for: "haven> water +2")
    }

    /// Tab completes an id after `calendar`, a preset after `add core/`, and
    /// log's options after the `ID VALUE` shorthand (#13, item 8).
    func testCompletionOfIdsPresetsAndShorthandOptions() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let terminal = try start(home.path)
        try terminal.wait(for: "haven>")
        try terminal.type("calendar wa")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> calendar water")
        try terminal.send("C-c")
        try terminal.wait(for: "haven> calendar water\nhaven>")
        try terminal.type("add core/wat")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> add core/water")
        try terminal.send("C-c")
        try terminal.wait(for: "haven> add core/water\nhaven>")
        try terminal.type("water +1 --n")
        try terminal.send("Tab")
        try terminal.wait(for: "haven> water +1 --note")
    }

    func testGermanSessionWithUmlauts() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n",
                                               "trackers/mood.yaml": "extends: core/mood\n"])
        let terminal = try start(home.path, language: "de_DE.UTF-8")
        try terminal.wait(for: "Stimmung")
        try terminal.type("noalc easy --note \"Grübeln über Bäume\"")
        try terminal.send("Enter")
        try terminal.wait(for: "NoAlc: heute ✨ Überschaubar · Serie 0")
        XCTAssertTrue(try terminal.screen().contains("'help' zeigt die Befehle"), "the REPL's own words in German")
        try terminal.type("entries noalc")
        try terminal.send("Enter")
        try terminal.wait(for: "easy   Grübeln über Bäume")
    }
}
