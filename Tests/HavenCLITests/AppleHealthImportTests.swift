import Foundation
import HavenCore
import TestSupport
import XCTest

/// `haven import apple-health` (SPEC §9): the origin app's NoAlc history,
/// kept in Apple Health by two apps, brought into Haven.
final class AppleHealthImportTests: XCTestCase {
    private let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
    private let mindful = "HKCategoryTypeIdentifierMindfulSession"
    private let water = "HKQuantityTypeIdentifierDietaryWater"
    private var home: TemporaryDirectory!
    private var folder: TemporaryDirectory!
    private let first = AppleHealthFixture.noAlcFirst
    private let last = AppleHealthFixture.noAlcLast

    override func setUp() {
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        folder = TemporaryDirectory()
    }

    @discardableResult
    private func haven(_ arguments: [String], in other: TemporaryDirectory? = nil, input: String? = nil)
        -> HavenProcess.Result {
        // Lagos keeps +01:00 all year, as the export's dates do.
        HavenRun(home: (other ?? home).path, now: "2026-11-01 10:00", zone: "Africa/Lagos", directory: folder.path).run(arguments, input: input)
    }

    private func drinksOn(_ day: Day) -> Int { AppleHealthFixture.drinks(on: day) }

    private func level(_ drinks: Int) -> String { drinks >= 6 ? "wild" : drinks >= 4 ? "easy" : "steady" }

    private func export() -> String { AppleHealthFixture.noAlcYears() }

    func testTheOriginAppsNoAlcHistoryFromTwoSourcesImportsAsTheSameLevelsAndStreak() throws {
        try AppleHealthFixture.zip(export(), to: folder.path + "/export.zip")
        let dry = haven(["import", "apple-health", "export.zip", "--dry-run"])
        XCTAssertEqual(dry.stdout, """
            Would import 1,096 entries on 1,096 days from export.zip.
              noalc: 1,096 entries from 1,234 records of \(drinks)
            Not imported: 11 records.
              11 HKQuantityTypeIdentifierStepCount: a type Haven does not read
            Sources: NoAlc (1,096), Drinks (138); '--source NAME' reads only those you name.
            Nothing was written.

            """, dry.stderr)
        XCTAssertEqual(haven(["entries", "noalc", "--days", "5000"]).stdout, "No entries for noalc in the last 5000 days.\n")

        let imported = haven(["import", "apple-health", "export.zip"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Imported 1,096 entries on 1,096 days from export.zip.\n"),
                      imported.stdout)
        let again = haven(["import", "apple-health", "export.zip"])
        XCTAssertTrue(again.stdout.hasPrefix("Imported 0 entries on 0 days from export.zip; 1,096 entries were "
            + "already here.\n"), again.stdout)

        // Each evening's sum, read back through the level set's health_range.
        let history = try JSONSerialization.jsonObject(with: Data(haven(["history", "noalc", "--from", "2023-11-01",
                                                                         "--json"]).stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(history.count, 1096)
        let entries = haven(["entries", "noalc", "--days", "1100", "--json"])
        let levels = try JSONSerialization.jsonObject(with: Data(entries.stdout.utf8)) as! [[String: Any]]
        var expected: [String: String] = [:]
        var day = first
        while day <= last {
            expected[day.description] = level(drinksOn(day))
            day = day.adding(days: 1)
        }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: levels.map { ($0["day"] as! String, $0["value"] as! String) }),
                       expected)
        XCTAssertEqual(Set(levels.map { $0["source"] as! String }), ["import:apple-health"])
        XCTAssertEqual(levels.first { $0["day"] as? String == "2026-10-20" }?["at"] as? String,
                       "2026-10-20T21:30:00+01:00", "the latest record's own instant and offset")

        // Three years without a break (every easy or wild evening healed by a
        // joker), until six wild evenings in a row: three healed with the three
        // jokers held, then the streak broke.
        let tail = history.filter { ($0["day"] as! String) >= "2026-09-19" }
            .map { "\($0["day"]!) \($0["outcome"]!) \($0["streak"]!) \($0["jokers"]!)" }
        XCTAssertEqual(Array(tail.prefix(8)), [
            "2026-09-19 success 1037 3", "2026-09-20 healed 1038 2", "2026-09-21 healed 1039 1",
            "2026-09-22 healed 1040 0", "2026-09-23 broken 0 0", "2026-09-24 broken 0 0", "2026-09-25 broken 0 0",
            "2026-09-26 success 1 0",
        ])
        XCTAssertEqual(tail.first { $0.hasPrefix("2026-10-20") }, "2026-10-20 healed 25 2")
        let streak = try JSONSerialization.jsonObject(with: Data(haven(["streak", "noalc", "--json"]).stdout.utf8))
            as! [String: Any]
        XCTAssertEqual(streak["current"] as? Int, 36)
        XCTAssertEqual(streak["today"] as? String, "success")
        // Earned on days 7, 14, 21 and 28 (none past the three held), one spent on the easy evening.
        XCTAssertEqual(streak["jokers"] as? [String: Int], ["available": 3, "earned": 4, "used": 1])

        // Logged by hand, evening by evening, the same levels give the same history.
        let byHand = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        var script = ""
        day = first
        while day <= last {
            script += "log noalc \(level(drinksOn(day))) --at \"\(day) 21:00\"\n"
            day = day.adding(days: 1)
        }
        XCTAssertEqual(haven([], in: byHand, input: script).status, 0)
        XCTAssertEqual(haven(["history", "noalc", "--from", "2023-11-01", "--json"], in: byHand).stdout,
                       haven(["history", "noalc", "--from", "2023-11-01", "--json"]).stdout)
        XCTAssertEqual(haven(["streak", "noalc", "--json"], in: byHand).stdout, haven(["streak", "noalc", "--json"]).stdout)
    }

    func testOneSourceOnlyAndADayWhoseRecordsChangedIsReplaced() throws {
        let evening = { (extra: String) in
            AppleHealthFixture.document(
                AppleHealthFixture.record(self.drinks, source: "NoAlc", start: "2026-10-30 00:00:00 +0100", value: "2")
                    + AppleHealthFixture.record(self.drinks, source: "Drinks", start: "2026-10-30 21:30:00 +0100",
                                                value: "2") + extra)
        }
        try evening("").write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        let only = haven(["import", "apple-health", "export.xml", "--source", "NoAlc"])
        XCTAssertEqual(only.stdout, """
            Imported 1 entry on 1 day from export.xml.
              noalc: 1 entry from 1 record of \(drinks)
            Not imported: 1 record.
              1 from 'Drinks': not a --source you named

            """, only.stderr)
        XCTAssertEqual(haven(["entries", "noalc", "--days", "3"]).stdout, "#1   2026-10-30 00:00   day 2026-10-30   steady\n")

        // Both sources: the evening's sum is 4, easy; the steady day imported before goes.
        let both = haven(["import", "apple-health", "export.xml"])
        XCTAssertTrue(both.stdout.hasPrefix("Imported 1 entry on 1 day from export.xml, replacing 1 day imported "
            + "before.\n"), both.stdout)
        XCTAssertEqual(haven(["entries", "noalc", "--days", "3"]).stdout, "#2   2026-10-30 21:30   day 2026-10-30   easy\n")

        // A later export with one more drink that evening: wild, in place of easy.
        try evening(AppleHealthFixture.record(drinks, source: "Drinks", start: "2026-10-30 23:00:00 +0100", value: "2"))
            .write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        XCTAssertTrue(haven(["import", "apple-health", "export.xml"]).stdout.hasPrefix(
            "Imported 1 entry on 1 day from export.xml, replacing 1 day imported before.\n"))
        XCTAssertEqual(haven(["entries", "noalc", "--days", "3"]).stdout, "#3   2026-10-30 23:00   day 2026-10-30   wild\n")
    }

    func testMindfulMinutesAndWaterGoToTheirTrackers() throws {
        home.write(["trackers/meditation.yaml": "extends: core/meditation\n", "trackers/water.yaml": "extends: core/water\n"])
        let xml = AppleHealthFixture.document(
            AppleHealthFixture.record(mindful, source: "Breathe", start: "2026-10-31 07:00:00 +0100",
                                      end: "2026-10-31 07:10:30 +0100", value: "HKCategoryValueNotApplicable")
                + AppleHealthFixture.record(mindful, source: "Breathe", start: "2026-10-31 08:00:00 +0100",
                                            end: "2026-10-31 08:00:00 +0100", value: "HKCategoryValueNotApplicable")
                + ["08:00:00", "11:00:00", "15:00:00"].map {
                    AppleHealthFixture.record(water, source: "WaterMinder", start: "2026-10-31 \($0) +0100", value: "330",
                                              unit: "mL")
                }.joined()
                + AppleHealthFixture.record(water, source: "WaterMinder", start: "2026-10-31 18:00:00 +0100",
                                            value: "0.5", unit: "L")
                + AppleHealthFixture.record(water, source: "WaterMinder", start: "2026-10-31 19:00:00 +0100",
                                            value: "12", unit: "hogshead"))
        try xml.write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        let result = haven(["import", "apple-health", "export.xml", "--ml-per-unit", "300"])
        XCTAssertEqual(result.stdout, """
            Imported 5 entries on 1 day from export.xml.
              meditation: 1 entry from 2 records of \(mindful)
              water: 4 entries from 5 records of \(water)
            Not imported: 2 records.
              1 \(mindful): nothing to log (a zero, or a session without length)
              1 \(water): '12' is not an amount Haven reads
            Sources: WaterMinder (5), Breathe (2); '--source NAME' reads only those you name.

            """, result.stderr)
        // 330 + 330 + 330 + 500 mL is 1,490 mL: five glasses of 300 mL, handed out record by record.
        XCTAssertEqual(haven(["entries", "water", "--days", "2"]).stdout, """
            #2   2026-10-31 08:00   day 2026-10-31   1
            #3   2026-10-31 11:00   day 2026-10-31   1
            #4   2026-10-31 15:00   day 2026-10-31   1
            #5   2026-10-31 18:00   day 2026-10-31   2

            """)
        XCTAssertEqual(haven(["entries", "meditation", "--days", "2"]).stdout, "#1   2026-10-31 07:00   day 2026-10-31   10.5\n")
    }

    /// A bar on a terminal while the export is read (drawn at once here,
    /// after a second otherwise), ending full before the summary; nothing
    /// on a pipe.
    func testProgressShowsOnATerminalOnly() throws {
        try export().write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        let piped = HavenProcess.run(["import", "apple-health", "export.xml", "--dry-run"],
                                     environment: ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-11-01 10:00",
                                                   "HAVEN_PROGRESS_DELAY": "0"], directory: folder.path)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.stderr, "")
        let size = try FileManager.default.attributesOfItem(atPath: folder.path + "/export.xml")[.size] as! Int
        let megabytes = String(format: "%.1f", Double(size) / 1_000_000)
        let terminal = try Terminal(["/bin/sh", "-c", "cd '\(folder.path)' && \(HavenProcess.binary) import apple-health "
                                        + "export.xml --dry-run; sleep 30"],
                                    environment: ["HAVEN_HOME": home.path, "HAVEN_NOW": "2026-11-01 10:00",
                                                  "HAVEN_PROGRESS_DELAY": "0", "TERM": "xterm-256color", "TZ": "UTC"])
        let screen = try terminal.wait(for: "Nothing was written.")
        XCTAssertTrue(screen.hasPrefix("Reading export.xml [####################] 100%  \(megabytes) of \(megabytes) MB\n"
            + "Would import 1,096 entries on 1,096 days from export.xml.\n"), screen)
    }

    func testBadInputIsRefusedAndNothingIsWritten() throws {
        home.write(["trackers/walk.yaml": "name: Walk\n"])
        let lines = AppleHealthFixture.prologue.split(separator: "\n", omittingEmptySubsequences: false).count
        let good = AppleHealthFixture.record(drinks, source: "NoAlc", start: "2026-10-31 00:00:00 +0100", value: "0")
        try AppleHealthFixture.document(good + good.replacingOccurrences(of: "2026-10-31 00:00:00", with: "2026-10-31 25:00:00"))
            .write(toFile: folder.path + "/export.xml", atomically: true, encoding: .utf8)
        try AppleHealthFixture.zip(AppleHealthFixture.prologue + good + good, to: folder.path + "/cut.zip")
        let cases: [([String], Int32, String)] = [
            (["cut.zip"], 65, "haven: error: cut.zip: apple_health_export/export.xml:\(lines + 1): the file ends inside an "
                + "element: it was cut short; export it from Health again; nothing was imported\n"),
            (["export.xml"], 65, "haven: error: export.xml:\(lines + 1): the startDate '2026-10-31 25:00:00 +0100' is not written "
                + "YYYY-MM-DD HH:MM:SS +HHMM; nothing was imported\n"),
            (["missing.zip"], 66, "haven: error: no such file or folder: missing.zip\n"),
            (["export.xml", "--tracker", "walk"], 65, "haven: error: walk takes no Apple Health type Haven imports (it has no "
                + "'health:'); give --tracker a tracker whose health type is \(drinks), \(mindful), \(water), or leave "
                + "--tracker out\n"),
            (["export.xml", "--ml-per-unit", "0"], 65, "haven: error: --ml-per-unit takes the millilitres of one unit, like "
                + "--ml-per-unit 250\n"),
        ]
        for (arguments, status, message) in cases {
            let result = haven(["import", "apple-health"] + arguments)
            XCTAssertEqual(result.status, status, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(haven(["entries", "noalc", "--days", "5"]).stdout, "No entries for noalc in the last 5 days.\n")
    }
}
