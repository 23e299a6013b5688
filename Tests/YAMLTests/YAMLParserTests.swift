import XCTest
@testable import YAML

final class YAMLParserTests: XCTestCase {
    private func parse(_ text: String, limits: YAMLLimits = .default) -> YAMLDocument {
        YAMLParser.parse(Array(text.utf8), file: 7, limits: limits)
    }

    func testNodesKeepOneBasedMarksAndTheirFile() throws {
        let document = parse("name: Water\ngoal:\n  at_least: 8\nlevels: [a, \"b\"]\n")
        XCTAssertEqual(document.errors, [])
        let pairs = try XCTUnwrap(document.root?.pairs)
        XCTAssertEqual(pairs.map { $0.key.scalar }, ["name", "goal", "levels"])
        XCTAssertEqual(pairs[0].value.mark, Mark(line: 1, column: 7))
        XCTAssertEqual(pairs[0].value.underlineLength, 5)
        let goal = try XCTUnwrap(pairs[1].value.pairs?.first)
        XCTAssertEqual(goal.key.mark, Mark(line: 3, column: 3))
        XCTAssertEqual(goal.value.mark, Mark(line: 3, column: 13))
        let items = try XCTUnwrap(pairs[2].value.items)
        XCTAssertEqual(items.map(\.scalar), ["a", "b"])
        guard case .scalar(_, let style) = items[1].content else { return XCTFail("not a scalar") }
        XCTAssertEqual(style, .doubleQuoted)
        XCTAssertEqual(items[1].mark, Mark(line: 4, column: 13))
        XCTAssertEqual(pairs[2].value.file, 7)
    }

    func testColumnsCountCharactersNotBytes() throws {
        let document = parse("icon: \"🍷\"\nname: Grübeln x\n")
        let pairs = try XCTUnwrap(document.root?.pairs)
        XCTAssertEqual(pairs[1].value.mark, Mark(line: 2, column: 7))
        XCTAssertEqual(pairs[1].value.end, Mark(line: 2, column: 16))
    }

    func testAliasesAreExpandedCopies() throws {
        let document = parse("base: &b { at_least: 8 }\ncopy: *b\n")
        XCTAssertEqual(document.errors, [])
        let copy = try XCTUnwrap(document.root?.pairs?[1].value)
        XCTAssertEqual(copy.pairs?.first?.key.scalar, "at_least")
        XCTAssertEqual(copy.mark, Mark(line: 2, column: 7))
    }

    func testEmptyTextHasNoRoot() {
        let document = parse("")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.errors, [])
    }

    func testByteOrderMarkIsAccepted() throws {
        let document = YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
        XCTAssertEqual(document.errors, [])
        XCTAssertEqual(document.root?.pairs?.first?.key.scalar, "a")
    }

    func testSyntaxErrorIsReportedWithItsPosition() {
        let document = parse("name: [a, b\ntype: good\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.errors, [YAMLError(.syntax,
            "did not find expected ',' or ']' (while parsing a flow sequence at line 1)",
            at: Mark(line: 2, column: 5))])
    }

    func testAliasToAnUnknownAnchor() {
        XCTAssertEqual(parse("a: *nothing\n").errors,
                       [YAMLError(.unknownAnchor, "alias '*nothing' names no anchor defined before it",
                                  at: Mark(line: 1, column: 4), length: 8)])
    }

    func testDuplicateKeysAreReportedAndParsingGoesOn() {
        let document = parse("name: A\ntype: good\nname: B\n")
        XCTAssertNotNil(document.root)
        XCTAssertEqual(document.errors, [YAMLError(.duplicateKey,
            "duplicate key 'name' (first written at line 1); keep one of them",
            at: Mark(line: 3, column: 1), length: 4)])
    }

    func testSecondDocumentIsRefused() {
        XCTAssertEqual(parse("name: A\n---\nname: B\n").errors, [YAMLError(.multipleDocuments,
            "a Haven YAML file holds one document; move the part after '---' into a file of its own",
            at: Mark(line: 2, column: 1), length: 3)])
    }

    func testTenThousandDeepNestingStopsAtTheLimit() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let document = parse(text)
        XCTAssertEqual(document.errors, [YAMLError(.tooDeep,
            "nesting is deeper than 64 levels; Haven files need only a few", at: Mark(line: 1, column: 65))])
    }

    func testAliasBombIsRefused() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "a\(level - 1 == 0 ? "" : String(level - 1))"
            text += "a\(level): &a\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let document = parse(text)
        XCTAssertNil(document.root)
        XCTAssertEqual(document.errors.map(\.kind), [.aliasExpansion])
        XCTAssertEqual(document.errors.first?.message,
            "the document expands to more than 100000 nodes (an alias bomb?); use fewer aliases")
    }

    func testOversizedTextIsRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 5 << 20)
        let document = YAMLParser.parse(bytes)
        XCTAssertEqual(document.errors, [YAMLError(.tooLarge,
            "file is 5.0 MiB; a Haven YAML file may be at most 1.0 MiB", at: Mark(line: 0, column: 0))])
    }

    func testInvalidUTF8IsReportedAtItsByte() {
        let bytes = Array("name: ok\nicon: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        XCTAssertEqual(YAMLParser.parse(bytes).errors, [YAMLError(.invalidUTF8,
            "file is not valid UTF-8 (byte 0xC3); save it as UTF-8 text", at: Mark(line: 2, column: 7))])
    }

    func testOverlongAndSurrogateEncodingsAreInvalid() {
        XCTAssertEqual(YAMLParser.parse([0x61, 0xC0, 0x80]).errors.map(\.kind), [.invalidUTF8])
        XCTAssertEqual(YAMLParser.parse([0xED, 0xA0, 0x80]).errors.map(\.kind), [.invalidUTF8])
        XCTAssertEqual(YAMLParser.parse([0xF4, 0x90, 0x80, 0x80]).errors.map(\.kind), [.invalidUTF8])
    }

    func testNulByteIsReportedAtItsPosition() {
        let bytes = Array("a: 1\nb: x".utf8) + [0] + Array("y\n".utf8)
        XCTAssertEqual(YAMLParser.parse(bytes).errors, [YAMLError(.nulByte,
            "file contains a NUL byte; Haven YAML files must be UTF-8 text", at: Mark(line: 2, column: 5))])
    }

    func testSizesAreWrittenForPeople() {
        XCTAssertEqual(YAMLParser.formatSize(512), "512 bytes")
        XCTAssertEqual(YAMLParser.formatSize(2048), "2 KiB")
        XCTAssertEqual(YAMLParser.formatSize(1 << 20), "1.0 MiB")
    }
}
