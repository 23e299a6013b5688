import Foundation
import TestSupport
import XCTest

/// `haven remind install|uninstall`: the unit files, word for word, and
/// what is asked of `systemctl --user` (a stand-in on PATH records it).
final class RemindTimerTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var calls: String { home.path + "/systemctl.log" }

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        useSystemctl(exit: 0, saying: "")
    }

    /// A systemctl that logs its arguments, says `saying` and exits with `exit`.
    private func useSystemctl(exit status: Int, saying: String) {
        let script = "#!/bin/sh\necho \"$*\" >> '\(calls)'\n" + (saying.isEmpty ? "" : "echo '\(saying)' >&2\n")
            + "exit \(status)\n"
        home.write(["bin/systemctl": script])
        chmod(home.path + "/bin/systemctl", 0o755)
    }

    private var environment: [String: String] {
        ["HAVEN_HOME": home.path + "/haven", "XDG_CONFIG_HOME": home.path + "/config", "TZ": "Europe/Berlin",
         "PATH": home.path + "/bin:/usr/bin:/bin", "NO_COLOR": "1", "LANG": "", "LC_ALL": ""]
    }

    private var units: String { home.path + "/config/systemd/user" }

    private func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func testInstallWritesBothUnitsAndEnablesTheTimer() throws {
        let install = HavenProcess.run(["remind", "install", "--lang", "en"], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "'haven remind' now runs every 15 minutes (\(units)/haven-remind.timer); "
            + "'haven remind uninstall' stops it.\n")
        XCTAssertEqual(read(units + "/haven-remind.service"), """
            # Written by 'haven remind install'; 'haven remind uninstall' removes it.
            [Unit]
            Description=Haven: desktop notifications for the reminders due now
            Documentation=man:haven(1)

            [Service]
            Type=oneshot
            Environment=HAVEN_HOME=\(home.path)/haven
            Environment=XDG_CONFIG_HOME=\(home.path)/config
            Environment=TZ=Europe/Berlin
            ExecStart=\(HavenProcess.binary) remind --lang en

            """)
        XCTAssertEqual(read(units + "/haven-remind.timer"), """
            # Written by 'haven remind install'; 'haven remind uninstall' removes it.
            [Unit]
            Description=Haven: run 'haven remind' every 15 minutes

            [Timer]
            OnCalendar=*:0/15
            Persistent=true
            AccuracySec=30s

            [Install]
            WantedBy=timers.target

            """)
        XCTAssertEqual(read(calls), "--user daemon-reload\n--user enable --now haven-remind.timer\n")

        // Again, every two hours: the files are replaced, systemd told again.
        XCTAssertEqual(HavenProcess.run(["remind", "install", "--every", "2h"], environment: environment).status, 0)
        XCTAssertTrue(read(units + "/haven-remind.timer")!.contains("OnCalendar=0/2:00\n"))
        XCTAssertTrue(read(units + "/haven-remind.timer")!.contains("every 2 hours\n"))

        let uninstall = HavenProcess.run(["remind", "uninstall"], environment: environment)
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(uninstall.stdout, "The reminder timer is stopped and its files are gone from \(units).\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: units), [])
        XCTAssertEqual(read(calls)?.split(separator: "\n").suffix(2), ["--user disable --now haven-remind.timer",
                                                                     "--user daemon-reload"])
        let again = HavenProcess.run(["remind", "uninstall"], environment: environment)
        XCTAssertEqual([again.status], [0])
        XCTAssertEqual(again.stdout, "No reminder timer is installed (nothing in \(units)).\n")
    }

    func testAHomeWithSpacesAndPercentIsQuotedForSystemd() throws {
        let odd = home.path + "/my 100% home"
        let install = HavenProcess.run(["remind", "install", "--home", odd], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        let exec = read(units + "/haven-remind.service")!.split(separator: "\n").last!
        let written = odd.replacingOccurrences(of: "//", with: "/").replacingOccurrences(of: "%", with: "%%")
        XCTAssertEqual(exec, "ExecStart=\(HavenProcess.binary) remind --home \"\(written)\"")
    }

    /// A line break in a word of the service would start a line of its own
    /// in the unit file (#28, item 16): refused, and nothing written.
    func testAHomeWithALineBreakOrATabIsRefusedAndNothingIsWritten() {
        for (variable, path) in [("HAVEN_HOME", home.path + "/h\nExecStartPre=/bin/false"), ("--home", home.path + "/a\tb")] {
            var env = environment
            var arguments = ["remind", "install"]
            if variable == "HAVEN_HOME" { env["HAVEN_HOME"] = path } else { arguments += ["--home", path] }
            let install = HavenProcess.run(arguments, environment: env)
            XCTAssertEqual(install.status, 65, variable)
            // `--home` is made absolute and tidy; the variable is taken as it is.
            let given = variable == "--home" ? path.replacingOccurrences(of: "//", with: "/") : path
            let shown = given.replacingOccurrences(of: "\n", with: "\u{240A}").replacingOccurrences(of: "\t", with: "\u{2409}")
            XCTAssertEqual(install.stderr, "haven: error: a systemd unit cannot carry '\(shown)' (it holds a line break or "
                + "another control character); nothing was written: move the home to a path without one, or use the cron "
                + "line in the README\n", variable)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: units))
        XCTAssertNil(read(calls))
    }

    func testAnIntervalATimerCannotKeepIsRefusedAndNothingIsWritten() {
        for every in ["7m", "90m", "5h", "0m", "soon", "30s"] {
            let install = HavenProcess.run(["remind", "install", "--every", every], environment: environment)
            XCTAssertEqual(install.status, 64, every)
            XCTAssertEqual(install.stderr, "haven: error: --every takes 1m, 2m, 3m, 4m, 5m, 6m, 10m, 12m, 15m, 20m, 30m, "
                + "or 1h, 2h, 3h, 4h, 6h, 8h, 12h, 24h (a timer keeps intervals that divide an hour or a day), not '\(every)'; "
                + "for example: haven remind install --every 15m\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: units))
        XCTAssertNil(read(calls))
    }

    func testWithoutAUserSystemdTheFilesStayAndTheMessageSaysWhatToRun() {
        useSystemctl(exit: 1, saying: "Failed to connect to bus: No medium found")
        let install = HavenProcess.run(["remind", "install"], environment: environment)
        XCTAssertEqual(install.status, 69)
        XCTAssertEqual(install.stderr, "haven: error: 'systemctl --user daemon-reload' did not succeed: Failed to connect "
            + "to bus: No medium found; the files are written; in your desktop session run: systemctl --user enable "
            + "--now haven-remind.timer (or use the cron line in the README)\n")
        XCTAssertEqual(install.stdout, "")
        XCTAssertNotNil(read(units + "/haven-remind.timer"))

        var bare = environment
        bare["PATH"] = home.path + "/nothing"
        let none = HavenProcess.run(["remind", "install"], environment: bare)
        XCTAssertEqual(none.status, 69)
        XCTAssertEqual(none.stderr, "haven: error: systemctl is not installed here; the files are written; in your "
            + "desktop session run: systemctl --user enable --now haven-remind.timer (or use the cron line in the README)\n")
    }
}
