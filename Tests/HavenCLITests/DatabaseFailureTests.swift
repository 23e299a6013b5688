import Foundation
import TestSupport
import XCTest

/// A database that is damaged, foreign, empty, read-only, on a full disk or
/// holds rows of the wrong type (SPEC §7, §13): the right exit code, a whole
/// message saying what to do, never a crash, and nothing changed.
final class DatabaseFailureTests: XCTestCase {
    private var home: TemporaryDirectory!
    /// The database's path as Haven prints it (one slash between folders).
    private var database: String { home.path.replacingOccurrences(of: "//", with: "/") + "/haven.db" }

    override func setUp() {
        home = TemporaryDirectory()
    }

    @discardableResult
    private func haven(_ arguments: [String], home: String? = nil, _ environment: [String: String] = [:],
                       executable: String? = nil) -> HavenProcess.Result {
        HavenRun(home: home ?? self.home.path, now: "2026-03-05 21:00", environment: environment).run(arguments, executable: executable)
    }

    /// A home with a few entries and a freeze ledger, written by Haven.
    private func populate() {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\n", "trackers/mood.yaml": "extends: core/mood\n",
                    "trackers/reading.yaml": "extends: core/reading\nfreezes: { start: 1, max: 3 }\n"])
        XCTAssertEqual(haven(["log", "mood", "good", "--at", "2026-03-04 20:00"]).status, 0)
        XCTAssertEqual(haven(["log", "noalc", "steady", "--at", "2026-03-04 22:00"]).status, 0)
        XCTAssertEqual(haven(["log", "mood", "okay"]).status, 0)
    }

    func testRowsOfTheWrongTypeAreReportedNeverATrap() {
        let advice = "; nothing was changed. Restore a backup, or correct the row with sqlite3"
        let cases: [(sql: String, command: [String], detail: String)] = [
            ("UPDATE tracker_state SET position = 'first'", ["status"],
             "its tracker_state table has a row whose position holds the text 'first'"),
            ("UPDATE tracker_state SET first_seen = 'yesterday' WHERE tracker = 'mood'", ["status"],
             "its tracker_state table has a row whose first_seen holds the text 'yesterday'"),
            ("UPDATE entry SET instant = 'noon' WHERE tracker = 'mood'", ["entries", "mood"],
             "its entry table has a row whose instant holds the text 'noon'"),
            // A table rebuilt by hand without its NOT NULL constraints.
            ("ALTER TABLE entry RENAME TO old; CREATE TABLE entry (id INTEGER PRIMARY KEY AUTOINCREMENT, tracker, "
                + "instant, zone, utc_offset, day, level, number, note, trigger, written_at, uuid, source); INSERT INTO entry "
                + "SELECT * FROM old; DROP TABLE old; UPDATE entry SET utc_offset = NULL WHERE tracker = 'mood'",
             ["entries", "mood"],
             "its entry table has a row whose utc_offset is empty (NULL)"),
            ("UPDATE entry SET day = '2026-02-30' WHERE tracker = 'noalc'", ["entries", "noalc"],
             "its entry table has a row whose day holds the text '2026-02-30'"),
            ("INSERT INTO entry (tracker, instant, zone, utc_offset, day, number, written_at, uuid, source) "
                + "VALUES ('reading', 0, 'UTC', 0, '2026-03-05', 'lots', 0, '0190f3a2-0000-7000-8000-0000000000aa', 'cli')",
             ["entries", "reading"],
             "its entry table has a row whose number holds the text 'lots'"),
            ("UPDATE entry SET zone = x'00ff' WHERE tracker = 'mood'", ["entries", "mood"],
             "its entry table has a row whose zone holds 2 bytes of binary data"),
            ("INSERT INTO freeze_ledger (tracker, change, at) VALUES ('reading', 'many', 0)", ["status"],
             "its freeze_ledger table has a row whose change holds the text 'many'"),
            ("INSERT INTO freeze (tracker, day, placed_at) VALUES ('noalc', 'someday', 0)", ["status"],
             "its freeze table has a row whose day holds the text 'someday'"),
            ("INSERT INTO archived_streak (tracker, mode, current, longest, from_day, to_day) "
                + "VALUES ('noalc', 'sideways', 1, 1, '2026-03-01', '2026-03-02')", ["streak", "noalc"],
             "its archived_streak table has a row whose mode is the unknown 'sideways'"),
            ("UPDATE checkpoint_latest SET score = 'high'", ["status"],
             "its checkpoint_latest table has a row whose score holds the text 'high'"),
            // Without the latest, the walk reads the full table.
            ("UPDATE checkpoint SET score = 'high'; DELETE FROM checkpoint_latest", ["status"],
             "its checkpoint table has a row whose score holds the text 'high'"),
        ]
        for (sql, command, detail) in cases {
            home = TemporaryDirectory()
            populate()
            XCTAssertEqual(haven(["status"]).status, 0, "checkpoints saved")
            // As another program might: past the schema's own rules.
            SQLite.run(database, "PRAGMA ignore_check_constraints = ON; " + sql)
            let before = SQLite.dump(database)
            let result = haven(command)
            XCTAssertEqual(result.status, 65, sql)
            XCTAssertEqual(result.stderr, "haven: error: \(database) holds a row Haven cannot read: \(detail)\(advice)\n", sql)
            XCTAssertEqual(SQLite.dump(database), before, sql)
        }
    }

    /// A day_outcome hook's walk reads entries through SQLite's own calls
    /// (#31 item 2): a row of the wrong type is named the same way.
    func testAHookedWalkNamesARowOfTheWrongTypeToo() {
        let advice = "; nothing was changed. Restore a backup, or correct the row with sqlite3"
        let cases = [
            ("UPDATE entry SET number = 'lots'", "its entry table has a row whose number holds the text 'lots'"),
            ("UPDATE entry SET note = x'00ff'", "its entry table has a row whose note holds 2 bytes of binary data"),
            ("UPDATE entry SET day = '2026-3-05'", "its entry table has a row whose day holds the text '2026-3-05'"),
            ("UPDATE entry SET instant = 'noon'", "its entry table has a row whose instant holds the text 'noon'"),
        ]
        for (sql, detail) in cases {
            home = TemporaryDirectory().write([
                "trackers/sip.yaml": "name: Sip\ninput: amount\nunit: ml\nhooks: hooks/sip.lua\n",
                "hooks/sip.lua": "function day_outcome(day) return nil end\n",
            ])
            XCTAssertEqual(haven(["log", "sip", "250"]).status, 0)
            // No checkpoint: the walk reads every entry, as a cold status does.
            SQLite.run(database, "PRAGMA ignore_check_constraints = ON; DELETE FROM checkpoint; DELETE FROM checkpoint_latest; "
                       + sql)
            let result = haven(["status"])
            XCTAssertEqual(result.status, 65, sql)
            XCTAssertEqual(result.stderr, "haven: error: \(database) holds a row Haven cannot read: \(detail)\(advice)\n", sql)
        }
        home = TemporaryDirectory().write([
            "trackers/sip.yaml": "name: Sip\ninput: amount\nunit: ml\nhooks: hooks/sip.lua\n",
            "hooks/sip.lua": "function day_outcome(day) return #day.entries == 1 and day.entries[1].time == '21:00' "
                + "and day.entries[1].note == 'tea' and 'success' or 'broken' end\n",
        ])
        XCTAssertEqual(haven(["log", "sip", "250", "--note", "tea"]).status, 0)
        SQLite.run(database, "DELETE FROM checkpoint; DELETE FROM checkpoint_latest")
        // The hook saw the entry whole: its time and note (a success, so streak 1).
        XCTAssertEqual(haven(["status"]).stdout, "Sip   250 ml today   streak 1\n")
    }

    func testAnOverflowingFreezeLedgerIsClampedNotATrap() throws {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\n", "trackers/mood.yaml": "extends: core/mood\n",
                    "trackers/reading.yaml": "extends: core/reading\nfreezes: { start: 1, max: 3 }\n"])
        XCTAssertEqual(haven(["status"]).status, 0)
        SQLite.run(database, "PRAGMA ignore_check_constraints = ON; INSERT INTO freeze_ledger (tracker, change, at) VALUES ('reading', 9223372036854775807, 0), "
            + "('reading', 9223372036854775807, 1), ('reading', -9223372036854775807, 2), ('reading', 2, 3)")
        let result = haven(["status", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"freezes\": {\n      \"available\": 2\n    },"), result.stdout)
    }

    func testADamagedForeignOrEmptyFileIsLeftAsItIsWithAdvice() throws {
        let cases: [(setup: (String) -> Void, message: (String) -> String)] = [
            ({ _ = FileManager.default.createFile(atPath: $0, contents: Data("not a database\n".utf8)) },
             { "\($0) is not a Haven database, or it is damaged (file is not a database); nothing was changed. Restore "
                 + "a backup, or move it aside (mv \($0) \($0).broken) to start a new history" }),
            ({ SQLite.run($0, "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('a')") },
             { "\($0) is another program's SQLite database, not Haven's; nothing was changed. Use --home with another "
                 + "folder, or move it aside (mv \($0) \($0).other)" }),
            ({ _ = FileManager.default.createFile(atPath: $0, contents: Data()) },
             { "\($0) is empty (0 bytes), perhaps a copy or sync that failed; it was left as it is. Restore a backup "
                 + "over it, or remove it (rm \($0)) to start a new history" }),
        ]
        for (setup, message) in cases {
            home = TemporaryDirectory().write(["trackers/mood.yaml": "extends: core/mood\n"])
            setup(database)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
            for command in [["status"], ["log", "mood", "good"], ["entries", "mood"]] {
                let result = haven(command)
                XCTAssertEqual(result.status, 65, "\(command)")
                XCTAssertEqual(result.stderr, "haven: error: \(message(database))\n")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), bytes)
            XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"))
        }
    }

    func testAReadOnlyHomeStillReadsAndRefusesWritesWithAdvice() throws {
        // As root every file is writable: run Haven as `nobody`, from a
        // folder everyone can read, on a home only root may write.
        let world = TemporaryDirectory(), root = world.path.replacingOccurrences(of: "//", with: "/")
        XCTAssertEqual(chmod(world.path, 0o755), 0)
        let binary = root + "/haven", core = root + "/core", home = root + "/home"
        try FileManager.default.copyItem(atPath: HavenProcess.binary, toPath: binary)
        try FileManager.default.copyItem(atPath: Repository.corePack, toPath: core)
        XCTAssertEqual(haven(["log", "mood", "good"], home: home, ["HAVEN_CORE_PACK": core]).status, 0)
        let before = SQLite.dump(home + "/haven.db")
        func asNobody(_ arguments: [String]) -> HavenProcess.Result {
            HavenRun(home: home, now: "2026-03-05 21:00", environment: ["HAVEN_CORE_PACK": core], directory: world.path).run(["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments, executable: "/usr/bin/setpriv")
        }
        let status = asNobody(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\nMood    Good today             streak 1\n")
        XCTAssertEqual(asNobody(["entries", "mood"]).status, 0)
        XCTAssertEqual(asNobody(["calendar"]).status, 0)
        let refusal = "haven: error: cannot write \(home)/haven.db: it or its folder is read-only; nothing was written. "
            + "Reading commands still work; make the folder writable, or use --home with one that is\n"
        for command in [["log", "mood", "okay"], ["undo"], ["skip", "mood"], ["order", "mood", "noalc"]] {
            let result = asNobody(command)
            XCTAssertEqual(result.status, 74, "\(command)")
            XCTAssertEqual(result.stderr, refusal, "\(command)")
        }
        XCTAssertEqual(SQLite.dump(home + "/haven.db"), before)
    }

    func testAFullDiskRefusesWritesAndStillReads() throws {
        // A small file system of its own, filled up.
        let mount = TemporaryDirectory()
        XCTAssertEqual(Self.shell("mount -t tmpfs -o size=1m tmpfs '\(mount.path)'"), 0, "tests run as root")
        defer { _ = Self.shell("umount '\(mount.path)'") }
        let home = mount.path.replacingOccurrences(of: "//", with: "/") + "/home"
        XCTAssertEqual(haven(["log", "mood", "good"], home: home).status, 0)
        let before = SQLite.dump(home + "/haven.db")
        XCTAssertNotEqual(Self.shell("dd if=/dev/zero of='\(mount.path)/filler' bs=4k 2>/dev/null"), 0)
        for command in [["log", "mood", "okay"], ["skip", "mood"]] {
            let result = haven(command, home: home)
            XCTAssertEqual(result.status, 74)
            XCTAssertEqual(result.stderr, "haven: error: the disk holding \(home)/haven.db is full; nothing was written. "
                + "Free some space and try again\n")
        }
        let status = haven(["status"], home: home)
        XCTAssertEqual(status.status, 0, "reading still works")
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\nMood    Good today             streak 1\n")
        try FileManager.default.removeItem(atPath: mount.path + "/filler")
        XCTAssertEqual(SQLite.dump(home + "/haven.db"), before)
    }

    func testAnIOErrorRefusesTheWriteWithAdvice() {
        // A file-size limit makes every write that grows a file fail.
        XCTAssertEqual(haven(["log", "mood", "good"]).status, 0)
        let before = SQLite.dump(database)
        let log = HavenProcess.run(["-c", "ulimit -f 1; trap '' XFSZ; exec '\(HavenProcess.binary)' log mood okay"],
                                   environment: ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-05 21:00", "TZ": "UTC"],
                                   executable: "/bin/bash")
        XCTAssertEqual(log.status, 74)
        XCTAssertEqual(log.stderr, "haven: error: cannot read or write \(database): disk I/O error; nothing was "
            + "written. Check the disk, or restore a backup\n")
        XCTAssertEqual(SQLite.dump(database), before)
    }

    private static func shell(_ command: String) -> Int32 {
        HavenProcess.run(["-c", command], executable: "/bin/sh").status
    }

    func testAKilledOnLogLeavesNoEntry() throws {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
                    "hooks/noalc.lua": "function on_log(entry, streak)\n  while true do end\nend\n"])
        XCTAssertEqual(haven(["status"]).status, 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HavenProcess.binary)
        process.arguments = ["log", "noalc", "steady"]
        process.environment = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-05 21:00", "TZ": "UTC",
                               "HAVEN_HOOK_INSTRUCTIONS": "1000000000", "HAVEN_HOOK_CALL_MS": "10000",
                               "HAVEN_HOOK_TOTAL_MS": "10000"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(800_000)
        XCTAssertTrue(process.isRunning, "on_log is still running")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(SQLite.run(database, "SELECT count(*) FROM entry"), "0")
        // and a hook that fails takes nothing with it either
        home.write(["hooks/noalc.lua": "function on_log(entry, streak)\n  error('no thanks')\nend\n"])
        let result = haven(["log", "noalc", "steady"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: \(home.path)/hooks/noalc.lua:2: in on_log (noalc, 2026-03-05): "
            + "no thanks\n")
        XCTAssertEqual(SQLite.run(database, "SELECT count(*) FROM entry"), "0")
        XCTAssertEqual(SQLite.run(database, "SELECT count(*) FROM checkpoint WHERE day > '2026-03-04'"), "0")
    }
}

/// A first run killed at any moment leaves either no `trackers/` (the next
/// run starts over) or one with every default, and a database that opens.
final class FirstRunKillTests: XCTestCase {
    func testAKilledFirstRunNeverLeavesAHalfMadeHome() throws {
        for attempt in 0..<60 {
            let home = TemporaryDirectory()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: HavenProcess.binary)
            process.arguments = ["status"]
            process.environment = ["HAVEN_HOME": home.path, "TZ": "UTC"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(attempt % 20 * 1_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let trackers = home.path + "/trackers"
            if FileManager.default.fileExists(atPath: trackers) {
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trackers).sorted(),
                               ["mood.yaml", "noalc.yaml"], "attempt \(attempt)")
            }
            let next = HavenRun(home: home.path, now: "2026-03-05 21:00").run(["status"])
            XCTAssertEqual(next.status, 0, "attempt \(attempt): \(next.stderr)")
            XCTAssertEqual(next.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\nMood    not logged yet today   streak 0\n",
                           "attempt \(attempt)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { !$0.hasPrefix("haven.db") }
                .sorted(), ["trackers"], "attempt \(attempt): nothing half-made is left")
        }
    }
}
