import Foundation
import TestSupport
import XCTest

/// `haven pack update`, `rollback` and `export` (SPEC §8), through the binary.
final class PackUpdateTests: PackTestCase {
    private var repository: String { sourcesPath + "/calm" }

    override func setUp() {
        super.setUp()
        sources.write([
            "calm/pack.yaml": "name: Calm\nid: calm\nversion: \"1.0.0\"\nhaven: \"^0.1\"\n",
            "calm/trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n",
            "calm/trackers/walk.yaml": "name: Walk\n",
            "calm/hooks/tea.lua": "function on_log(entry, streak) return 'sip' end\n",
            "other/pack.yaml": "name: Other\nid: other\nversion: \"0.3.0\"\n",
            "other/presets/nap.yaml": "name: Nap\n",
        ])
        git(["init", "--quiet", "--initial-branch=main"])
        release("1.0.0")
    }

    private func git(_ arguments: [String]) { git(arguments, in: repository) }

    /// Commits the repository as it is with pack.yaml at `version`, tagged `vVERSION`.
    private func release(_ version: String, haven range: String = "^0.1") {
        sources.write(["calm/pack.yaml": "name: Calm\nid: calm\nversion: \"\(version)\"\nhaven: \"\(range)\"\n"])
        git(["add", "-A"])
        git(["commit", "--quiet", "-m", "calm \(version)"])
        git(["tag", "v\(version)"])
    }

    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// An update that changes only a Lua file outside hooks/ (or a
    /// template) asks for trust again, as a hooks file does (#28, item 10).
    func testAnUpdateThatChangesALuaFileOrATemplateAsksForTrustAgain() throws {
        sources.write(["calm/lib/util.lua": "x = 1\n", "calm/report/bars.mustache": "<p>bars</p>\n"])
        release("1.1.0")
        XCTAssertEqual(haven(["pack", "install", "calm", "--ref", "^1.0", "--yes"]).status, 0)
        for (file, text, version) in [("lib/util.lua", "x = 2\n", "1.2.0"), ("report/bars.mustache", "<p>b</p>\n", "1.3.0")] {
            sources.write(["calm/" + file: text])
            release(version)
            assertRefused(["pack", "update", "calm"], status: 77, stderr: """
                haven: error: calm \(version) from \(repository): 2 trackers (tea, walk); hooks hooks/tea.lua (on_log); code \
                lib/util.lua, report/bars.mustache. Trusting a pack lets its trackers go live, its hooks run and its \
                templates render. Add --yes to trust the new code and update: haven pack update calm --yes

                """)
            XCTAssertEqual(haven(["pack", "update", "calm", "--yes"]).status, 0, file)
        }
    }

    func testUpdateTakesTheHighestTagInTheRangeRewritesOnlyItsLineAndRollbackGoesBack() throws {
        XCTAssertEqual(haven(["pack", "install", "calm", "--ref", "^1.0", "--yes"]).status, 0)
        XCTAssertEqual(haven(["pack", "install", "other", "--yes"]).status, 0)
        let installedLock = try lines(lock)
        let installedFiles = PackTestFiles.contents(home.path + "/packs/calm")
        XCTAssertEqual(haven(["pack", "update", "calm"]).stdout, "calm 1.0.0 is up to date.\n")
        XCTAssertEqual(haven(["pack", "list", "--outdated"]).stdout, "Every pack is as new as its source.\n")
        sources.write(["calm/trackers/tea.yaml": "name: Green tea\nhooks: hooks/tea.lua\n",
                       "calm/trackers/stretch.yaml": "name: Stretch\n"])
        try FileManager.default.removeItem(atPath: repository + "/trackers/walk.yaml")
        release("1.1.0")
        release("2.0.0")
        sources.write(["other/presets/nap.yaml": "name: Long nap\n"])
        XCTAssertEqual(haven(["pack", "list", "--outdated"]).stdout, """
            calm  1.0.0 → 1.1.0 (2.0.0 is out, outside ^1.0)
            other  0.3.0  its source changed
            'haven pack update' takes what each ref allows.

            """)
        let outdated = haven(["pack", "list", "--outdated", "--json"]).stdout
        XCTAssertTrue(outdated.contains("\"current\": \"1.0.0\",\n    \"wanted\": \"1.1.0\",\n    \"latest\": \"2.0.0\""),
                      outdated)
        let dry = haven(["pack", "update", "calm", "--dry-run"])
        XCTAssertEqual(dry.stdout, """
            calm 1.0.0 → 1.1.0 (from \(repository)):
              trackers: added stretch; changed tea; removed walk
              other files: pack.yaml
            Dry run: nothing was updated.

            """, dry.stderr)
        XCTAssertEqual(try lines(lock), installedLock)
        let updated = haven(["pack", "update", "calm"])
        XCTAssertEqual(updated.stdout, """
            calm 1.0.0 → 1.1.0 (from \(repository)):
              trackers: added stretch; changed tea; removed walk
              other files: pack.yaml
            Updated calm 1.0.0 → 1.1.0; 'haven pack rollback calm' goes back.

            """, updated.stderr)
        let updatedLock = try lines(lock)
        XCTAssertEqual(updatedLock.count, installedLock.count)
        XCTAssertEqual(zip(updatedLock, installedLock).filter { $0 != $1 }.map(\.0).map { $0.prefix(8) }, ["\"calm\":{"],
                       "only calm's line changed")
        XCTAssertTrue(updatedLock[1].contains("\"version\":\"1.1.0\""), updatedLock[1])
        XCTAssertEqual(haven(["status"]).stdout, """
            NoAlc       not logged yet today   streak 0 · 0 jokers
            Stretch     open today             streak 0
            Green tea   open today             streak 0

            """)
        let rolled = haven(["pack", "rollback", "calm"])
        XCTAssertEqual(rolled.stdout, "Rolled calm back from 1.1.0 to 1.0.0; 'haven pack rollback calm' again goes forward.\n",
                       rolled.stderr)
        XCTAssertEqual(try lines(lock), installedLock)
        XCTAssertEqual(PackTestFiles.contents(home.path + "/packs/calm"), installedFiles)
        XCTAssertEqual(haven(["pack", "rollback", "calm"]).stdout,
                       "Rolled calm forward from 1.0.0 to 1.1.0; 'haven pack rollback calm' again goes back.\n")
        XCTAssertEqual(try lines(lock), updatedLock, "a second rollback goes forward again")
        assertRefused(["pack", "rollback", "other"], stderr: "haven: error: 'other' has no earlier version to go back "
            + "to; 'haven pack update other' keeps one\n")
    }

    func testModifiedPacksExcludedRangesAndChangedHooksAreRefusedUntilAskedFor() throws {
        XCTAssertEqual(haven(["pack", "install", "calm", "--ref", "^1.0", "--yes"]).status, 0)
        haven(["status"])
        // A range that excludes this Haven: refused by validation, with where.
        release("1.1.0", haven: ">=9.0")
        assertRefused(["pack", "update", "calm"], stderr: """
            haven: error: 'calm' was not updated: 1 problem found; nothing in your home changed
            \(repository)/pack.yaml:4:8: error: this pack needs Haven >=9.0; this is Haven 0.1.0
                haven: ">=9.0"
                       ^~~~~~~

            """)
        release("1.2.0")
        // Files changed by hand are not replaced without --force.
        sources.write(["edited": ""])
        try Data("name: My tea\nhooks: hooks/tea.lua\n".utf8).write(to: URL(fileURLWithPath: home.path
                                                                            + "/packs/calm/trackers/tea.yaml"))
        assertRefused(["pack", "update", "calm"], stderr: "haven: error: 'calm' is modified locally: its files differ "
            + "from packs.lock, and an update would replace them; copy out what you changed, then 'haven pack update "
            + "calm --force'\n")
        XCTAssertEqual(haven(["pack", "update", "calm", "--force"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/packs/calm/trackers/tea.yaml", encoding: .utf8),
                       "name: Tea\nhooks: hooks/tea.lua\n")
        // New hooks ask for trust again; without a terminal that needs --yes.
        sources.write(["calm/hooks/tea.lua": "function on_log(entry, streak) return 'slurp' end\n"])
        release("1.3.0")
        assertRefused(["pack", "update", "calm"], status: 77, stderr: """
            haven: error: calm 1.3.0 from \(repository): 2 trackers (tea, walk); hooks hooks/tea.lua (on_log). Trusting a pack \
            lets its trackers go live, its hooks run and its templates render. Add --yes to trust the new code and \
            update: haven pack update calm --yes

            """)
        let trusted = haven(["pack", "update", "calm", "--yes"])
        XCTAssertTrue(trusted.stdout.hasSuffix("  its code changed (hooks, Lua files or report templates): trust is asked again\nUpdated calm 1.2.0 → 1.3.0; "
            + "'haven pack rollback calm' goes back.\n"), trusted.stdout)
        let commit = HavenProcess.run(["-C", repository, "rev-parse", "v1.3.0^{commit}"], executable: "/usr/bin/git").stdout
        XCTAssertEqual(haven(["pack", "list"]).stdout, "calm  1.3.0  git \(repository) ^1.0 @ \(commit.prefix(12))  ok  "
            + "2 trackers\n")
    }

    /// `show --json` without what says where a tracker lives (its pack,
    /// file, personal keys), references qualified by the pack's name.
    private func definition(_ id: String, in other: TemporaryDirectory? = nil, pack: String) throws -> String {
        let shown = haven(["show", id, "--json"], in: other)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        for key in ["pack", "file", "since", "pinned"] { object[key] = nil }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        return text.replacingOccurrences(of: "\"\(pack)\\/", with: "\"PACK\\/")
    }

    func testExportMakesAPackThatInstallsIntoAnotherHomeWithTheSameTrackers() throws {
        home.write([
            "levels/cups.yaml": "levels:\n  - { key: one, label: One, effect: success }\n  - { key: many, label: Many, effect: grace }\n",
            "rewards/kind.yaml": "earn_every: 5\nmax: 2\nheals: true\n",
            "hooks/tea.lua": "function on_log(entry, streak) return 'sip' end\n",
            "hooks/unused.lua": "function on_log(entry, streak) return 'never' end\n",
            "presets/evening.yaml": "name: Evening\nrewards: local/kind\n",
            "presets/unused.yaml": "name: Unused\n",
            "trackers/tea.yaml": "name: Tea\ninput: levels\nlevels: cups\nrewards: local/kind\nhooks: hooks/tea.lua\n"
                + "since: 2026-01-01\npinned: true\nfreezes: { start: 1, max: 3 }\n",
            "trackers/read.yaml": "extends: local/evening\nname: Read\nsince:\n  2026-02-01\n",
        ])
        let made = haven(["pack", "export", "tea", "read", "--name", "evenings", "--out", "evenings.tar.gz"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let archive = sources.path + "/evenings.tar.gz"
        let digest = String(HavenProcess.run([archive], executable: "/usr/bin/sha256sum").stdout.prefix(64))
        let hash = try XCTUnwrap(made.stdout.split(whereSeparator: \.isWhitespace).last { $0.hasPrefix("h1:") }).dropLast()
        XCTAssertEqual(made.stdout, """
            Exported 2 trackers (read, tea) as the pack evenings into evenings.tar.gz; without since: or pinned:, 7 \
            files, hash \(hash).
            sha256 \(digest)
            A friend installs it with: haven pack install evenings.tar.gz --sha256 \(digest)

            """)
        let listing = HavenProcess.run(["tzf", archive], executable: "/bin/tar").stdout
        XCTAssertEqual(listing, "hooks/\nhooks/tea.lua\nlevels/\nlevels/cups.yaml\npack.yaml\npresets/\n"
            + "presets/evening.yaml\nrewards/\nrewards/kind.yaml\ntrackers/\ntrackers/read.yaml\ntrackers/tea.yaml\n")
        // The same trackers make the same archive, byte for byte.
        XCTAssertEqual(haven(["pack", "export", "tea", "read", "--name", "evenings", "--out", "again.tar.gz"]).status, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: sources.path + "/again.tar.gz"),
                       FileManager.default.contents(atPath: archive))

        let friend = TemporaryDirectory().write(["trackers/walk.yaml": "name: Walk\n"])
        let installed = haven(["pack", "install", "evenings.tar.gz", "--sha256", digest, "--yes"], in: friend)
        XCTAssertEqual(installed.stdout, "Installed evenings 1.0.0 into \(friend.path)/packs/evenings.\n", installed.stderr)
        XCTAssertEqual(haven(["validate"], in: friend).stdout, "ok: 3 packs, 18 presets, 7 practices, 3 trackers, no problems\n")
        for id in ["tea", "read"] {
            XCTAssertEqual(try definition(id, in: friend, pack: "evenings"), try definition(id, pack: "local"), id)
        }
        XCTAssertEqual(try String(contentsOfFile: friend.path + "/packs/evenings/trackers/tea.yaml", encoding: .utf8),
                       "name: Tea\ninput: levels\nlevels: cups\nrewards: evenings/kind\nhooks: hooks/tea.lua\n"
                        + "freezes: { start: 1, max: 3 }\n")

        // A folder; a tracker of another pack; an existing output.
        XCTAssertEqual(haven(["pack", "install", "other", "--yes"]).status, 0)
        home.write(["trackers/nap.yaml": "extends: other/nap\n"])
        let folder = haven(["pack", "export", "nap", "--name", "naps", "--version", "0.2.0", "--json"])
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertTrue(folder.stdout.contains("\"requires\": {\n    \"other\": \"^0.3\"\n  },\n  \"sha256\": null,"), folder.stdout)
        XCTAssertEqual(try String(contentsOfFile: sources.path + "/naps/pack.yaml", encoding: .utf8), """
            # Made by 'haven pack export' from 1 tracker; install it with 'haven pack install'.
            id: naps
            name: naps
            version: "0.2.0"
            haven: ">=0.1, <1.0"
            requires: { other: "^0.3" }

            """)
        home.write(["packs/other/trackers/snore.yaml": "name: Snore\n"])
        assertRefused(["pack", "export", "snore", "--name", "snores"], stderr: "haven: error: 'snore' comes from the "
            + "pack 'other'; share that pack instead ('haven pack list' shows where it came from)\n")
        assertRefused(["pack", "export", "--name", "naps"], stderr: "haven: error: naps already exists; give another "
            + "--out, or move it away\n")
    }
}
