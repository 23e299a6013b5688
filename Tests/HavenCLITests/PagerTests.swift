import Foundation
import TestSupport
import XCTest

/// Long output on a terminal goes through `$PAGER` (`less -FRX` unless
/// set), never when piped (#30): `history`, `entries`, `show`, `calendar
/// --year`, help.
final class PagerTests: XCTestCase {
    private var home: TemporaryDirectory!

    private func terminal(_ arguments: String, pager: String? = nil) throws -> Terminal {
        guard access("/usr/bin/less", X_OK) == 0 else { throw XCTSkip("needs less") }
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\nsince: 2026-01-01\n"])
        var environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 21:00", "TZ": "UTC", "NO_COLOR": "1",
                           "LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": home.path]
        environment["PAGER"] = pager
        return try Terminal(["sh", "-c", "\"$0\" \(arguments); echo EXIT=$?; sleep 60", HavenProcess.binary],
                            environment: environment)
    }

    func testALongHistoryIsPagedAndQuitsWithQ() throws {
        let terminal = try self.terminal("history water --from 2026-01-01")
        let first = try terminal.wait(for: "2026-01-01   broken")
        XCTAssertFalse(first.contains("2026-03-10"), "the pager shows the first screen only")
        XCTAssertFalse(first.contains("EXIT="), "haven waits for the pager")
        try terminal.type("q")
        let after = try terminal.wait(for: "EXIT=0")
        XCTAssertTrue(after.contains("EXIT=0"), after)
    }

    func testHelpIsPagedAndPagerCatIsNoPager() throws {
        let help = try terminal("--help")
        try help.wait(for: "OVERVIEW: A config-driven habit and awareness tracker.")
        XCTAssertFalse(try help.screen().contains("EXIT="))
        try help.type("q")
        try help.wait(for: "EXIT=0")

        let plain = try terminal("history water --from 2026-03-08", pager: "cat")
        let screen = try plain.wait(for: "EXIT=0")
        XCTAssertTrue(screen.contains("2026-03-10   pending   streak 0   jokers 0\nEXIT=0"), screen)
    }
}
