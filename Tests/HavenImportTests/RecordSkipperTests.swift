import Foundation
@testable import HavenImport
import TestSupport
import XCTest

/// The skipper in front of libxml2 changes how fast an export is read,
/// never what is read: the same records, counts, lines and errors with it
/// and without it, however the bytes are cut into chunks.
final class RecordSkipperTests: XCTestCase {
    private let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
    private let steps = "HKQuantityTypeIdentifierStepCount"

    /// Every construct a `<` or `>` can hide in, around records kept and dropped.
    private var tricky: String {
        let prologue = AppleHealthFixture.prologue.replacingOccurrences(
            of: "<!-- HealthKit Export Version: 14 -->",
            with: "<!-- HealthKit \"Export\" <Record type='x'> Version: 14 -->\n<?pi <Record type=\"y\"/> ??>")
        return prologue + """
             <!-- a comment with <Record type="\(steps)" value="1"> in it -->
             <Record type="\(steps)" sourceName="a > b" unit="count" creationDate="2024-03-01 08:00:00 +0100" startDate="2024-03-01 08:00:00 +0100" endDate="2024-03-01 08:00:00 +0100" value="1"/>
             <Record type="\(drinks)" sourceName='single "quoted" />' unit="count" startDate="2024-03-01 21:00:00 +0100" endDate="2024-03-01 21:00:00 +0100" value="2"/>
             <Record
               type="\(steps)" sourceName="multi
            line" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 09:00:00 +0100" value="2">
              <MetadataEntry key="k" value="&lt;/Record> > -- not a comment"/>
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="60" time="8:00:00.00 AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
             <Record type="HKQuantityTypeIdentifier&#83;tepCount" sourceName="entity" startDate="2024-03-01 10:00:00 +0100" endDate="2024-03-01 10:00:00 +0100" value="3"/>
             <Record type="" sourceName="empty type" startDate="2024-03-01 10:00:00 +0100" endDate="2024-03-01 10:00:00 +0100"/>
             <Record sourceName="no type" startDate="2024-03-01 10:00:00 +0100" endDate="2024-03-01 10:00:00 +0100"/>
             <Records type="\(steps)"/>
             <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Diary" startDate="2024-03-01 12:00:00 +0100" endDate="2024-03-01 12:00:00 +0100">
              <Record type="\(steps)" sourceName="nested" startDate="2024-03-01 12:00:00 +0100" endDate="2024-03-01 12:00:00 +0100" value="4"/>
              <Record type="\(drinks)" sourceName="nested" startDate="2024-03-01 12:00:00 +0100" endDate="2024-03-01 12:00:00 +0100" value="1"/>
             </Correlation>
             <![CDATA[ <Record type="\(steps)"/> ]]>
             <Record type="\(drinks)" sourceName="NoAlc" startDate="2024-03-02 00:00:00 +0100" endDate="2024-03-02 00:00:00 +0100" value="0"></Record>
             <Record type="\(steps)" sourceName="empty pair" startDate="2024-03-02 00:00:00 +0100" endDate="2024-03-02 00:00:00 +0100" value="9"></Record>
            </HealthData>

            """
    }

    private func filtered(_ text: String, chunks sizes: [Int]) -> ([UInt8], [String: Int]) {
        var skipper = RecordSkipper(wanted: [drinks])
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        var start = 0, turn = 0
        while start < bytes.count {
            let end = min(bytes.count, start + sizes[turn % sizes.count])
            bytes[start..<end].withUnsafeBytes { skipper.filter($0, into: &output) }
            start = end
            turn += 1
        }
        return (output, skipper.dropped)
    }

    func testTheOutputDoesNotDependOnHowTheBytesAreCut() {
        let whole = filtered(tricky, chunks: [1 << 20])
        var generator = SystemRandomNumberGenerator()
        for sizes in [[1], [2], [3], [7], [64]] + (0..<40).map({ _ in (0..<5).map { _ in Int.random(in: 1...300, using: &generator) } }) {
            let cut = filtered(tricky, chunks: sizes)
            XCTAssertEqual(cut.0, whole.0, "chunks of \(sizes)")
            XCTAssertEqual(cut.1, whole.1, "chunks of \(sizes)")
        }
        // Every line break stays, so libxml2's lines are the file's; only the dropped records went.
        XCTAssertEqual(whole.0.filter { $0 == 0x0A }.count, Array(tricky.utf8).filter { $0 == 0x0A }.count)
        XCTAssertEqual(whole.1, [steps: 3, "": 1])
        let kept = String(decoding: whole.0, as: UTF8.self)
        XCTAssertTrue(kept.contains("sourceName=\"nested\" startDate=\"2024-03-01 12:00:00 +0100\" endDate=\"2024-03-01 "
            + "12:00:00 +0100\" value=\"4\""), "records inside a correlation stay")
        XCTAssertFalse(kept.contains("empty pair") || kept.contains("a > b") || kept.contains("multi"))
        XCTAssertTrue(kept.contains("HKQuantityTypeIdentifier&#83;tepCount") && kept.contains("no type")
            && kept.contains("<Records type") && kept.contains("<![CDATA[ <Record type"))
    }

    func testRecordsCountsLinesAndErrorsAreTheSameWithAndWithoutIt() throws {
        let folder = TemporaryDirectory()
        let broken = tricky.replacingOccurrences(of: "</Correlation>", with: "")
        let badDate = tricky.replacingOccurrences(of: "2024-03-02 00:00:00 +0100\" value=\"0\"",
                                                  with: "2024-03-02 00:00 +0100\" value=\"0\"")
        for (index, document) in [tricky, AppleHealthFixture.noAlcYears(), broken, badDate].enumerated() {
            let path = folder.path + "/export-\(index).xml"
            try document.write(toFile: path, atomically: true, encoding: .utf8)
            func read(_ skipping: Bool) -> Result<([HealthRecord], [String: Int]), ImportError> {
                var records: [HealthRecord] = []
                do {
                    let others = try AppleHealthExport.read(path, shown: "export.xml", types: [drinks], skipping: skipping) {
                        records.append($0)
                    }
                    return .success((records, others))
                } catch {
                    return .failure(error)
                }
            }
            switch (read(true), read(false)) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a.0, b.0, "document \(index)")
                XCTAssertEqual(a.1, b.1, "document \(index)")
                XCTAssertFalse(a.0.isEmpty)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a, b, "document \(index)")
                XCTAssertGreaterThan(index, 1, "\(a)")
            case (let a, let b):
                XCTFail("document \(index): \(a) with the skipper, \(b) without")
            }
        }
    }
}
