import HavenCore
import XCTest

/// The one range grammar of `haven:`, `requires` and `--ref` (SPEC §8),
/// checked against the examples Cargo's and npm's documentation give.
final class VersionRangeTests: XCTestCase {
    /// `range` holds every version of `inside` and none of `outside`.
    private func check(_ range: String, _ inside: [String], _ outside: [String], file: StaticString = #filePath,
                       line: UInt = #line) {
        guard let parsed = VersionRange(range) else { return XCTFail("'\(range)' did not parse", file: file, line: line) }
        for text in inside { XCTAssertTrue(parsed.contains(Version(text)!), "\(range) ∌ \(text)", file: file, line: line) }
        for text in outside { XCTAssertFalse(parsed.contains(Version(text)!), "\(range) ∋ \(text)", file: file, line: line) }
    }

    func testCargoCaretTildeAndWildcardExamples() {
        // The Cargo book, "Specifying dependencies": caret requirements.
        check("^1.2.3", ["1.2.3", "1.9.9"], ["1.2.2", "2.0.0"])
        check("^1.2", ["1.2.0", "1.99.0"], ["1.1.9", "2.0.0"])
        check("^1", ["1.0.0", "1.9.9"], ["0.9.9", "2.0.0"])
        check("^0.2.3", ["0.2.3", "0.2.9"], ["0.2.2", "0.3.0"])
        check("^0.2", ["0.2.0", "0.2.9"], ["0.1.9", "0.3.0"])
        check("^0.0.3", ["0.0.3"], ["0.0.2", "0.0.4"])
        check("^0.0", ["0.0.0", "0.0.9"], ["0.1.0"])
        check("^0", ["0.0.0", "0.9.9"], ["1.0.0"])
        // Tilde requirements.
        check("~1.2.3", ["1.2.3", "1.2.9"], ["1.2.2", "1.3.0"])
        check("~1.2", ["1.2.0", "1.2.9"], ["1.1.9", "1.3.0"])
        check("~1", ["1.0.0", "1.9.9"], ["0.9.9", "2.0.0"])
        // Wildcards and comparisons.
        check("*", ["0.0.0", "9.9.9"], [])
        check("1.*", ["1.0.0", "1.9.9"], ["0.9.9", "2.0.0"])
        check("1.2.*", ["1.2.0", "1.2.9"], ["1.1.9", "1.3.0"])
        check("= 1.2.3", ["1.2.3"], ["1.2.4", "1.2.2"])
        check(">= 1.2.0, < 1.5", ["1.2.0", "1.4.9"], ["1.1.9", "1.5.0"])
        check("<= 1.2", ["1.2.9", "0.1.0"], ["1.3.0"])
        check("> 1.2", ["1.3.0"], ["1.2.9"])
    }

    func testNpmSemverExamples() {
        // node-semver's README: X-ranges, tilde and caret ranges.
        check("1.2.x", ["1.2.0", "1.2.7"], ["1.3.0", "1.1.9"])
        check("1.X", ["1.0.0", "1.9.0"], ["2.0.0"])
        check("^1.2.x", ["1.2.0", "1.9.9"], ["1.1.9", "2.0.0"])
        check("^0.0.x", ["0.0.0", "0.0.9"], ["0.1.0"])
        check("^1.x", ["1.0.0", "1.9.9"], ["2.0.0"])
        check("^0.x", ["0.0.0", "0.9.9"], ["1.0.0"])
        check("~0.2.3", ["0.2.3", "0.2.9"], ["0.3.0"])
        check("~0.2", ["0.2.0"], ["0.3.0"])
        check("~0", ["0.0.0", "0.9.9"], ["1.0.0"])
        check(">=1.2.7 <1.3.0", ["1.2.7", "1.2.8", "1.2.99"], ["1.2.6", "1.3.0", "1.1.0"])
        // A bare version is that version.
        check("1.2.3", ["1.2.3"], ["1.2.4"])
        check("v1.0.3", ["1.0.3"], ["1.0.4"])
        // Pre-releases match only a comparator that names one of the same release.
        check("^1.2.3-beta.2", ["1.2.3-beta.2", "1.2.3-beta.4", "1.2.3", "1.9.0"], ["1.2.3-beta.1", "1.2.4-beta.2", "2.0.0-beta"])
        check(">1.2.3-alpha.3", ["1.2.3-alpha.7", "3.4.5"], ["3.4.5-alpha.9"])
        check("^1.0", ["1.0.0"], ["1.0.0-rc.1", "2.0.0-alpha"])
    }

    func testOrderAndBestMatch() {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
                       "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "10.0.0"].map { Version($0)! }
        XCTAssertEqual(ordered, ordered.shuffled().sorted(), "SemVer §11's precedence")
        let tags = ["v0.9.0", "v1.0.0", "v1.4.2", "v1.10.0", "v2.0.0", "v1.11.0-rc.1"].compactMap(Version.init)
        XCTAssertEqual(VersionRange("^1.0")?.best(of: tags), Version(1, 10, 0))
        XCTAssertEqual(VersionRange("~1.4")?.best(of: tags), Version(1, 4, 2))
        XCTAssertNil(VersionRange("^3")?.best(of: tags))
        XCTAssertEqual(Version("1.2")?.description, "1.2.0")
    }

    func testWhatIsNoRange() {
        for text in ["", "abc", "^", ">=", "1.2.3.4", "1..2", "^1.x.3", ">=1.2 <", "1.2.3-", "01.2.3.4", "~>1.2"] {
            XCTAssertNil(VersionRange(text), "'\(text)'")
        }
        for text in ["", "1.2.3.4", "a.b", "1.2.3-", "1.2-beta"] { XCTAssertNil(Version(text), "'\(text)'") }
    }
}
