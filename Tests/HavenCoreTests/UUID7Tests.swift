@testable import HavenCore
import XCTest

/// UUIDs of version 7 (RFC 9562): time first, then randomness.
final class UUID7Tests: XCTestCase {
    /// A generator that repeats one byte.
    struct Repeating: RandomNumberGenerator {
        var byte: UInt8
        mutating func next() -> UInt64 { UInt64(byte) * 0x0101_0101_0101_0101 }
    }

    func testTheLayoutIsTimeVersionVariantAndRandomBits() {
        var ones = Repeating(byte: 0xFF)
        XCTAssertEqual(UUID7.make(milliseconds: 0x0190_F3A2_B4C5, using: &ones), "0190f3a2-b4c5-7fff-bfff-ffffffffffff")
        var zeros = Repeating(byte: 0)
        XCTAssertEqual(UUID7.make(milliseconds: 1_772_395_200_000, using: &zeros), "019caafc-7e00-7000-8000-000000000000")
        XCTAssertEqual(UUID7.milliseconds(of: "019caafc-7e00-7000-8000-000000000000"), 1_772_395_200_000)
    }

    func testTextsSortByTimeAndDifferWithinAMillisecond() {
        let earlier = UUID7.make(milliseconds: 1_772_395_200_000), later = UUID7.make(milliseconds: 1_772_395_200_001)
        XCTAssertLessThan(earlier, later)
        XCTAssertNotEqual(UUID7.make(milliseconds: 5), UUID7.make(milliseconds: 5))
        XCTAssertTrue(UUID7.isValid(earlier))
    }

    func testOnlyCanonicalTextIsValid() {
        XCTAssertTrue(UUID7.isValid("0190f3a2-b4c5-7fff-bfff-ffffffffffff"))
        XCTAssertFalse(UUID7.isValid("0190F3A2-B4C5-7FFF-BFFF-FFFFFFFFFFFF"), "upper case")
        XCTAssertFalse(UUID7.isValid("0190f3a2b4c57fffbfffffffffffffff"), "no dashes")
        XCTAssertFalse(UUID7.isValid("0190f3a2-b4c5-7fff-bfff-fffffffffff"), "short")
        XCTAssertNil(UUID7.milliseconds(of: "0190f3a2-b4c5-4fff-bfff-ffffffffffff"), "version 4 holds no time")
    }

    /// The next UUID of the same millisecond: the random bits plus one,
    /// carried through the dashes into the variant's digit, whose top bits stay.
    func testTheSuccessorKeepsTimeVersionAndVariant() {
        let cases = [
            ("0190f3a2-b4c5-7abc-8000-000000000000", "0190f3a2-b4c5-7abc-8000-000000000001"),
            ("0190f3a2-b4c5-7abc-8000-00000000000f", "0190f3a2-b4c5-7abc-8000-000000000010"),
            ("0190f3a2-b4c5-7abc-8fff-ffffffffffff", "0190f3a2-b4c5-7abc-9000-000000000000"),
            ("0190f3a2-b4c5-7abc-a9ff-ffffffffffff", "0190f3a2-b4c5-7abc-aa00-000000000000"),
            // The 62 bits after the variant carry into the 12 after the version.
            ("0190f3a2-b4c5-7abc-bfff-ffffffffffff", "0190f3a2-b4c5-7abd-8000-000000000000"),
            ("0190f3a2-b4c5-7fff-bfff-fffffffffffe", "0190f3a2-b4c5-7fff-bfff-ffffffffffff"),
        ]
        for (text, next) in cases {
            XCTAssertEqual(UUID7.successor(of: text), next, text)
            XCTAssertLessThan(text, next)
            XCTAssertTrue(UUID7.isValid(next))
        }
    }

    /// A random step: larger by the step, carried, and the largest UUID of
    /// its millisecond when the random bits run out.
    func testASuccessorByARandomStepCarriesAndStopsAtTheLargest() {
        XCTAssertEqual(UUID7.successor(of: "0190f3a2-b4c5-7abc-bfff-ffffffff0000", plus: 0x1_0000),
                       "0190f3a2-b4c5-7abd-8000-000000000000")
        XCTAssertEqual(UUID7.successor(of: "0190f3a2-b4c5-7abc-8000-000000000000", plus: 1 << 40),
                       "0190f3a2-b4c5-7abc-8000-010000000000")
        XCTAssertEqual(UUID7.successor(of: "0190f3a2-b4c5-7fff-bfff-ffffffffffff", plus: 5),
                       "0190f3a2-b4c5-7fff-bfff-ffffffffffff")
        XCTAssertEqual(UUID7.successor(of: "0190f3a2-b4c5-7fff-bfff-fffffffffff0", plus: 0xFF),
                       "0190f3a2-b4c5-7fff-bfff-ffffffffffff")
    }
}
