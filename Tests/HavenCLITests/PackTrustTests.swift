import Foundation
import HavenPacks
import TestSupport
import XCTest

/// Trust (SPEC §8, #28 item 10): what a pack brings is asked about before
/// it loads, and again whenever a file that runs or renders changes: its
/// hooks, a Lua file anywhere in the pack, a report template.
final class PackTrustTests: PackTestCase {
    override func setUp() {
        super.setUp()
        sources.write(Self.calm)
    }

    private var changed: String {
        "\(home.path)/packs/calm: error: this pack's code (hooks, Lua files or report templates) changed since you "
            + "trusted it; 'haven pack trust calm' shows it again\n1 problem found\n"
    }

    func testTrustIsGivenAndTakenBackAndChangedHooksAskAgain() {
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        let source = sources.path.replacingOccurrences(of: "//", with: "/") + "/calm"
        XCTAssertEqual(haven(["pack", "untrust", "calm"]).stdout,
                       "calm is no longer trusted: its trackers stop loading until 'haven pack trust calm'.\n")
        let waiting = haven(["status"])
        XCTAssertEqual(waiting.stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\n")
        XCTAssertEqual(waiting.stderr, "haven: the pack calm waits for your trust and loads nothing until then; "
            + "'haven pack trust calm' shows what it brings\n")
        XCTAssertEqual(haven(["validate"]).stderr, "\(home.path)/packs/calm: error: this pack waits for your trust; "
            + "'haven pack trust calm' shows what it brings\n1 problem found\n")
        XCTAssertEqual(haven(["pack", "list"]).stdout, "calm  1.0.0  folder \(source)  ok  waits for trust\n")
        let refused = haven(["pack", "trust", "calm"])
        XCTAssertEqual(refused.status, 77)
        XCTAssertEqual(refused.stderr, "haven: error: calm 1.0.0 from \(home.path)/packs/calm: 2 trackers (tea, walk); hooks "
            + "hooks/tea.lua (on_log); 1 reminder. Trusting a pack lets its trackers go live, its hooks run and "
            + "its templates render. Add --yes to trust it: haven pack trust calm --yes\n")
        XCTAssertEqual(haven(["pack", "trust", "calm", "--yes"]).stdout, "Trusted calm: its trackers are live.\n")
        XCTAssertTrue(haven(["status"]).stdout.contains("Tea "))
        // A hooks file changed after it was trusted never runs until trusted again.
        home.write(["packs/calm/hooks/tea.lua": "function on_log(entry, streak) return 'changed' end\n"])
        XCTAssertEqual(haven(["log", "tea"]).stderr.components(separatedBy: "\n").first,
                       "haven: the pack calm waits for your trust and loads nothing until then; 'haven pack trust calm' "
                        + "shows what it brings")
        XCTAssertEqual(haven(["pack", "list"]).stdout,
                       "calm  1.0.0  folder \(source)  modified locally  code changed since trusted\n")
        XCTAssertEqual(haven(["pack", "trust", "calm", "--yes"]).status, 0)
        XCTAssertEqual(haven(["log", "tea"]).stdout, "Tea: done today · streak 1\nchanged\n")
    }

    func testALuaFileAnywhereAndEveryTemplateAreCoveredByTrust() {
        sources.write(["calm/lib/util.lua": "function on_log(entry, streak) return 'util' end\n",
                       "calm/trackers/walk.yaml": "extends: calm/stroll\nhooks: lib/util.lua\n",
                       "calm/report/style.mustache": "<style>body { color: black; }</style>\n"])
        assertRefused(["pack", "install", "calm"], status: 77, stderr: "haven: error: calm 1.0.0 from calm: 2 trackers "
            + "(tea, walk); hooks hooks/tea.lua (on_log), lib/util.lua (on_log); code report/style.mustache; 1 reminder. "
            + "Trusting a pack lets its trackers go live, its hooks run and its templates render. Add --yes to trust it "
            + "and install: haven pack install calm --yes\n")
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        XCTAssertEqual(haven(["log", "walk"]).stdout, "Stroll: done today · streak 1\nutil\n")
        let source = sourcesPath + "/calm"
        // A Lua file outside hooks/ changed, a new one nothing names yet, a
        // template changed, a template added: each waits for trust again.
        for (path, text) in [("lib/util.lua", "function on_log(entry, streak) return 'changed' end\n"),
                             ("lib/more.lua", "x = 1\n"), ("report/style.mustache", "<style>b { color: red; }</style>\n"),
                             ("report/bars.mustache", "<p>bars</p>\n"), ("templates/extra.mustache", "<p></p>\n")] {
            home.write(["packs/calm/" + path: text])
            XCTAssertEqual(haven(["validate"]).stderr, changed, path)
            XCTAssertEqual(haven(["pack", "list"]).stdout,
                           "calm  1.0.0  folder \(source)  modified locally  code changed since trusted\n", path)
            XCTAssertEqual(haven(["pack", "trust", "calm", "--yes"]).status, 0, path)
            XCTAssertEqual(haven(["validate"]).stderr, "", path)
        }
        // A file that neither runs nor renders changes nothing trust covers.
        home.write(["packs/calm/README.md": "notes\n"])
        XCTAssertEqual(haven(["validate"]).stderr, "")
    }

    /// A lock written before trust covered more than hooks/ keeps its trust
    /// while the pack is as installed; once any file differs, it waits.
    func testALockFromBeforeStillHoldsUntilThePackChanges() throws {
        sources.write(["calm/lib/util.lua": "function on_log(entry, streak) return 'util' end\n",
                       "calm/trackers/walk.yaml": "extends: calm/stroll\nhooks: lib/util.lua\n"])
        XCTAssertEqual(haven(["pack", "install", "calm", "--yes"]).status, 0)
        let root = home.path + "/packs/calm"
        let text = try String(contentsOfFile: lock, encoding: .utf8)
        let code = try PackTrust.hash(root), hooks = try PackHash.hooks(root)
        XCTAssertTrue(text.contains("\"trusted\":\"\(code)\""), text)
        try text.replacingOccurrences(of: code, with: hooks).write(toFile: lock, atomically: true, encoding: .utf8)
        XCTAssertEqual(haven(["validate"]).stderr, "")
        XCTAssertEqual(haven(["log", "walk"]).stdout, "Stroll: done today · streak 1\nutil\n")
        home.write(["packs/calm/lib/util.lua": "function on_log(entry, streak) return 'changed' end\n"])
        XCTAssertEqual(haven(["validate"]).stderr, changed)
        XCTAssertEqual(haven(["pack", "trust", "calm", "--yes"]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: lock, encoding: .utf8).contains("\"trusted\":\"c1:"))
    }

    /// A pack's template is checked before the pack is installed: one
    /// that fetches from the network, or includes itself, is refused and
    /// the home stays as it was.
    func testAPacksTemplateThatFetchesOrIncludesItselfIsRefusedAtInstall() {
        sources.write(["calm/report/bars.mustache": "<p>\n  <img src=\"https://tracker.example/p.gif\">\n</p>\n"])
        let refused = "haven: error: 'calm' was not installed: 1 problem found; nothing in your home changed\n"
        assertRefused(["pack", "install", "calm", "--yes"], stderr: refused + "calm/report/bars.mustache:2:13: error: "
            + "\"https://tracker.example/p.gif\" is a remote address or a script; a report is self-contained (SPEC §10): "
            + "inline the picture as data: or leave it out\n")
        sources.write(["calm/report/bars.mustache": "<p>{{#bars}}{{> tracker}}{{/bars}}</p>\n",
                       "calm/report/tracker.mustache": "<section>{{> bars}}</section>\n"])
        assertRefused(["pack", "install", "calm", "--yes"], stderr: refused + "calm/report/bars.mustache: error: includes "
            + "itself (bars → tracker → bars): a template may not include itself, directly or through others; remove the "
            + "{{> bars}} that closes the circle\n")
    }
}
