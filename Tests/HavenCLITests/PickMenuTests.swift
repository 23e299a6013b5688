import Foundation
import TestSupport
import XCTest

/// `haven pick` on a desktop (SPEC §15): rofi, wofi, fuzzel and dmenu are
/// stand-ins on PATH that record their arguments and the lines they were
/// given and answer a chosen line; with no terminal attached, the reply
/// is a notification (the suite's fake notification server).
final class PickMenuTests: NotificationBusTestCase {
    override var trackerFiles: [String: String] {
        [
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
            "menus/stand-in": """
                #!/bin/sh
                name=$(basename "$0")
                printf '%s\\n' "$@" > "$MENU_LOG/$name.args"
                cat > "$MENU_LOG/$name.stdin"
                answer="$MENU_ANSWER"
                case " $* " in *" Trigger "*) answer="$MENU_TRIGGER" ;; esac
                [ -n "$answer" ] || exit 1
                printf '%s\\n' "$answer"

                """,
        ]
    }

    private var menus: String { home.path + "/menus" }

    /// The stand-ins named, each a link to the one script.
    private func install(_ names: [String]) throws {
        chmod(menus + "/stand-in", 0o755)
        for name in names { try FileManager.default.createSymbolicLink(atPath: menus + "/" + name, withDestinationPath: "stand-in") }
    }

    private func pick(_ arguments: [String] = [], desktop: [String: String], answer: String,
                      trigger: String = "") -> HavenProcess.Result {
        HavenProcess.run(["pick"] + arguments, environment: at("16:20").merging(desktop) { $1 }.merging([
            "PATH": menus + ":/usr/bin:/bin", "MENU_LOG": menus, "MENU_ANSWER": answer, "MENU_TRIGGER": trigger]) { $1 })
    }

    private func recorded(_ name: String) -> (arguments: String, lines: String) {
        ((try? String(contentsOfFile: menus + "/\(name).args", encoding: .utf8)) ?? "",
         (try? String(contentsOfFile: menus + "/\(name).stdin", encoding: .utf8)) ?? "")
    }

    static let lines = "📱 Doomscrolling · noticed\n🤸 Stretching · done\n💧 Drink Water · +1 (0/8)\n"

    func testEachDesktopMenuGetsItsOwnArgumentsAndTheReplyComesAsANotification() throws {
        try install(["rofi", "wofi", "fuzzel", "dmenu"])
        let x11 = ["DISPLAY": ":0"], wayland = ["WAYLAND_DISPLAY": "wayland-1"]
        // The first menu that fits: rofi on X11; on Wayland too, when it is there.
        var run = pick(desktop: x11, answer: "💧 Drink Water · +1 (0/8)")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("rofi").arguments, "-dmenu\n-i\n-p\nLog\n-no-custom\n")
        XCTAssertEqual(recorded("rofi").lines, PickMenuTests.lines)
        run = pick(["--menu", "wofi"], desktop: wayland, answer: "🤸 Stretching · done")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("wofi").arguments, "--dmenu\n--insensitive\n--prompt\nLog\n")
        run = pick(["--menu", "fuzzel"], desktop: wayland, answer: "💧 Drink Water · +1 (1/8)")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("fuzzel").arguments, "--dmenu\n--prompt\nLog › \n")
        XCTAssertEqual(recorded("fuzzel").lines, "💧 Drink Water · +1 (1/8)\n📱 Doomscrolling · noticed\n🤸 Stretching · done\n",
                       "water, logged at this hour, comes first; a check done today goes to the end")
        run = pick(["--menu", "dmenu"], desktop: x11, answer: "📱 Doomscrolling · noticed")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("dmenu").arguments, "-i\n-l\n20\n-p\nLog\n")

        XCTAssertEqual(entries("water").map { "\($0["value"] ?? "") \($0["source"] ?? "")" }, ["1 quick", "1 quick"])
        XCTAssertEqual(entries("stretching").map { $0["source"] as? String }, ["quick"])
        XCTAssertEqual(entries("doomscrolling").map { $0["source"] as? String }, ["quick"])
        try waitFor { self.notifications().count == 4 }
        XCTAssertEqual(notifications().map(\.summary), ["Haven", "Haven", "Haven", "Haven"])
        XCTAssertEqual(notifications().map(\.body), [
            "Drink Water: 1/8 glasses today · streak 0", "Stretching: done today · streak 1",
            "Drink Water: 2/8 glasses today · streak 0", "Doomscrolling: noticed 1× today · streak 1",
        ])
    }

    func testWaylandWithoutRofiTakesWofiAndLeavingTheMenuLogsNothing() throws {
        try install(["wofi", "fuzzel", "dmenu"])
        let run = pick(desktop: ["WAYLAND_DISPLAY": "wayland-1"], answer: "")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(recorded("wofi").lines, PickMenuTests.lines)
        XCTAssertEqual(recorded("fuzzel").arguments, "", "only the first that fits runs")
        XCTAssertEqual(entries("water").count + entries("stretching").count + entries("doomscrolling").count, 0)
        XCTAssertEqual(notifications().count, 0)
    }

    func testTriggerMenuOffersRecentTriggersAndTakesATypedOne() throws {
        try install(["rofi"])
        for (time, trigger) in [("09:00", "boredom"), ("10:00", "after work"), ("11:00", "boredom")] {
            XCTAssertEqual(HavenProcess.run(["log", "doomscrolling", "--trigger", trigger], environment: at(time)).status, 0)
        }
        var run = pick(["--then", "trigger"], desktop: ["DISPLAY": ":0"], answer: "📱 Doomscrolling · noticed",
                       trigger: "after work")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("rofi").arguments, "-dmenu\n-i\n-p\nTrigger\n", "free text allowed")
        XCTAssertEqual(recorded("rofi").lines, "boredom\nafter work\n", "the most recent first, each once")
        // A trigger typed, not offered; then the trigger menu left: the moment is logged without one.
        run = pick(["--then", "trigger"], desktop: ["DISPLAY": ":0"], answer: "📱 Doomscrolling · noticed", trigger: "lonely")
        XCTAssertEqual(run.status, 0, run.stderr)
        run = pick(["--then", "trigger"], desktop: ["DISPLAY": ":0"], answer: "📱 Doomscrolling · noticed")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(recorded("rofi").lines, "lonely\nafter work\nboredom\n")
        XCTAssertEqual(entries("doomscrolling").map { $0["trigger"] as? String },
                       ["boredom", "after work", "boredom", "after work", "lonely", nil])
    }

    func testNoMenuProgramSaysWhatToInstall() {
        let run = HavenProcess.run(["pick"], environment: at("16:20").merging(["PATH": menus, "DISPLAY": ":0"]) { $1 })
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stderr, "haven: error: haven pick needs a menu program and found none of fzf, rofi, wofi, fuzzel, "
            + "dmenu that works here; install rofi, wofi or fuzzel (Debian: apt install rofi), or fzf for a terminal; or "
            + "list the actions with haven pick --print\n")
        XCTAssertEqual(run.stdout, "")
    }
}
