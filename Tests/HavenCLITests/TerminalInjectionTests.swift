import Foundation
import TestSupport
import XCTest

/// SPEC §13: no escape sequence from a shared pack, a hook or a file name
/// reaches the terminal raw, with or without colour, on a terminal or not.
final class TerminalInjectionTests: XCTestCase {
    /// Clipboard write (OSC 52), a disguised link (OSC 8), a window title, a
    /// screen clear (CSI), a bell, C1 CSI, and bidirectional overrides.
    static let hostile = "\\e]52;c;aGk=\\a\\e]8;;http://evil\\e\\\\link\\e]8;;\\e\\\\\\e]0;title\\a\\e[2J\\x9b31m\\u202eRLO\\u2066"

    private var home: TemporaryDirectory!

    override func setUp() {
        let h = TerminalInjectionTests.hostile
        home = TemporaryDirectory().write([
            "packs/evil/pack.yaml": "name: \"Evil \(h)\"\nversion: 1.0.0\n",
            "packs/evil/trackers/evil.yaml": """
                name: "Evil \(h)"
                icon: "\\e[2J\\u202e"
                input: count
                unit: "cups \(h)"
                goal: { at_least: 2 }
                reminder: { at: "06:00", message: "Drink \(h)" }
                hooks: hooks/evil.lua
                """,
            "packs/evil/trackers/moody.yaml": """
                name: "Moody \(h)"
                input: levels
                levels:
                  - { key: low, label: "Low \(h)", icon: "\\x9b1m", effect: success }
                  - { key: high, label: "High \(h)", effect: success }
                """,
            "packs/evil/hooks/evil.lua": """
                function on_log(entry, streak) return "noted \\27]52;c;aGk=\\7 \\27[2J \\u{9b}1m \\u{202e}" end
                function validate(entry) if entry.value > 5 then return "too many \\27[2J\\u{202e}" end end
                """,
            "packs/evil/trackers/broken\u{1B}[31m.yaml": "name: \"x \(h)\"\nbogus: \"\(h)\"\n",
            "packs/evil/trackers/raw.yaml": "name: \"raw \u{1B}]52;c;aGk=\u{07}\"\n",
            "trackers/water.yaml": "extends: core/water\n",
        ])
    }

    private var environment: [String: String] {
        // No pager: what is checked is Haven's own output, not less's screen handling.
        ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-01-11 22:00", "TZ": "UTC", "PAGER": "cat"]
    }

    private static let commands: [[String]] = [
        ["status"], ["trackers"], ["show", "evil"], ["log", "evil", "+1"], ["log", "evil", "+9"], ["log", "moody", "low"],
        ["streak", "evil"], ["streaks"], ["history", "evil"], ["calendar"], ["calendar", "moody"], ["due"], ["rewards"],
        ["entries", "evil"], ["validate"], ["validate", "packs/evil"], ["status", "--json"], ["trackers", "--json"],
        ["log", "moody", "hgih"],
    ]

    /// What may remain of escape sequences: only Haven's own colours.
    private func assertClean(_ text: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let own = try! NSRegularExpression(pattern: "\u{1B}\\[(0|1|2|31|32|33|36)m")
        let rest = own.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        let raw = rest.unicodeScalars.filter { scalar in
            let v = scalar.value
            return (v < 0x20 && v != 0x0A && v != 0x09 && v != 0x0D) || (0x7F..<0xA0).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
        XCTAssertTrue(raw.isEmpty, "\(label): raw \(raw.map { String($0.value, radix: 16) }) in \(text.debugDescription)",
                      file: file, line: line)
    }

    func testNoEscapeReachesAPipe() {
        for colour in [["NO_COLOR": "1"], [:]] {
            for command in TerminalInjectionTests.commands {
                let result = HavenProcess.run(command, environment: environment.merging(colour) { $1 }, directory: home.path)
                let label = command.joined(separator: " ")
                assertClean(result.stdout, label)
                assertClean(result.stderr, label)
                XCTAssertNotEqual(result.stdout + result.stderr, "", label)
            }
        }
        // The hostile text is still there, made visible.
        let trackers = HavenProcess.run(["trackers"], environment: environment).stdout
        XCTAssertTrue(trackers.contains("Evil ␛]52;c;aGk=␇␛]8;;http://evil␛\\link␛]8;;␛\\␛]0;title␇␛[2J�31m�RLO�"), trackers)
        let log = HavenProcess.run(["log", "evil", "+1"], environment: environment)
        XCTAssertTrue(log.stdout.hasSuffix("noted ␛]52;c;aGk=␇ ␛[2J �1m �\n"), log.stdout)
        let validate = HavenProcess.run(["validate", "packs/evil"], environment: environment, directory: home.path)
        XCTAssertTrue(validate.stderr.contains("    name: \"raw ␛]52;c;aGk=␇\"\n"), validate.stderr)
        let json = HavenProcess.run(["trackers", "--json"], environment: environment).stdout
        XCTAssertTrue(json.contains(#""Evil \u001b]52;c;aGk=\u0007\u001b]8;;http:\/\/evil\u001b\\link"#)
                      || json.contains(#""Evil \u001b]52;c;aGk=\u0007\u001b]8;;http://evil\u001b\\link"#), json)
        XCTAssertTrue(json.contains(#"\u009b31m\u202eRLO\u2066"#), json)
    }

    /// On a terminal, through `script`'s pseudo-terminal: colour is on, and
    /// only Haven's own colours come through.
    func testNoEscapeReachesATerminal() throws {
        for command in TerminalInjectionTests.commands {
            let line = ([HavenProcess.binary] + command).map { "'" + $0 + "'" }.joined(separator: " ")
            let result = HavenProcess.run(["-qec", line, "/dev/null"], environment: environment.merging(["TERM": "xterm"]) { $1 },
                                          directory: home.path, executable: "/usr/bin/script")
            assertClean(result.stdout, "tty " + command.joined(separator: " "))
        }
    }
}
