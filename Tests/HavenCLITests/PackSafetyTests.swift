import Foundation
import TestSupport
import XCTest

/// Packs cannot take over (SPEC §2.1): the home wins clashes, reserved and
/// invalid pack names are refused, links and odd files are reported and
/// never opened, a pack for another Haven loads nothing, and `validate`
/// checks everything Haven loads, hooks included, whether or not it is given
/// a path.
final class PackSafetyTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
    }

    @discardableResult
    private func haven(_ arguments: [String]) -> HavenProcess.Result {
        // The guard ends a command that waits on a FIFO; the test then says it hung.
        HavenRun(home: home.path, now: "2026-03-05 21:00").run(arguments, timeout: 60)
    }

    private var database: String { home.path.replacingOccurrences(of: "//", with: "/") + "/haven.db" }

    func testAPacksTrackerNeverTakesOverTheHomesOrArchivesItsStreak() {
        haven(["log", "noalc", "steady", "--at", "2026-03-03 21:00"])
        haven(["log", "noalc", "steady", "--at", "2026-03-04 21:00"])
        home.write(["packs/calm/pack.yaml": "name: Calm\n",
                    "packs/calm/trackers/noalc.yaml": "extends: core/noalc\nmode: avoidance\nname: Calm NoAlc\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.status, 0)
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 2 · 0 jokers · at risk\n")
        XCTAssertEqual(status.stderr, "haven: skipped 1 file with problems: \(home.path)/packs/calm/trackers/noalc.yaml "
            + "(run 'haven validate' for details)\n")
        XCTAssertEqual(SQLite.run(database, "SELECT count(*) FROM archived_streak"), "0")
        XCTAssertEqual(SQLite.run(database, "SELECT count(*) FROM mode_epoch"), "0")
        let validate = haven(["validate"])
        XCTAssertEqual(validate.status, 65)
        XCTAssertEqual(validate.stderr, """
            \(home.path)/packs/calm/trackers/noalc.yaml:1:1: error: tracker id 'noalc' is already used by \
            \(home.path)/trackers/noalc.yaml in your home, which wins; this pack's tracker is skipped and nothing of yours changes
                extends: core/noalc
                ^
            1 problem found

            """)
    }

    func testReservedAndInvalidPackNamesAreRefusedAndNothingInsideIsRead() {
        home.write(["packs/core/levels/noalc.yaml": "levels: [{key: a}, {key: b}]\n",
                    "packs/core/trackers/x.yaml": "name: X\n",
                    "packs/local/trackers/y.yaml": "name: Y\n",
                    "packs/My Pack/trackers/z.yaml": "name: Z\n",
                    "packs/bell\u{7}/trackers/w.yaml": "name: W\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.status, 0)
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n", "core's noalc levels still hold")
        let validate = haven(["validate"])
        XCTAssertEqual(validate.status, 65)
        XCTAssertEqual(validate.stderr, """
            \(home.path)/packs/My Pack: error: 'My Pack' is not a valid pack name; rename the folder with lower-case \
            letters, digits and '-', starting with a letter
            \(home.path)/packs/bell␇: error: 'bell␇' is not a valid pack name; rename the folder with lower-case \
            letters, digits and '-', starting with a letter
            \(home.path)/packs/core: error: a pack may not be named 'core': that name is Haven's own; rename the folder
            \(home.path)/packs/local: error: a pack may not be named 'local': that name is Haven's own; rename the folder
            4 problems found

            """)
    }

    func testLinksFIFOsAndOddFilesAreReportedAndNeverOpened() throws {
        home.write(["packs/calm/pack.yaml": "name: Calm\n",
                    "packs/calm/trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n",
                    "packs/calm/trackers/walk.yaml": "name: Walk\nhooks: scripts/walk.lua\n",
                    "elsewhere/tea.lua": "function on_log() return 'ran from outside' end\n",
                    "elsewhere/walk.lua": "function on_log() return 'ran from outside' end\n",
                    "packs/calm/levels/x.yaml": "levels: [{key: a}, {key: b}]\n",
                    "packs/other/pack.yaml": "name: Other\n",
                    "packs/other/presets": "not a folder\n"])
        let pack = home.path + "/packs/calm"
        XCTAssertEqual(symlink("/etc/passwd", pack + "/trackers/secret.yaml"), 0)
        XCTAssertEqual(mkfifo(pack + "/trackers/fifo.yaml", 0o644), 0)
        try FileManager.default.createDirectory(atPath: pack + "/hooks", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(home.path + "/elsewhere/tea.lua", pack + "/hooks/tea.lua"), 0)
        XCTAssertEqual(symlink(home.path + "/elsewhere", pack + "/scripts"), 0)
        try FileManager.default.createDirectory(atPath: pack + "/presets/folder.yaml", withIntermediateDirectories: true)
        let log = haven(["log", "noalc", "steady"])
        XCTAssertFalse(log.timedOut, "a FIFO is never waited on")
        XCTAssertEqual(log.status, 0)
        XCTAssertEqual(log.stdout, "NoAlc: Steady today · streak 1 · 0 jokers\n")
        XCTAssertEqual(haven(["log", "tea"]).stderr.components(separatedBy: "\n").last { !$0.isEmpty },
                       "haven: error: 'tea' was not loaded: \(home.path)/packs/calm/trackers/tea.yaml has problems; "
                           + "'haven validate' shows them")
        let validate = haven(["validate"])
        XCTAssertEqual(validate.status, 65)
        XCTAssertFalse(validate.stderr.contains("root:"), "no line of a linked file is shown")
        XCTAssertEqual(validate.stderr, """
            \(pack)/presets/folder.yaml: error: this is a folder, not a file
            \(pack)/trackers/fifo.yaml: error: this is a FIFO, not a plain file; Haven does not open it
            \(pack)/trackers/secret.yaml: error: this is a symbolic link; Haven never follows links inside a pack: put \
            the file itself here
            \(pack)/trackers/tea.yaml:2:8: error: hooks file 'hooks/tea.lua' is a symbolic link; Haven never follows \
            links inside a pack: put the file itself here
                hooks: hooks/tea.lua
                       ^~~~~~~~~~~~~
            \(pack)/trackers/walk.yaml:2:8: error: hooks file 'scripts/walk.lua': its folder 'scripts' is a symbolic \
            link; Haven never follows links inside a pack: put the folder itself here
                hooks: scripts/walk.lua
                       ^~~~~~~~~~~~~~~~
            \(home.path)/packs/other/presets: error: this is a file, where a folder belongs
            6 problems found

            """)
    }

    func testAnUnreadableTrackersFolderIsReportedNotSilentlyEmpty() throws {
        // As root every folder is readable: run as `nobody` from a world-readable copy.
        let world = TemporaryDirectory(), root = world.path.replacingOccurrences(of: "//", with: "/")
        XCTAssertEqual(chmod(world.path, 0o755), 0)
        try FileManager.default.copyItem(atPath: HavenProcess.binary, toPath: root + "/haven")
        try FileManager.default.copyItem(atPath: Repository.corePack, toPath: root + "/core")
        let packs = root + "/home/packs/calm"
        try FileManager.default.createDirectory(atPath: packs + "/trackers", withIntermediateDirectories: true)
        try "name: Tea\n".write(toFile: packs + "/trackers/tea.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/home/trackers", withIntermediateDirectories: true)
        for folder in [root, root + "/home", root + "/home/packs", packs, root + "/home/trackers"] {
            XCTAssertEqual(chmod(folder, 0o755), 0)
        }
        XCTAssertEqual(chmod(packs + "/trackers", 0o700), 0)
        let result = HavenProcess.run(["--reuid=65534", "--regid=65534", "--clear-groups", root + "/haven", "validate"],
                                      environment: ["HAVEN_HOME": root + "/home", "HAVEN_CORE_PACK": root + "/core"],
                                      directory: root, executable: "/usr/bin/setpriv")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "\(packs)/trackers: error: cannot list the trackers folder (permission denied); "
            + "check that it is readable\n1 problem found\n")
    }

    func testAPackForAnotherHavenLoadsNoneOfItsTrackers() {
        home.write(["packs/future/pack.yaml": "name: Future\nhaven: \">=9.0\"\n",
                    "packs/future/trackers/tea.yaml": "name: Tea\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        XCTAssertEqual(status.stderr, "haven: skipped 2 files with problems: \(home.path)/packs/future/pack.yaml, "
            + "\(home.path)/packs/future/trackers/tea.yaml (run 'haven validate' for details)\n")
        XCTAssertEqual(haven(["validate"]).stderr, """
            \(home.path)/packs/future/pack.yaml:2:8: error: this pack needs Haven >=9.0; this is Haven 0.1.0
                haven: ">=9.0"
                       ^~~~~~~
            1 problem found

            """)
    }

    func testAFileWithAnUnknownKeyIsSkippedWholeAndEveryProblemOfABadlyNamedFileIsReported() {
        home.write(["trackers/tea.yaml": "name: Tea\ncolour: green\n",
                    "trackers/01-water.yaml": "name: Water\ninput: counter\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        XCTAssertEqual(haven(["validate"]).stderr, """
            \(home.path)/trackers/01-water.yaml: error: file name '01-water.yaml' is not a valid tracker id; rename \
            the file (lower-case letters, digits and '-', starting with a letter) or add 'id:'
            \(home.path)/trackers/01-water.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
                input: counter
                       ^~~~~~~
            \(home.path)/trackers/tea.yaml:2:1: error: unknown key 'colour' in a tracker; valid keys: id, name, icon, \
            type, mode, input, unit, goal, levels, day_boundary, streak, rewards, freezes, reminder, health, pinned, \
            archived, extends, hooks, since
                colour: green
                ^~~~~~
            3 problems found

            """)
    }

    func testValidateChecksHooksWithOrWithoutAPath() {
        home.write(["trackers/noalc.yaml": "extends: core/noalc\nhooks: hooks/noalc.lua\n",
                    "hooks/noalc.lua": "function day_outcome(day)\n  return 'success'\nend\nfunction on_lgo() end\n"])
        let expected = """
            \(home.path)/hooks/noalc.lua:4:1: error: unknown hook 'on_lgo' (did you mean 'on_log'?); a helper \
            function must be local: local function on_lgo(...)
                function on_lgo() end
                ^
            1 problem found

            """
        let withoutPath = haven(["validate"])
        XCTAssertEqual(withoutPath.status, 65)
        XCTAssertEqual(withoutPath.stderr, expected)
        let withPath = haven(["validate", home.path])
        XCTAssertEqual(withPath.status, 65)
        XCTAssertEqual(withPath.stderr, expected)
    }

    func testThousandsOfProblemsAreCappedPerFileAndFound() {
        var text = "name: Many\n"
        for i in 0..<4000 { text += "key\(i): 1\n" }
        home.write(["trackers/many.yaml": text,
                    "trackers/huge.yaml": "extends: " + String(repeating: "x", count: 1_000_000) + "\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        let validate = haven(["validate"])
        let lines = validate.stderr.components(separatedBy: "\n")
        XCTAssertEqual(lines.suffix(3), ["\(home.path)/trackers/many.yaml: error: and 3,950 more problems in this file; "
            + "fix these first", "4001 problems found", ""])
        XCTAssertEqual(lines.filter { $0.contains(": error: ") }.count, 52)
        XCTAssertEqual(lines.first, "\(home.path)/trackers/huge.yaml:1:10: error: unknown preset '"
            + String(repeating: "x", count: 384) + "…")
    }

    func testSinceAndPinnedArePersonalAndNoPackMaySetThem() {
        home.write(["packs/calm/pack.yaml": "name: Calm\n",
                    "packs/calm/trackers/tea.yaml": "name: Tea\nsince: 2025-01-01\npinned: true\n",
                    "packs/calm/presets/walk.yaml": "name: Walk\nsince: 2025-01-01\n",
                    "trackers/walk.yaml": "extends: calm/walk\n",
                    "trackers/mine.yaml": "name: Mine\nsince: 2026-03-01\npinned: true\n"])
        let status = haven(["status"])
        XCTAssertEqual(status.stdout, "Mine    open today             streak 0\nNoAlc   not logged yet today   streak 0 · 0 jokers\n",
                       "the home keeps its own since and pinned; the pack's trackers are skipped")
        XCTAssertEqual(haven(["validate"]).stderr, """
            \(home.path)/packs/calm/presets/walk.yaml:2:1: error: since is personal, so a pack may not set it; remove it \
            here (each person sets it in a tracker file of their own)
                since: 2025-01-01
                ^~~~~
            \(home.path)/packs/calm/trackers/tea.yaml:2:1: error: since is personal, so a pack may not set it; remove it \
            here (each person sets it in a tracker file of their own)
                since: 2025-01-01
                ^~~~~
            \(home.path)/packs/calm/trackers/tea.yaml:3:1: error: pinned is personal, so a pack may not set it; remove it \
            here (each person sets it in a tracker file of their own)
                pinned: true
                ^~~~~~
            3 problems found

            """)
        XCTAssertEqual(haven(["validate", home.path]).stderr.components(separatedBy: "\n").last { !$0.isEmpty },
                       "3 problems found", "the home named as a path is checked as Haven loads it")
        // A folder of one's own trackers, named to validate, may set them.
        let mine = TemporaryDirectory().write(["trackers/mine.yaml": "name: Mine\nsince: 2026-03-01\npinned: true\n"])
        XCTAssertEqual(haven(["validate", mine.path]).stdout, "ok: 1 pack, 0 presets, 1 tracker, no problems\n")
    }

    func testAPackWhoseRequiresAreNotMetLoadsNothing() {
        home.write(["packs/calm/pack.yaml": "name: Calm\nid: calm\nrequires: { mindful: \"^1.2\", core: \">=0.1\", ghost: \"^1\" }\n",
                    "packs/calm/trackers/tea.yaml": "name: Tea\n",
                    "packs/mindful/pack.yaml": "name: Mindful\nversion: \"1.0.0\"\n",
                    "packs/mindful/trackers/breath.yaml": "name: Breath\n",
                    "packs/odd/pack.yaml": "name: Odd\nid: local\n"])
        XCTAssertEqual(haven(["status"]).stdout, """
            NoAlc    not logged yet today   streak 0 · 0 jokers
            Breath   open today             streak 0

            """)
        XCTAssertEqual(haven(["validate"]).stderr, """
            \(home.path)/packs/calm/pack.yaml:3:22: error: this pack requires 'mindful' ^1.2, and 'mindful' is at version \
            1.0.0; update one of them
                requires: { mindful: "^1.2", core: ">=0.1", ghost: "^1" }
                                     ^~~~~~
            \(home.path)/packs/calm/pack.yaml:3:52: error: this pack requires the pack 'ghost' (^1), which is not \
            installed; install it into packs/ghost first
                requires: { mindful: "^1.2", core: ">=0.1", ghost: "^1" }
                                                                   ^~~~
            \(home.path)/packs/odd/pack.yaml:2:5: error: a pack may not be named 'local': that name is Haven's own; \
            choose another id
                id: local
                    ^~~~~
            3 problems found

            """)
    }

    func testAnEmptyHomeIsAUsageError() {
        let result = HavenProcess.run(["--home", "", "status"], directory: home.path)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "haven: error: --home needs a folder, for example --home ~/haven; leave it out to "
            + "use HAVEN_HOME or the usual folders\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/haven.db"))
    }
}
