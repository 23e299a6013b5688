@testable import HavenCLI
import HavenCore
import XCTest

/// The REPL's greeting shows a line that logs for a tracker of this home,
/// never `water +1` in a home without water (#30).
final class ReplGreetingTests: XCTestCase {
    private func tracker(_ id: String, _ input: InputKind, levels: [String] = []) -> TrackerDefinition {
        var t = TrackerDefinition(id: id, name: LocalizedText(id), icon: "", input: input,
                                  origin: .init(pack: "local", file: id + ".yaml"))
        if !levels.isEmpty {
            t.levels = LevelSet(reference: nil, levels: levels.map { Level(key: $0, label: LocalizedText($0), effect: .success) })
        }
        return t
    }

    func testTheExampleIsATrackerOfTheHome() {
        XCTAssertEqual(Repl.example([tracker("stretch", .check), tracker("glasses", .count)]), "glasses +1")
        XCTAssertEqual(Repl.example([tracker("stretch", .check), tracker("noalc", .levels, levels: ["steady", "wild"])]),
                       "noalc steady")
        XCTAssertEqual(Repl.example([tracker("stretch", .check)]), "stretch")
        XCTAssertEqual(Repl.example([]), "water +1")
    }
}
