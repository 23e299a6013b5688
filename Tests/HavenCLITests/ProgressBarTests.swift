@testable import HavenCLI
import XCTest

/// The progress bar of long imports: its line, exactly.
final class ProgressBarTests: XCTestCase {
    func testTheLine() {
        XCTAssertEqual(ProgressBar.line("Reading export.zip", done: 0, total: 102_000_000),
                       "Reading export.zip [--------------------]   0%  0 of 102 MB")
        XCTAssertEqual(ProgressBar.line("Reading export.zip", done: 36_000_000, total: 102_000_000),
                       "Reading export.zip [#######-------------]  35%  36 of 102 MB")
        XCTAssertEqual(ProgressBar.line("Reading export.xml", done: 450_000, total: 450_000),
                       "Reading export.xml [####################] 100%  0.5 of 0.5 MB")
        XCTAssertEqual(ProgressBar.line("Reading a pipe", done: 5, total: 0),
                       "Reading a pipe [--------------------]   0%  0.0 of 0.0 MB")
    }
}
