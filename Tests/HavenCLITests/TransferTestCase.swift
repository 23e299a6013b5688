import Foundation
import TestSupport
import XCTest

/// A home of three trackers (NoAlc, water, a rolling gym with freezes) and
/// a folder of files beside it, for the import and export tests.
class TransferTestCase: XCTestCase {
    var home: TemporaryDirectory!
    var folder: TemporaryDirectory!
    let harshHabits = ImportFixtures.harshHabits
    let harshLog = ImportFixtures.harshLog

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/gym.yaml": "name: Gym\nstreak: { period: { rolling: 7 }, times: 3 }\nfreezes: { start: 2, max: 3 }\n",
        ])
        folder = TemporaryDirectory()
    }

    func haven(_ arguments: [String], in other: TemporaryDirectory? = nil, now: String = "2026-03-10 21:00")
        -> HavenProcess.Result {
        HavenRun(home: (other ?? home).path, now: now, directory: folder.path).run(arguments)
    }
}
