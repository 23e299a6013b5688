import Foundation
import TestSupport
import XCTest

/// The built `haven` binary, run as a person would run it.
final class CommandLineTests: XCTestCase {
    func testVersion() {
        let result = HavenProcess.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "0.1.0\n")
    }

    func testFirstRunCreatesTheDefaultsAndSaysSoOnce() throws {
        let home = TemporaryDirectory()
        let path = home.path + "/h"
        let first = HavenProcess.run(["trackers", "--home", path])
        XCTAssertEqual(first.status, 0)
        XCTAssertEqual(first.stderr, "Welcome to Haven. Created \(path)/trackers/noalc.yaml and "
            + "\(path)/trackers/mood.yaml; edit them, or drop more tracker files next to them.\n")
        let noalc = try String(contentsOfFile: path + "/trackers/noalc.yaml", encoding: .utf8)
        XCTAssertTrue(noalc.hasSuffix("extends: core/noalc\n"), noalc)
        XCTAssertTrue(try String(contentsOfFile: path + "/trackers/mood.yaml", encoding: .utf8)
            .hasSuffix("extends: core/mood\n"))
        let second = HavenProcess.run(["trackers", "--home", path])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.stderr, "")
        XCTAssertEqual(second.stdout, """
            id     name   type      input   pack   file
            noalc  NoAlc  saboteur  levels  local  \(path)/trackers/noalc.yaml
            mood   Mood   good      levels  local  \(path)/trackers/mood.yaml

            """)
    }

    func testTrackersJSONInGerman() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/stretch.yaml": "name: Stretch\nicon: \"🤸\"\n"])
        let result = HavenProcess.run(["trackers", "--json", "--lang", "de"], environment: ["HAVEN_HOME": home.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            [
              {
                "id": "stretch",
                "name": "Stretch",
                "icon": "🤸",
                "type": "good",
                "input": "check",
                "pack": "local",
                "file": "\(home.path)/trackers/stretch.yaml",
                "archived": false
              },
              {
                "id": "water",
                "name": "Wasser trinken",
                "icon": "💧",
                "type": "good",
                "input": "count",
                "pack": "local",
                "file": "\(home.path)/trackers/water.yaml",
                "archived": false
              }
            ]

            """)
    }

    func testLangEnvironmentPicksTheLanguage() {
        let home = TemporaryDirectory().write(["trackers/mood.yaml": "extends: core/mood\n"])
        let result = HavenProcess.run(["trackers", "--home", home.path], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertTrue(result.stdout.contains("mood  Stimmung  good"), result.stdout)
    }

    func testShowPrintsTheResolvedDefinition() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\ngoal: { at_least: 6 }\n"])
        let result = HavenProcess.run(["show", "water", "--home", home.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            id: water
            name: { en: Drink Water, de: Wasser trinken }
            icon: 💧
            type: good
            input: count
            unit: { en: glasses, de: Gläser }
            goal: { at_least: 6 }
            day_boundary: "00:00"
            streak:
              period: day
              times: 1
              missing: grace
              relapse: break
              milestones: [7, 30, 100, 365]
            health: { type: HKQuantityTypeIdentifierDietaryWater, unit: mL, per: 250 }
            pinned: false
            pack: local
            file: \(home.path)/trackers/water.yaml
            extends: [core/water]

            """)
    }

    func testShowJSONOfAPreset() throws {
        let home = TemporaryDirectory().write(["trackers/x.yaml": "name: X\n"])
        let result = HavenProcess.run(["show", "core/noalc", "--json", "--home", home.path])
        XCTAssertEqual(result.status, 0)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["day_boundary"] as? String, "18:00")
        XCTAssertEqual(object["pinned"] as? Bool, true)
        XCTAssertEqual((object["rewards"] as? [String: Any])?["earn_every"] as? Int, 7)
        XCTAssertEqual((object["levels"] as? [String: Any])?["set"] as? String, "core/noalc")
    }

    func testUnknownTrackerExits66WithASuggestion() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let result = HavenProcess.run(["show", "watr", "--home", home.path])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "haven: error: no tracker 'watr'; did you mean 'water'? 'haven trackers' lists them\n")
    }

    func testUsageErrorsExit64() {
        let result = HavenProcess.run(["trackers", "--colour"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("haven: error: Unknown option '--colour'"), result.stderr)
    }

    func testValidateReportsEveryProblemAndExits65() {
        let pack = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\ninput: counter\n",
            "trackers/stretch.yaml": "name: Stretch\nstreak: { period: weekly }\n",
            "trackers/fine.yaml": "name: Fine\n",
        ])
        let result = HavenProcess.run(["validate", "."], directory: pack.path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            trackers/stretch.yaml:2:19: error: unknown period 'weekly' (did you mean 'week'?)
                streak: { period: weekly }
                                  ^~~~~~
            trackers/water.yaml:2:8: error: unknown input 'counter' (did you mean 'count'?)
                input: counter
                       ^~~~~~~
            2 problems found

            """)
    }

    func testValidatePathsAreShownAsNamed() {
        let parent = TemporaryDirectory().write(["mypack/trackers/t.yaml": "name: T\ntype: saboter\n"])
        let result = HavenProcess.run(["validate", "mypack/trackers/t.yaml"], directory: parent.path)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.hasPrefix("mypack/trackers/t.yaml:2:7: error: unknown type 'saboter'"),
                      result.stderr)
    }

    func testValidateExamplesAndCorePassFromAnywhere() {
        let elsewhere = TemporaryDirectory()
        let result = HavenProcess.run(["validate", Repository.root + "/examples/digital-wellbeing",
                                       Repository.corePack], directory: elsewhere.path)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "ok: 2 packs, 18 presets, 7 practices, 4 trackers, no problems\n")
    }

    func testValidateOfAMissingPathExits66() {
        let elsewhere = TemporaryDirectory()
        let result = HavenProcess.run(["validate", "nowhere.yaml"], directory: elsewhere.path)
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "haven: error: no such file or folder: nowhere.yaml\n")
    }

    func testBrokenFileIsSkippedAndNamedWhileTheOthersLoad() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "trackers/bad.yaml": "name: [\n"])
        let result = HavenProcess.run(["trackers", "--json", "--home", home.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "haven: skipped 1 file with problems: \(home.path)/trackers/bad.yaml "
            + "(run 'haven validate' for details)\n")
        XCTAssertTrue(result.stdout.contains("\"id\": \"water\""))
    }
}
