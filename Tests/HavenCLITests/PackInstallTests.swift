import Foundation
import TestSupport
import XCTest

/// `haven pack install FOLDER` and `haven pack list` (SPEC §8): staged,
/// validated whole, trusted, moved into place with one rename, recorded in
/// `packs.lock`; any refusal leaves the home byte-identical.
final class PackInstallTests: PackTestCase {
    override func setUp() {
        super.setUp()
        sources.write(Self.calm)
    }

    func testInstallFromAFolderValidatesTrustsMovesAndLocks() throws {
        haven(["status"])
        let dry = haven(["pack", "install", "calm", "--dry-run"])
        XCTAssertEqual(dry.stdout, "calm 1.0.0 from calm: 2 trackers (tea, walk); hooks hooks/tea.lua (on_log); 1 reminder.\n"
            + "Dry run: nothing was installed.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs/calm"))
        let installed = haven(["pack", "install", "calm", "--yes"])
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertEqual(installed.stdout, "Installed calm 1.0.0 into \(home.path)/packs/calm.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/packs"), ["calm"],
                       "no staging folder is left")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs/calm/.git"), ".git stays behind")
        let text = try String(contentsOfFile: lock, encoding: .utf8)
        let source = sources.path.replacingOccurrences(of: "//", with: "/") + "/calm"
        XCTAssertTrue(text.hasPrefix("{\"lockVersion\":1,\"packs\":{\n\"calm\":{\"hash\":\"h1:"), text)
        XCTAssertTrue(text.contains("\"source\":{\"kind\":\"folder\",\"path\":\"\(source)\"},\"trusted\":\"c1:"), text)
        XCTAssertTrue(text.hasSuffix("\"version\":\"1.0.0\"}\n}}\n"), text)
        XCTAssertEqual(haven(["pack", "list"]).stdout, "calm  1.0.0  folder \(source)  ok  2 trackers\n")
        XCTAssertEqual(haven(["status"]).stdout, """
            NoAlc    not logged yet today   streak 0 · 0 jokers
            Tea      open today             streak 0
            Stroll   open today             streak 0

            """)
        // Files changed by hand show in the list.
        home.write(["packs/calm/trackers/walk.yaml": "extends: calm/stroll\nname: Long walk\n"])
        XCTAssertEqual(haven(["pack", "list"]).stdout, "calm  1.0.0  folder \(source)  modified locally  2 trackers\n")
        let json = haven(["pack", "list", "--json"]).stdout
        XCTAssertTrue(json.contains("\"state\": \"modified locally\""), json)
        XCTAssertTrue(json.contains("\"trust\": \"trusted\""), json)
        assertRefused(["pack", "install", "calm", "--yes"], status: 65, stderr:
            "haven: error: a pack 'calm' is already installed in \(home.path)/packs/calm; remove it first, or install "
            + "this one under another name with --as NAME\n")
        XCTAssertEqual(haven(["pack", "install", "calm", "--as", "calm-two", "--dry-run"]).status, 65,
                       "under another name its trackers clash with the first copy's")
    }

    func testAnUnreadableLockStopsTheInstallAndTheStagingGoes() throws {
        home.write(["packs.lock": "not json\n"])
        haven(["status"])
        let before = snapshot()
        let result = haven(["pack", "install", "calm", "--yes"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.hasPrefix("haven: error: \(home.path)/packs.lock cannot be read (it is not the JSON Haven "
            + "writes ("), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("); fix or remove it first\n"), result.stderr)
        XCTAssertEqual(snapshot(), before)
        let list = haven(["pack", "list"])
        XCTAssertEqual(list.status, 65)
    }

    func testRemoveKeepsEntriesAndIsRefusedWhileSomethingNeedsThePack() throws {
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        sources.write(["after/pack.yaml": "name: After\nrequires: { calm: \"^1.0\" }\n"])
        XCTAssertEqual(haven(["pack", "install", "after", "--yes"]).status, 0)
        home.write(["trackers/evening.yaml": "extends: calm/stroll\nname: Evening walk\n"])
        XCTAssertEqual(haven(["log", "tea"]).status, 0)
        assertRefused(["pack", "remove", "calm", "--yes"], status: 65, stderr:
            "haven: error: 'calm' stays: the pack after requires it, and \(home.path)/trackers/evening.yaml extends its "
            + "presets; remove or change those first\n")
        XCTAssertEqual(haven(["pack", "remove", "after", "--yes"]).stdout, "Removed the pack after. 'after' has no live trackers.\n")
        home.write(["trackers/evening.yaml": "name: Evening walk\n"])
        assertRefused(["pack", "remove", "calm"], status: 77, stderr:
            "haven: error: 2 trackers lose their definition (tea, walk); their 1 entry stays. Add --yes to go ahead: "
            + "haven pack remove calm --yes\n")
        XCTAssertEqual(haven(["pack", "remove", "calm", "--yes"]).stdout,
                       "Removed the pack calm. 2 trackers lose their definition (tea, walk); their 1 entry stays.\n")
        XCTAssertEqual(try String(contentsOfFile: lock, encoding: .utf8), "{\"lockVersion\":1,\"packs\":{}}\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/packs"), [])
        XCTAssertEqual(SQLite.run(home.path + "/haven.db", "SELECT count(*) FROM entry WHERE tracker = 'tea'"), "1")
        assertRefused(["pack", "remove", "calm", "--yes"], status: 65, stderr:
            "haven: error: no pack 'calm' is installed; 'haven pack list' lists them\n")
    }

    func testANewPackValidatesAndInstalls() {
        let made = haven(["pack", "new", "evenings"])
        XCTAssertEqual(made.stdout, "Made \(sources.path.replacingOccurrences(of: "//", with: "/"))/evenings. Add trackers "
            + "or presets, check it with 'haven validate evenings', then share the folder.\n")
        XCTAssertEqual(haven(["validate", "evenings"]).stdout, "ok: 1 pack, 1 preset, 0 trackers, no problems\n")
        XCTAssertEqual(haven(["pack", "install", "evenings", "--yes"]).stdout,
                       "Installed evenings 0.1.0 into \(home.path)/packs/evenings.\n")
        XCTAssertEqual(haven(["pack", "new", "evenings"]).stderr,
                       "haven: error: evenings already exists here; choose another name or another folder\n")
        XCTAssertEqual(haven(["pack", "new", "Evenings"]).stderr, "haven: error: 'Evenings' is not a valid pack name; "
            + "choose another name with lower-case letters, digits and '-', starting with a letter\n")
    }

    func testInstallWithNoSourceRestoresExactlyFromTheLock() throws {
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        // A fresh home with only the lock (a dotfiles repository) gets the same pack back.
        let original = home!
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: restored as recorded\n")
        XCTAssertEqual(try String(contentsOfFile: lock, encoding: .utf8), recorded, "the lock is never rewritten")
        XCTAssertEqual(haven(["pack", "list"]).stdout, haven(["pack", "list"], in: original).stdout)
        XCTAssertTrue(haven(["status"]).stdout.contains("Tea "))
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: already in place\n")
        // The source changed since: the restore names the pack and changes nothing.
        let other = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        home = other
        sources.write(["calm/trackers/walk.yaml": "extends: calm/stroll\nname: Longer walk\n"])
        let source = sources.path.replacingOccurrences(of: "//", with: "/") + "/calm"
        let hash = try XCTUnwrap(recorded.range(of: "h1:[A-Za-z0-9+/=]+", options: .regularExpression).map { String(recorded[$0]) })
        assertRefused(["pack", "install"], status: 65, stderr:
            "haven: error: cannot restore 'calm': \(source) no longer holds the content packs.lock records (\(hash)); "
            + "nothing was restored. 'haven pack update calm' will take the new content\n")
    }

    func testInstallFromAGitRepositoryAtATagARangeAndRestoreTheCommit() throws {
        let repository = sources.path + "/calm"
        try FileManager.default.removeItem(atPath: repository + "/.git")
        git(["init", "--quiet", "--initial-branch=main"], in: repository)
        for version in ["1.0.0", "1.2.0", "2.0.0"] {
            sources.write(["calm/pack.yaml": "name: Calm\nid: calm\nversion: \"\(version)\"\nhaven: \"^0.1\"\n"])
            git(["add", "-A"], in: repository)
            git(["commit", "--quiet", "-m", "calm \(version)"], in: repository)
            git(["tag", "v\(version)"], in: repository)
        }
        let installed = haven(["pack", "install", "calm", "--ref", "^1.0", "--yes"])
        XCTAssertEqual(installed.stdout, "Installed calm 1.2.0 into \(home.path)/packs/calm.\n", installed.stderr)
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        let url = repository.replacingOccurrences(of: "//", with: "/")
        XCTAssertTrue(recorded.contains("\"resolved\":\""), recorded)
        XCTAssertTrue(recorded.contains("\"source\":{\"kind\":\"git\",\"ref\":\"^1.0\",\"url\":\"\(url)\"}"), recorded)
        XCTAssertTrue(recorded.contains("\"version\":\"1.2.0\""), recorded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/packs/calm/.git"))
        // The same commit, restored into a fresh home from the lock alone.
        let first = home!
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: restored as recorded\n")
        XCTAssertEqual(haven(["pack", "list"]).stdout, haven(["pack", "list"], in: first).stdout)
        XCTAssertEqual(try String(contentsOfFile: lock, encoding: .utf8), recorded)
        // A tag by name; a range nothing matches.
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        XCTAssertEqual(haven(["pack", "install", "calm", "--ref", "v1.0.0", "--yes"]).stdout,
                       "Installed calm 1.0.0 into \(home.path)/packs/calm.\n")
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        assertRefused(["pack", "install", "calm", "--ref", "^3", "--yes"], status: 65, stderr:
            "haven: error: cannot fetch calm: no tag, branch or commit matches '^3' (its version tags: v1.0.0, v1.2.0, "
            + "v2.0.0); nothing was installed\n")
        // Without an id in pack.yaml the repository's name is the pack's.
        sources.write(["calm/pack.yaml": "name: Calm\nversion: \"2.1.0\"\nhaven: \"^0.1\"\n"])
        git(["commit", "--quiet", "-am", "no id"], in: repository)
        git(["tag", "v2.1.0"], in: repository)
        XCTAssertEqual(haven(["pack", "install", "calm", "--ref", "^2", "--dry-run"]).stdout,
                       "calm 2.1.0 from calm: 2 trackers (tea, walk); hooks hooks/tea.lua (on_log); 1 reminder.\n"
                        + "Dry run: nothing was installed.\n")
        assertRefused(["pack", "install", "calm", "--ref", "nowhere", "--yes"], status: 65, stderr:
            "haven: error: cannot fetch calm: no tag, branch or commit matches 'nowhere' (its version tags: v1.0.0, "
            + "v1.2.0, v2.0.0, v2.1.0); nothing was installed\n")
    }

    func testAFIFONamedPacksLockIsNeverWaitedOn() {
        XCTAssertEqual(mkfifo(lock, 0o644), 0)
        // A FIFO opened for reading would wait for a writer: the hang guard would end it.
        XCTAssertEqual(haven(["status"]).stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        let list = haven(["pack", "list"])
        XCTAssertFalse(list.timedOut)
        XCTAssertEqual(list.status, 65)
        XCTAssertEqual(list.stderr, "haven: error: \(home.path)/packs.lock cannot be read (it is a FIFO, not a plain "
            + "file; Haven does not open it); fix or remove it first\n")
    }

    func testWithoutYesAndNoTerminalNothingIsTrusted() {
        assertRefused(["pack", "install", "calm"], status: 77, stderr:
            "haven: error: calm 1.0.0 from calm: 2 trackers (tea, walk); hooks hooks/tea.lua (on_log); 1 reminder. Trusting a "
            + "pack lets its trackers go live, its hooks run and its templates render. Add --yes to trust it and install: "
            + "haven pack install calm --yes\n")
    }

    func testABrokenPackIsRefusedWithEveryProblemAndNothingChanges() {
        sources.write(["broken/pack.yaml": "name: Broken\n",
                       "broken/trackers/noalc.yaml": "name: My NoAlc\n",
                       "broken/trackers/sip.yaml": "name: Sip\ninput: counter\n"])
        assertRefused(["pack", "install", "broken", "--yes"], status: 65, stderr: """
            haven: error: 'broken' was not installed: 2 problems found; nothing in your home changed
            broken/trackers/noalc.yaml:1:1: error: tracker id 'noalc' is already used by \(home.path)/trackers/noalc.yaml \
            in your home, which wins; this pack's tracker is skipped and nothing of yours changes
                name: My NoAlc
                ^
            broken/trackers/sip.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
                input: counter
                       ^~~~~~~

            """)
    }

    func testRangesRequiresNamesAndLinksAreRefused() throws {
        sources.write(["future/pack.yaml": "name: Future\nhaven: \">=9.0\"\n",
                       "needy/pack.yaml": "name: Needy\nrequires: { mindful: \"^1.2\" }\n",
                       "named/pack.yaml": "name: Core copy\nid: core\n",
                       "plain/pack.yaml": "name: Plain\n",
                       "linked/pack.yaml": "name: Linked\n"])
        XCTAssertEqual(symlink("/etc/passwd", sources.path + "/linked/secret.yaml"), 0)
        assertRefused(["pack", "install", "future", "--yes"], status: 65, stderr: """
            haven: error: 'future' was not installed: 1 problem found; nothing in your home changed
            future/pack.yaml:2:8: error: this pack needs Haven >=9.0; this is Haven 0.1.0
                haven: ">=9.0"
                       ^~~~~~~

            """)
        assertRefused(["pack", "install", "needy", "--yes"], status: 65, stderr: """
            haven: error: 'needy' was not installed: 1 problem found; nothing in your home changed
            needy/pack.yaml:2:22: error: this pack requires the pack 'mindful' (^1.2), which is not installed; install \
            it into packs/mindful first
                requires: { mindful: "^1.2" }
                                     ^~~~~~

            """)
        assertRefused(["pack", "install", "named", "--yes"], status: 65, stderr: """
            haven: error: 'named' was not installed: 1 problem found; nothing in your home changed
            named/pack.yaml:2:5: error: a pack may not be named 'core': that name is Haven's own; choose another id
                id: core
                    ^~~~

            """)
        assertRefused(["pack", "install", "plain", "--as", "local", "--yes"], status: 65, stderr:
            "haven: error: a pack may not be named 'local': that name is Haven's own; install it with --as NAME\n")
        XCTAssertEqual(haven(["pack", "install", "plain", "--as", "plain-two", "--yes"]).stdout,
                       "Installed plain-two into \(home.path)/packs/plain-two.\n")
        assertRefused(["pack", "install", "linked", "--yes"], status: 65, stderr:
            "haven: error: linked/secret.yaml is a symbolic link; Haven never follows links inside a pack: put the file "
            + "itself here; nothing was installed\n")
        assertRefused(["pack", "install", "missing", "--yes"], status: 66, stderr:
            "haven: error: no such file or folder: missing\n")
    }

    func testALinkedFolderLoadsItsEditsIsNeverUpdatedAndOnlyHavensLinksAreFollowed() throws {
        let source = sources.path.replacingOccurrences(of: "//", with: "/") + "/calm"
        let linked = haven(["pack", "install", "calm", "--link", "--yes"])
        XCTAssertEqual(linked.stdout, "Linked calm 1.0.0 as \(home.path)/packs/calm → \(source); your edits load at once.\n",
                       linked.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: home.path + "/packs/calm"), source)
        // Edits, hooks included, load at once: the folder is the person's own work.
        sources.write(["calm/trackers/walk.yaml": "extends: calm/stroll\nname: Long walk\n",
                       "calm/hooks/tea.lua": "function on_log(entry, streak) return 'slurp' end\n"])
        XCTAssertEqual(haven(["status"]).stdout, """
            NoAlc       not logged yet today   streak 0 · 0 jokers
            Tea         open today             streak 0
            Long walk   open today             streak 0

            """)
        XCTAssertEqual(haven(["pack", "list"]).stdout, "calm  1.0.0  link \(source)  linked  2 trackers\n")
        assertRefused(["pack", "update", "calm"], status: 65, stderr: "haven: error: 'calm' links to \(source): its files "
            + "are that folder's as you edit them, and a linked pack is never updated\n")
        // A fresh home makes the link again from the lock.
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        XCTAssertTrue(recorded.contains("\"source\":{\"kind\":\"link\",\"path\":\"\(source)\"}"), recorded)
        let first = home!
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: restored as recorded\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: home.path + "/packs/calm"), source)
        // Removing takes the link away, never the folder.
        XCTAssertEqual(haven(["pack", "remove", "calm", "--yes"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: source + "/pack.yaml"))
        // A link Haven did not make is reported and not followed.
        home = first
        XCTAssertEqual(symlink(source, home.path + "/packs/other"), 0)
        let validate = haven(["validate"])
        XCTAssertEqual(validate.status, 65)
        XCTAssertEqual(validate.stderr, "\(home.path)/packs/other: error: this pack is a link Haven did not make, and "
            + "links are never followed; install the folder with 'haven pack install FOLDER --link'\n1 problem found\n")
        // Only folders link; git's own words say why a clone failed.
        try FileManager.default.removeItem(atPath: home.path + "/packs/other")
        sources.write(["calm.git/HEAD": ""])
        assertRefused(["pack", "install", "calm.git", "--link", "--yes"], status: 65, stderr: "haven: error: --link is for "
            + "a pack folder you are working on, and calm.git is a git repository; install it without --link\n")
        assertRefused(["pack", "install", "calm.git", "--yes"], status: 65, stderr: "haven: error: cannot fetch "
            + "calm.git: fatal: repository '\(sources.path.replacingOccurrences(of: "//", with: "/"))/calm.git' does not "
            + "exist; nothing was installed\n")
    }

    func testEveryPackCommandAnswersInJSON() throws {
        XCTAssertEqual(haven(["pack", "install", "calm", "--dry-run", "--json"]).stdout, """
            {
              "id": "calm",
              "version": "1.0.0",
              "source": "calm",
              "trackers": [
                "tea",
                "walk"
              ],
              "hooks": [
                {
                  "file": "hooks/tea.lua",
                  "points": [
                    "on_log"
                  ]
                }
              ],
              "code": [
                "hooks/tea.lua"
              ],
              "reminders": 1,
              "requires": {},
              "left_out": [],
              "clashes": [],
              "installed": false,
              "link": null
            }

            """)
        let installed = haven(["pack", "install", "calm", "--yes", "--json"]).stdout
        XCTAssertTrue(installed.contains("\"installed\": true,"), installed)
        XCTAssertEqual(haven(["pack", "untrust", "calm", "--json"]).stdout, "{\n  \"id\": \"calm\",\n  \"trusted\": false\n}\n")
        XCTAssertEqual(haven(["pack", "trust", "calm", "--yes", "--json"]).stdout,
                       "{\n  \"id\": \"calm\",\n  \"trusted\": true,\n  \"trackers\": [\n    \"tea\",\n    \"walk\"\n  ]\n}\n")
        XCTAssertEqual(haven(["pack", "install", "--json"]).stdout,
                       "[\n  {\n    \"id\": \"calm\",\n    \"restored\": false\n  }\n]\n")
        haven(["log", "tea"])
        XCTAssertEqual(haven(["pack", "remove", "calm", "--yes", "--json"]).stdout, """
            {
              "id": "calm",
              "removed": true,
              "trackers": [
                "tea",
                "walk"
              ],
              "entriesKept": 1
            }

            """)
        XCTAssertEqual(haven(["pack", "new", "breath", "--json"]).stdout,
                       "{\n  \"id\": \"breath\",\n  \"path\": \"\(sources.path.replacingOccurrences(of: "//", with: "/"))/breath\"\n}\n")
    }

    func testAFullDiskLeavesTheHomeAsItWas() throws {
        let mount = TemporaryDirectory()
        XCTAssertEqual(HavenProcess.run(["-c", "mount -t tmpfs -o size=1m tmpfs '\(mount.path)'"],
                                        executable: "/bin/sh").status, 0, "tests run as root")
        defer { _ = HavenProcess.run(["-c", "umount '\(mount.path)'"], executable: "/bin/sh") }
        let path = mount.path.replacingOccurrences(of: "//", with: "/") + "/home"
        XCTAssertEqual(HavenProcess.run(["-c", "mkdir -p '\(path)/trackers' && echo 'extends: core/noalc' > "
                                         + "'\(path)/trackers/noalc.yaml'"], executable: "/bin/sh").status, 0)
        home = TemporaryDirectory(existing: path)
        bigPack("heavy", trackers: 120, padding: 12_000)
        assertRefused(["pack", "install", "heavy", "--yes"], status: 74, stderr: "haven: error: the disk holding \(path) "
            + "is full; nothing was installed. Free some space and try again\n")
    }

    func testOnePackCommandAtATimeChangesAHomesPacks() throws {
        haven(["status"])
        let descriptor = open(home.path, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0, "another haven pack command holds the home")
        defer { close(descriptor) }
        assertRefused(["pack", "install", "calm", "--yes"], status: 75, stderr: "haven: error: another 'haven pack' "
            + "command is changing the packs of \(home.path); try again when it has finished\n")
        // One that finishes soon is waited for.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { flock(descriptor, LOCK_UN) }
        let waited = haven(["pack", "install", "calm", "--yes"])
        XCTAssertEqual(waited.status, 0, waited.stderr)
    }
}
