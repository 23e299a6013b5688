@testable import HavenCLI
import HavenPresentation
import XCTest

/// What reaches the terminal (SPEC §13): the quick check that lets most
/// lines through untouched agrees with the scalar-by-scalar rewrite, for
/// every character it looks for and its neighbours; and `Words` fills its
/// `{}` by bytes as it did by `range(of:)`.
final class TerminalTextTests: XCTestCase {
    func testTheQuickCheckAgreesWithTheRewriteOnEveryBoundary() {
        let scalars: [UInt32] = [0x00, 0x08, 0x09, 0x0A, 0x0B, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xB7, 0x061B,
                                 0x061C, 0x061D, 0x200D, 0x200E, 0x200F, 0x2010, 0x2013, 0x2029, 0x202A, 0x202E, 0x202F,
                                 0x2065, 0x2066, 0x2069, 0x206A, 0x2713, 0xFDCF, 0xFDD0, 0xFDDF, 0xFDE0, 0x1F4A7]
        for scalar in scalars {
            let text = "💧 Drink · \(Character(Unicode.Scalar(scalar)!)) 3/8"
            // A bell at the end always takes the rewrite (it becomes ␇).
            let rewritten = String(TerminalText.printable(text + "\u{07}", color: false).dropLast())
            XCTAssertEqual(TerminalText.needsWork(text.utf8), rewritten != text, String(scalar, radix: 16))
            XCTAssertEqual(TerminalText.printable(text, color: false), rewritten, String(scalar, radix: 16))
        }
    }

    func testWordsFillEachPlaceholderOnceInOrder() {
        let words = Words(language: "en")
        XCTAssertEqual(words("{} of {}", 3, "8 glasses"), "3 of 8 glasses")
        XCTAssertEqual(words("a {} b", "{}"), "a {} b", "a value is never filled in turn")
        XCTAssertEqual(words("{}{}{", "x", "y", "z"), "xy{")
        XCTAssertEqual(words("Müde · {} ✓", "ok"), "Müde · ok ✓")
        XCTAssertEqual(words("nothing to fill"), "nothing to fill")
    }
}
