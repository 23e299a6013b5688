import Foundation
import TestSupport
import XCTest

/// `new`: answers in, a commented tracker file out, which validates.
final class NewCommandTests: XCTestCase {
    private func new(_ answers: String, _ home: TemporaryDirectory) -> HavenProcess.Result {
        HavenProcess.run(["new"], environment: ["HAVEN_HOME": home.path, "NO_COLOR": "1"], input: answers)
    }

    func testPipedAnswersWriteFilesThatValidate() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let walk = new("Evening walk\n\n🚶\n\n\nweek\n3\n4\n", home)
        XCTAssertEqual(walk.stdout, "Created \(home.path)/trackers/evening-walk.yaml; log it with: haven log evening-walk\n",
                       walk.stderr)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/trackers/evening-walk.yaml", encoding: .utf8), """
            # Created with 'haven new'. Every key is explained in the README.
            name: Evening walk
            icon: 🚶
            type: good
            input: check
            streak:
              period: week
              times: 3                  # successful days per week
            rewards: { earn_every: 4, max: 3 }   # a joker heals a missed day

            """)
        XCTAssertEqual(new("Late snacks\nsnacks\n🍫\nsaboteur\navoidance\ncount\npieces\nat most 2\n\n\n", home).status, 0)
        XCTAssertEqual(new("Calm\n\n\n\nlevels\ncalm,slip\n\n7\n", home).status, 0)
        for id in ["evening-walk", "snacks", "calm"] {
            let check = HavenProcess.run(["validate", home.path + "/trackers/\(id).yaml"])
            XCTAssertEqual(check.status, 0, "\(id): \(check.stderr)")
        }
        let trackers = HavenProcess.run(["trackers", "--json"], environment: ["HAVEN_HOME": home.path]).stdout
        for id in ["evening-walk", "snacks", "calm", "noalc"] { XCTAssertTrue(trackers.contains("\"id\": \"\(id)\""), id) }
    }

    func testAWrongPipedAnswerWritesNothing() {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n"])
        let result = new("Bad\n\n\ngoood\n", home)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "haven: error: Type (good, saboteur): one of good, saboteur (did you mean 'good'?)\n")
        let taken = new("NoAlc\nnoalc\n", home)
        XCTAssertEqual(taken.stderr, "haven: error: Id: 'noalc' is taken; choose another\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/trackers"), ["noalc.yaml"])
    }
}
