import Foundation
@testable import HavenCLI
import HavenCore
@testable import HavenPresentation
import HavenRuntime
import TestSupport
import XCTest

/// `haven report` (SPEC §10): the view-model's values for a known history,
/// the HTML and its SVGs as parsers see them, hostile names, and the page as
/// a browser draws it.
final class ReportTests: XCTestCase {
    /// Stretching: 28–30 January done, the 31st kept by a joker, 1 February
    /// missed, 2–5 done, the 6th frozen, 7–8 done, today (the 9th) open.
    /// Water: 3, 10 and 8 glasses on 5, 7 and 8 February.
    private func knownHome() -> (TemporaryDirectory, [String: String]) {
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "extends: core/stretching\nrewards: { earn_every: 3, max: 1 }\n",
            "trackers/water.yaml": "extends: core/water\n",
        ])
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-02-09 08:00", "TZ": "UTC", "NO_COLOR": "1"]
        for day in ["01-28", "01-29", "01-30", "02-02", "02-03", "02-04", "02-05", "02-07", "02-08"] {
            XCTAssertEqual(HavenProcess.run(["log", "stretching", "--at", "2026-\(day) 09:00"], environment: env).status, 0)
        }
        XCTAssertEqual(HavenProcess.run(["skip", "stretching", "2026-02-06"], environment: env).status, 0)
        for (day, glasses) in [("02-05", "3"), ("02-07", "10"), ("02-08", "8")] {
            XCTAssertEqual(HavenProcess.run(["log", "water", glasses, "--at", "2026-\(day) 10:00"], environment: env).status, 0)
        }
        return (home, env)
    }

    private func model(_ home: TemporaryDirectory, from: String, to: String, language: String = "en") throws -> ReportModel {
        let session = try Sessions.open(home.path, now: "2026-02-09 08:00")
        var (data, failures) = try ReportCommand.gather(session, session.orderedTrackers(), from: Day(from)!, to: Day(to)!)
        XCTAssertEqual(failures, [])
        try ReportCommand.addInsights(&data, session, from: Day(from)!, to: Day(to)!, language: language)
        return ReportModel(data, settings: ReportSettings(from: Day(from)!, to: Day(to)!, language: language,
                                                          generated: "Made by Haven on 2026-02-09 08:00"))
    }

    func testHeatMapScoreAndStreaksForAKnownHistory() throws {
        let (home, _) = knownHome()
        let report = try model(home, from: "2026-01-26", to: "2026-02-09")
        XCTAssertEqual(report.trackers.map(\.name), ["Stretching", "Drink Water"])
        let stretching = report.trackers[0], water = report.trackers[1]

        // One map: the 53 weeks ending with the week of 9 February (a Monday),
        // drawn from the range's first day; Monday on top.
        XCTAssertEqual(stretching.heatMaps.count, 1)
        let map = stretching.heatMaps[0]
        XCTAssertEqual(map.cells.count, 15)
        XCTAssertEqual(map.cells.map(\.classes), [
            "o-none", "o-none", "o-success", "o-success", "o-success", "o-healed", "o-broken",
            "o-success", "o-success", "o-success", "o-success", "o-frozen", "o-success", "o-success", "o-pending",
        ])
        XCTAssertEqual(map.cells.first.map { [$0.x, $0.y] }, [30 + 50 * 13, 18])
        XCTAssertEqual(map.cells[6].title, "2026-02-01 · broken")
        XCTAssertEqual(map.cells[2].title, "2026-01-28 · success · 1 entry")
        XCTAssertEqual(map.cells.last.map { [$0.x, $0.y] }, [30 + 52 * 13, 18])
        // January starts too late in the first column to be named there.
        XCTAssertEqual(map.months, [ReportModel.Label(x: 30 + 50 * 13, y: 12, text: "Feb")])
        XCTAssertEqual(map.table, [
            .init(month: "2026-01", counts: [3, 1, 0, 0, 0, 0]), .init(month: "2026-02", counts: [6, 0, 1, 1, 0, 1]),
        ])

        // A count's successful days are shaded by the quarter of their sum among the days with one (3, 8, 10 glasses).
        XCTAssertEqual(water.heatMaps[0].cells.filter { $0.classes != "o-none" }.map(\.classes),
                       ["o-broken", "o-broken", "o-success q3", "o-success q2", "o-pending"])
        XCTAssertEqual(water.heatMaps[0].cells[10].title, "2026-02-05 · broken · 3 glasses")

        // The score after each day from the first (28 January): x over the range, y from 100% down to 0%.
        XCTAssertEqual(stretching.score.points,
                       "133,114 179,109 226,104 272,105 319,105 365,100 411,96 458,91 504,87 551,87 597,83 644,79 690,81")
        XCTAssertEqual([stretching.score.now, stretching.score.change30, stretching.score.change365], ["35.1%", "–", "–"])
        XCTAssertEqual(stretching.score.grid.map(\.text), ["0%", "25%", "50%", "75%", "100%"])
        XCTAssertTrue(stretching.summary.hasSuffix(" · score 35.1%"), stretching.summary)
        // One share style in each language: a decimal comma and a space before % in German.
        let german = try model(home, from: "2026-01-26", to: "2026-02-09", language: "de").trackers[0]
        XCTAssertEqual(german.score.now, "35,1 %")
        XCTAssertEqual(german.score.grid.map(\.text), ["0 %", "25 %", "50 %", "75 %", "100 %"])
        XCTAssertTrue(german.summary.hasSuffix(" · Stärke 35,1 %"), german.summary)
        XCTAssertEqual(stretching.streaks.bars.map(\.label),
                       ["7 days · 2026-02-02 – 2026-02-08", "4 days · 2026-01-28 – 2026-01-31"])
        XCTAssertEqual(stretching.streaks.bars.map(\.width), [440, 251])
        XCTAssertEqual(stretching.weekdays.tableRows.map(\.cells),
                       [["Mo", "1"], ["Tu", "1"], ["We", "2"], ["Th", "2"], ["Fr", "1"], ["Sa", "1"], ["Su", "1"]])
        XCTAssertEqual(water.totals.bars.map(\.title), ["week of 2026-01-26: 0 glasses", "week of 2026-02-02: 21 glasses",
                                                        "week of 2026-02-09: 0 glasses"])
        // 8 glasses a day: 56 a week, drawn at the top of a chart whose largest value it is.
        XCTAssertEqual(water.totals.goal, ReportModel.GoalLine(y: 12, x2: 112, label: "goal 56"))
        // Bar charts carry a scale (their top value and 0) and, where a bar is wide enough, its value.
        XCTAssertEqual(water.totals.scale.map(\.text), ["56", "0"])
        XCTAssertEqual(water.totals.bars.map(\.value), ["0", "21", "0"])
        XCTAssertEqual(stretching.weekdays.scale.map(\.text), ["2", "0"])
        XCTAssertEqual(stretching.weekdays.bars.map(\.value), ["1", "1", "2", "2", "1", "1", "1"])
        XCTAssertEqual(report.overview.rows.map(\.name), ["Stretching", "Drink Water"])
        XCTAssertEqual(Array(report.overview.rows[1].cells.map(\.classes).suffix(6)),
                       ["o-none", "o-broken", "o-broken", "o-success q3", "o-success q2", "o-pending"])
    }

    func testWhenAndWhyForAKnownHistory() throws {
        let (home, _) = knownHome()
        let report = try model(home, from: "2026-01-26", to: "2026-02-09")
        let stretching = try XCTUnwrap(report.trackers[0].when), water = try XCTUnwrap(report.trackers[1].when)
        XCTAssertEqual(stretching.title, "When and why")
        XCTAssertEqual([stretching.width, stretching.height], [30 + 24 * 14, 14 + 7 * 14])
        XCTAssertEqual(stretching.cells.count, 7 * 24)
        // At 09:00 on nine days: twice on Wednesdays and Thursdays, once on the other days.
        XCTAssertEqual(stretching.cells.filter { $0.classes != "w0" }.map { "\($0.classes) \($0.title)" }, [
            "w2 Mondays 9–10 h (1)", "w2 Tuesdays 9–10 h (1)", "w4 Wednesdays 9–10 h (2)", "w4 Thursdays 9–10 h (2)",
            "w2 Fridays 9–10 h (1)", "w2 Saturdays 9–10 h (1)", "w2 Sundays 9–10 h (1)",
        ])
        XCTAssertEqual(stretching.cells[24 + 9].x, 30 + 9 * 14)
        XCTAssertEqual(stretching.cells[24 + 9].y, 14 + 14)
        XCTAssertEqual(stretching.sentences, ["Most often on Wednesdays 9–10 h (2) and Thursdays 9–10 h (2)."])
        XCTAssertEqual(stretching.tableRows[2].cells, ["Wed", "0", "0", "2", "0", "0", "0"])
        // Water's glasses: 3, 10 and 8, one entry in each hour.
        XCTAssertEqual(water.cells.filter { $0.classes != "w0" }.map(\.classes), ["w2", "w4", "w4"])
        XCTAssertEqual(water.sentences, ["No hour stands out yet: none holds more than one entry."])
        XCTAssertEqual(water.triggers, [])
        // In German, every word of it.
        let german = try XCTUnwrap(try model(home, from: "2026-01-26", to: "2026-02-09", language: "de").trackers[0].when)
        XCTAssertEqual(german.title, "Wann und warum")
        XCTAssertEqual(german.label, "Dehnen, 2026-01-26 bis 2026-02-09: Momente nach Wochentag und Stunde")
        XCTAssertEqual(german.sentences, ["Am häufigsten mittwochs 9–10 Uhr (2) und donnerstags 9–10 Uhr (2)."])
        XCTAssertEqual(german.cells[24 + 9].title, "dienstags 9–10 Uhr (1)")
        XCTAssertEqual(german.tableRows[2].cells.first, "Mi")
    }

    /// Element names HTML 5 and SVG have that libxml2's HTML parser (HTML 4)
    /// does not know: `xmllint --html` names each as "Tag … invalid" and
    /// still exits 0. Any other message is a real error.
    static let html5Tags: Set<String> = ["svg", "defs", "pattern", "rect", "line", "polyline", "text", "header", "main",
                                         "section", "figure", "figcaption", "footer", "details", "summary"]

    func testTheHTMLParsesEverySVGIsXMLAndAHostileNameIsText() throws {
        let (home, env) = knownHome()
        home.write(["trackers/evil.yaml": "name: \"<script>alert(1)</script> & Co\"\nicon: \"<b>\"\n"])
        XCTAssertEqual(HavenProcess.run(["log", "evil", "--at", "2026-02-08 09:00", "--trigger", "<img src=x onerror=alert(1)>"],
                                        environment: env).status, 0)
        let run = HavenProcess.run(["report", "--out", "r.html"], environment: env, directory: home.path)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(run.stdout, "Wrote r.html (3 trackers, \(try kilobytes(home.path + "/r.html")) KB); open it in a browser.\n")
        XCTAssertEqual(run.status, 0)
        let html = try String(contentsOfFile: home.path + "/r.html", encoding: .utf8)

        let lint = Shell.run("xmllint", ["--html", "--noout", home.path + "/r.html"])
        XCTAssertEqual(lint.status, 0)
        let problems = lint.stderr.split(separator: "\n").filter { $0.contains("error") || $0.contains("warning") }
            .filter { line in
                guard let range = line.range(of: #"Tag (\w+) invalid"#, options: .regularExpression) else { return true }
                let tag = line[range].dropFirst(4).dropLast(8)
                return !ReportTests.html5Tags.contains(String(tag))
            }
        XCTAssertEqual(problems, [])

        let svgs = html.components(separatedBy: "<svg").dropFirst().map { "<svg" + $0.components(separatedBy: "</svg>")[0] + "</svg>" }
        XCTAssertEqual(svgs.count, 1 + 6 + 1 + 3 * 6)
        for svg in svgs {
            let check = Shell.run("xmllint", ["--noout", "-"], input: svg)
            XCTAssertEqual(check.status, 0, check.stderr + String(svg.prefix(200)))
        }

        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertTrue(html.contains("<h2><span class=\"icon\" aria-hidden=\"true\">&lt;b&gt;</span> "
            + "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</h2>"))
        // The overview shortens long names; the tooltips keep them whole.
        XCTAssertTrue(html.contains("dy=\"9\">&lt;script&gt;alert(1)&lt;/scrip…</text>"))
        // Every chart has a label and a table.
        XCTAssertEqual(html.components(separatedBy: "role=\"img\" aria-label=\"").count - 1, 1 + 3 * 6)
        XCTAssertEqual(html.components(separatedBy: "<table>").count - 1, 3 * 6)
        // "When and why": a hostile trigger is text too.
        XCTAssertTrue(html.contains("<li>&lt;img src=x onerror=alert(1)&gt;: 1 (0 before)</li>"))
        XCTAssertEqual(html.components(separatedBy: "<figure class=\"when\">").count - 1, 3)
    }

    /// Headless Chromium draws the page: its size, and the success colour
    /// in the heat map, the score line's colour, the page's white.
    func testChromiumDrawsTheReport() throws {
        try requirePrograms("chromium")
        let (home, env) = knownHome()
        XCTAssertEqual(HavenProcess.run(["report", "stretching", "--from", "2026-01-26", "--out", "r.html"],
                                        environment: env, directory: home.path).status, 0)
        let png = home.path + "/r.png"
        let chromium = Shell.run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                              "--force-device-scale-factor=1", "--window-size=800,1000",
                                              "--screenshot=" + png, "file://" + home.path + "/r.html"],
                                 environment: ["HOME": home.path], timeout: 60)
        XCTAssertEqual(chromium.status, 0, chromium.stderr)
        let pixels = try PNGPixels(path: png)
        XCTAssertEqual([pixels.width, pixels.height], [800, 1000])
        XCTAssertEqual(pixels.rgb(x: 5, y: 5), [255, 255, 255])
        // #2e9e5b, the success colour, fills the heat map's squares.
        XCTAssertGreaterThan(pixels.count(of: [0x2E, 0x9E, 0x5B]), 11 * 11 * 8)
        XCTAssertGreaterThan(pixels.count(of: [0x6C, 0xC3, 0xA0]), 50)
        // The whole page: "When and why" draws Wednesday's and Thursday's 9 o'clock in the busiest shade, #4b3a9e.
        let whole = Shell.run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                           "--force-device-scale-factor=1", "--window-size=800,2600",
                                           "--screenshot=" + png, "file://" + home.path + "/r.html"],
                              environment: ["HOME": home.path], timeout: 60)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertGreaterThanOrEqual(try PNGPixels(path: png).count(of: [0x4B, 0x3A, 0x9E]), 2 * 10 * 10)
    }

    func testRangeErrorsAndBrokenTemplatesSayWhatToDo() {
        let (home, env) = knownHome()
        let late = HavenProcess.run(["report", "--to", "2026-02-10"], environment: env, directory: home.path)
        XCTAssertEqual(late.stderr, "haven: error: --to 2026-02-10 is after today (2026-02-09); leave it out to end today\n")
        XCTAssertEqual(late.status, 65)
        let reversed = HavenProcess.run(["report", "--from", "2026-02-05", "--to", "2026-02-01"], environment: env)
        XCTAssertEqual(reversed.stderr, "haven: error: --from 2026-02-05 is after --to 2026-02-01; give the earlier day first\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/haven-report.html"))

        // A pack's template replaces the core's; a broken one is named with its line.
        home.write(["report/style.mustache": "body { color: {{#oops}}red; }\n"])
        let broken = HavenProcess.run(["report"], environment: env, directory: home.path)
        XCTAssertEqual(broken.stderr, "haven: error: \(home.path)/report/style.mustache:2:1: the report template does not "
            + "parse (expectedSectionEnd); check its {{ }} tags: every {{#section}} needs its {{/section}}\n")
        XCTAssertEqual(broken.status, 65)
        let validate = HavenProcess.run(["validate"], environment: env, directory: home.path)
        XCTAssertEqual(validate.stderr, "\(home.path)/report/style.mustache:2:1: error: the report template does not "
            + "parse (expectedSectionEnd); check its {{ }} tags: every {{#section}} needs its {{/section}}\n1 problem found\n")
        XCTAssertEqual(validate.status, 65)
        home.write(["report/style.mustache": "body { color: rebeccapurple; }\n", "report/extra.mustache": "x"])
        let unknown = HavenProcess.run(["report"], environment: env, directory: home.path)
        XCTAssertEqual(unknown.stderr, "haven: error: \(home.path)/report/extra.mustache is not one of the report's "
            + "templates; name it after one of report.mustache, style.mustache, overview.mustache, tracker.mustache, "
            + "heatmap.mustache, score.mustache, streaks.mustache, bars.mustache, when.mustache, or move it out of report/\n")
        try? FileManager.default.removeItem(atPath: home.path + "/report/extra.mustache")
        let styled = HavenProcess.run(["report", "--out", "-"], environment: env, directory: home.path)
        XCTAssertEqual(styled.status, 0)
        XCTAssertTrue(styled.stdout.contains("body { color: rebeccapurple; }"))
        XCTAssertFalse(styled.stdout.contains("--success: #2e9e5b"))
        XCTAssertTrue(styled.stdout.contains("<h2><span class=\"icon\" aria-hidden=\"true\">🤸</span> Stretching</h2>"))
    }

    /// A template may not include itself (it rendered without end, then
    /// crashed) nor hold script: `report` and `validate` refuse it, and
    /// nothing is written.
    func testATemplateThatIncludesItselfOrHoldsScriptIsRefused() {
        let (home, env) = knownHome()
        let cases = [
            ("report/report.mustache", "<html>{{> report}}</html>\n",
             "report/report.mustache includes itself (report → report): a template may not include itself, directly or "
                + "through others; remove the {{> report}} that closes the circle"),
            ("report/heatmap.mustache", "<div>\n{{#cells}}{{> tracker}}{{/cells}}</div>\n",
             "report/heatmap.mustache includes itself (heatmap → tracker → heatmap): a template may not include itself, "
                + "directly or through others; remove the {{> heatmap}} that closes the circle"),
            ("report/style.mustache", "<style>b { }</style>\n<script>alert(1)</script>\n",
             "report/style.mustache:2:1: a report may not hold a <script> element: it is HTML and pictures only, with no "
                + "script and no network (SPEC §10)"),
        ]
        for (file, text, message) in cases {
            home.write([file: text])
            let report = HavenProcess.run(["report"], environment: env, directory: home.path)
            XCTAssertEqual(report.stderr, "haven: error: \(home.path)/\(message)\n", file)
            XCTAssertEqual(report.status, 65, file)
            XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/haven-report.html"), file)
            let validate = HavenProcess.run(["validate"], environment: env, directory: home.path)
            XCTAssertEqual(validate.status, 65, file)
            XCTAssertTrue(validate.stderr.hasPrefix(home.path + "/" + file), validate.stderr)
            try? FileManager.default.removeItem(atPath: home.path + "/" + file)
        }
    }

    private func kilobytes(_ path: String) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        return (size + 1023) / 1024
    }

    /// The picture in the README: four trackers with half a year of a
    /// plausible history, imported, then drawn by Chromium.
    /// `HAVEN_WRITE_SCREENSHOT=1` writes it to docs/report.png.
    func testTheReadmeScreenshot() throws {
        try requirePrograms("chromium")
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "extends: core/stretching\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/meditation.yaml": "extends: core/meditation\n",
        ])
        var lines = [#"{"format":"haven-history","version":1}"#]
        var generator = SeededGenerator(seed: 7)
        let first = Day("2025-09-01")!.number, last = Day("2026-03-09")!.number
        for tracker in ["stretching", "water", "noalc", "meditation"] {
            lines.append(#"{"first_seen":"2025-09-01","kind":"tracker","tracker":"\#(tracker)"}"#)
        }
        var n = 0
        for day in first...last {
            // A habit that takes hold: gaps early on, fewer later.
            let settled = Double(day - first) / Double(last - first)
            func entry(_ tracker: String, _ extra: String) {
                n += 1
                let instant = Int64(day) * 86_400_000 + 19 * 3_600_000
                let stamp = String(instant, radix: 16).leftPadded(12)
                lines.append(#"{"day":"\#(Day(number: day))","instant":\#(instant),"kind":"entry",\#(extra)"source":"cli","#
                    + #""tracker":"\#(tracker)","utc_offset":0,"uuid":"\#(stamp.prefix(8))-\#(stamp.dropFirst(8))-7000-8000-"#
                    + #"\#(String(n, radix: 16).leftPadded(12))","written_at":\#(instant),"zone":"UTC"}"#)
            }
            if Double.random(in: 0...1, using: &generator) < 0.55 + 0.4 * settled { entry("stretching", "") }
            entry("water", #""number":\#(Int.random(in: 4...8, using: &generator) + Int(3 * settled)),"#)
            let drink = Double.random(in: 0...1, using: &generator)
            entry("noalc", #""level":"\#(drink < 0.8 ? "steady" : drink < 0.95 ? "easy" : "wild")","#)
            if Double.random(in: 0...1, using: &generator) < 0.4 + 0.5 * settled {
                entry("meditation", #""number":\#([5, 10, 10, 15, 20].randomElement(using: &generator)!),"#)
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: home.path + "/history.jsonl", atomically: true, encoding: .utf8)
        let env = ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-03-10 08:00", "TZ": "UTC", "NO_COLOR": "1"]
        let imported = HavenProcess.run(["import", "haven", home.path + "/history.jsonl"], environment: env)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let run = HavenProcess.run(["report", "--out", "report.html"], environment: env, directory: home.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let png = home.path + "/report.png"
        let chromium = Shell.run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                              "--force-device-scale-factor=1", "--window-size=820,1500",
                                              "--screenshot=" + png, "file://" + home.path + "/report.html"],
                                 environment: ["HOME": home.path], timeout: 60)
        XCTAssertEqual(chromium.status, 0, chromium.stderr)
        let pixels = try PNGPixels(path: png)
        XCTAssertEqual([pixels.width, pixels.height], [820, 1500])
        // The heat maps' shades of a count's good days, and the broken days' colour.
        for shade: [UInt8] in [[0x2E, 0x9E, 0x5B], [0xD9, 0x70, 0x5A]] {
            XCTAssertGreaterThan(pixels.count(of: shade), 500, "\(shade)")
        }
        if ProcessInfo.processInfo.environment["HAVEN_WRITE_SCREENSHOT"] == "1" {
            try? FileManager.default.removeItem(atPath: Repository.root + "/docs/report.png")
            try FileManager.default.copyItem(atPath: png, toPath: Repository.root + "/docs/report.png")
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
