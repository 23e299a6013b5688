@testable import HavenImport
import XCTest

/// An imported entry's UUID is fixed by its key, whether the key is hashed
/// whole or piece by piece as records come (D283): the UUIDs an earlier
/// Haven gave stay the same, so a second import is still a no-op.
final class ImportedKeyTests: XCTestCase {
    func testAKeyHashedInPiecesGivesTheUUIDOfTheWholeKey() {
        let keys = (0 ..< 1_000).map { "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages|x|2026-01-0\($0 % 9)|\($0)" }
        let whole = "apple-health|noalc|day|2026-01-01|" + keys.joined(separator: "|")
        var pieces = Imported.KeyHash()
        pieces.add("apple-health|noalc|day|2026-01-01|")
        for (index, key) in keys.enumerated() {
            if index > 0 { pieces.add("|") }
            pieces.add(key)
        }
        XCTAssertEqual(Imported.uuid(pieces, milliseconds: 1_767_225_600_000),
                       Imported.uuid(whole, milliseconds: 1_767_225_600_000))
        // The value itself, pinned: a change here would make every import new.
        XCTAssertEqual(Imported.uuid("apple-health|noalc|x", milliseconds: 1_767_225_600_000),
                       "019b76da-a800-78bf-88fc-547ef6ff685a")
    }
}
