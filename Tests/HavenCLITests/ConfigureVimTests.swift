import Foundation
import TestSupport
import XCTest

/// `haven configure` with a real terminal editor in a real terminal: vim
/// gets the terminal (it is never stopped in a process group of its own),
/// an edit is validated and saved, a broken one is offered again, and
/// quitting without saving changes nothing.
final class ConfigureVimTests: XCTestCase {
    private var home: TemporaryDirectory!

    private func configure(editor: String?) throws -> Terminal {
        guard access("/usr/bin/vim", X_OK) == 0 else { throw XCTSkip("needs vim (make test installs it)") }
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        var environment = ["HAVEN_HOME": home.path, "HOME": home.path, "TZ": "UTC", "NO_COLOR": "1", "LANG": "C.UTF-8",
                           "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
        environment["EDITOR"] = editor
        // The shell stays after haven ends, so that the exit status can be read.
        return try Terminal(["sh", "-c", "\"$0\" configure water; echo EXIT=$?; sleep 60", HavenProcess.binary],
                            environment: environment)
    }

    private var file: String { (try? String(contentsOfFile: home.path + "/trackers/water.yaml", encoding: .utf8)) ?? "" }

    func testVimEditsSavesAndABrokenEditIsOfferedAgain() throws {
        let terminal = try configure(editor: "vim")
        try terminal.wait(for: "extends: core/water")
        try terminal.type("Goinput: counter")
        try terminal.send("Escape")
        try terminal.type(":wq")
        try terminal.send("Enter")
        let refused = try terminal.wait(for: "Edit again (e) or discard (d)?", joined: true)
        XCTAssertTrue(refused.contains("unknown input 'counter' (did you mean 'count'?)"), refused)
        XCTAssertEqual(file, "extends: core/water\n")
        try terminal.type("e")
        try terminal.send("Enter")
        // Vim's own screen, its first two lines the file's (the refusal above quoted the line indented).
        try terminal.wait(for: "extends: core/water\ninput: counter")
        try terminal.type("GSgoal: { at_least: 10 }")
        try terminal.send("Escape")
        try terminal.type(":wq")
        try terminal.send("Enter")
        let saved = try terminal.wait(for: "EXIT=0", joined: true)
        XCTAssertTrue(saved.contains("Saved \(home.path)/trackers/water.yaml."), saved)
        XCTAssertEqual(file, "extends: core/water\ngoal: { at_least: 10 }\n")
    }

    func testQuittingViWithoutSavingChangesNothing() throws {
        // No EDITOR: vi, which is vim here.
        let terminal = try configure(editor: nil)
        try terminal.wait(for: "extends: core/water")
        try terminal.type("ddiname: Tea")
        try terminal.send("Escape")
        try terminal.type(":q!")
        try terminal.send("Enter")
        let screen = try terminal.wait(for: "EXIT=0", joined: true)
        XCTAssertTrue(screen.contains("No change to \(home.path)/trackers/water.yaml."), screen)
        XCTAssertEqual(file, "extends: core/water\n")
    }
}
