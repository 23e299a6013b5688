import Foundation
import HavenImport
import TestSupport
import XCTest

/// Apple Health's export read as a stream (SPEC §9): the real DTD, records
/// of the wanted types whole, the rest counted, dates read byte by byte,
/// and every malformed file refused with its line.
final class AppleHealthExportTests: XCTestCase {
    private let drinks = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
    private var folder: TemporaryDirectory!

    override func setUp() {
        folder = TemporaryDirectory()
    }

    private func read(_ xml: String, zipped: Bool = false) throws(ImportError) -> ([HealthRecord], [String: Int]) {
        let path = folder.path + (zipped ? "/export.zip" : "/export.xml")
        if zipped {
            try! AppleHealthFixture.zip(xml, to: path)
        } else {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(xml.utf8)))
        }
        var records: [HealthRecord] = []
        let others = try AppleHealthExport.read(path, shown: zipped ? "export.zip" : "export.xml", types: [drinks]) {
            records.append($0)
        }
        return (records, others)
    }

    private var body: String {
        AppleHealthFixture.record(drinks, source: "NoAlc", start: "2024-03-02 00:00:00 +0100", value: "4",
                                  unit: "count")
            + AppleHealthFixture.record(drinks, source: "Tom & Jerry's \"Bar\"", start: "2024-03-01 21:05:00 +0100",
                                        end: "2024-03-01 21:35:00 +0100", value: "2", unit: "count",
                                        metadata: ["HKWasUserEntered": "1"])
            + AppleHealthFixture.record("HKQuantityTypeIdentifierStepCount", source: "iPhone",
                                        start: "2024-03-01 08:00:00 +0100", value: "1200", unit: "count")
            + AppleHealthFixture.record("HKQuantityTypeIdentifierStepCount", source: "iPhone",
                                        start: "2024-03-01 09:00:00 +0100", value: "800", unit: "count")
            // A correlation repeats records that are also at the top level: not counted twice.
            + " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"Diary\" "
            + "startDate=\"2024-03-01 12:00:00 +0100\" endDate=\"2024-03-01 12:00:00 +0100\">\n"
            + AppleHealthFixture.record(drinks, source: "Diary", start: "2024-03-01 12:00:00 +0100", value: "1")
            + " </Correlation>\n"
            + " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" sourceName=\"Watch\" "
            + "startDate=\"2024-03-01 07:00:00 +0100\" endDate=\"2024-03-01 07:30:00 +0100\"/>\n"
    }

    func testARealShapedExportGivesItsRecordsAndCountsTheOtherTypes() throws {
        for zipped in [false, true] {
            let (records, others) = try read(AppleHealthFixture.document(body), zipped: zipped)
            let file = zipped ? "export.zip: apple_health_export/export.xml" : "export.xml"
            let lines = AppleHealthFixture.prologue.split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertEqual(records, [
                HealthRecord(type: drinks, source: "NoAlc",
                             start: HealthTime(milliseconds: 1_709_334_000_000, offset: 3600),
                             end: HealthTime(milliseconds: 1_709_334_000_000, offset: 3600), value: "4", unit: "count",
                             file: file, line: lines),
                HealthRecord(type: drinks, source: "Tom & Jerry's \"Bar\"",
                             start: HealthTime(milliseconds: 1_709_323_500_000, offset: 3600),
                             end: HealthTime(milliseconds: 1_709_325_300_000, offset: 3600), value: "2", unit: "count",
                             file: file, line: lines + 1),
            ], "zipped: \(zipped)")
            XCTAssertEqual(others, ["HKQuantityTypeIdentifierStepCount": 2])
        }
    }

    func testDatesAreReadByteByByte() {
        XCTAssertEqual(HealthTime("2024-03-01 21:05:00 +0100"), HealthTime(milliseconds: 1_709_323_500_000, offset: 3600))
        XCTAssertEqual(HealthTime("1970-01-01 00:00:00 +0000"), HealthTime(milliseconds: 0, offset: 0))
        XCTAssertEqual(HealthTime("2024-02-29 23:59:59 -0530"),
                       HealthTime(milliseconds: 1_709_270_999_000, offset: -19_800))
        XCTAssertEqual(HealthTime("2000-12-31 12:00:00 +1400")?.milliseconds, 978_213_600_000)
        for bad in ["2023-02-29 10:00:00 +0100", "2024-13-01 10:00:00 +0100", "2024-03-01T21:05:00 +0100",
                    "2024-03-01 21:05:00 0100", "2024-03-01 24:00:00 +0100", "2024-03-01 21:05 +0100",
                    "2024-03-01 21:05:00 +01:00", "2024-3-01 21:05:00 +0100", "", "2024-03-01 21:05:00 +0160"] {
            XCTAssertNil(HealthTime(bad), bad)
        }
    }

    func testMalformedFilesAreRefusedWithTheirLine() {
        let lines = AppleHealthFixture.prologue.split(separator: "\n", omittingEmptySubsequences: false).count
        let cases: [(String, ImportError)] = [
            (AppleHealthFixture.document(body).replacingOccurrences(of: "</Correlation>", with: ""),
             ImportError(file: "export.xml", line: lines + 10, .notAppleHealth(
                "Opening and ending tag mismatch: Correlation line \(lines + 6) and HealthData"))),
            (AppleHealthFixture.prologue + body,
             ImportError(file: "export.xml", line: lines + 9, .truncated("the file ends inside an element: it was cut short"))),
            (AppleHealthFixture.document(AppleHealthFixture.record(drinks, source: "NoAlc",
                                                                   start: "2024-03-01 21:05 +0100", value: "1")),
             ImportError(file: "export.xml", line: lines, .badTime(attribute: "startDate", value: "2024-03-01 21:05 +0100"))),
            (AppleHealthFixture.document(" <Record type=\"\(drinks)\" sourceName=\"NoAlc\" value=\"1\" "
                                         + "startDate=\"2024-03-01 21:05:00 +0100\"/>\n"),
             ImportError(file: "export.xml", line: lines, .recordWithout(attribute: "endDate"))),
            ("", ImportError(file: "export.xml", .healthEmpty)),
            ("{\"not\": \"xml\"}", ImportError(file: "export.xml", line: 1, .notAppleHealth("it holds no XML element"))),
        ]
        for (xml, expected) in cases {
            XCTAssertThrowsError(try read(xml)) { error in
                XCTAssertEqual(error as? ImportError, expected)
            }
        }
    }

    func testAZipWhoseExportDoesNotMatchItsChecksumIsRefused() throws {
        let path = folder.path + "/export.zip"
        try AppleHealthFixture.zip(AppleHealthFixture.document(body), to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Every CRC-32 the archive declares, in its local and central headers, made wrong.
        for index in 0..<(bytes.count - 20) where bytes[index] == 0x50 && bytes[index + 1] == 0x4B {
            let crc = bytes[index + 2] == 3 && bytes[index + 3] == 4 ? 14 : bytes[index + 2] == 1 && bytes[index + 3] == 2
                ? 16 : nil
            if let crc { bytes[index + crc] ^= 0xFF }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try AppleHealthExport.read(path, shown: "export.zip", types: [drinks]) { _ in }) { error in
            XCTAssertEqual(error as? ImportError, ImportError(file: "export.zip: apple_health_export/export.xml", .damaged))
        }
    }

    func testAZipWithoutAnExportIsRefused() throws {
        let path = folder.path + "/other.zip"
        // An XML file that is not Apple Health's (a localised export is found by its HealthData, not its name).
        try AppleHealthFixture.zip("<?xml version=\"1.0\"?>\n<notes/>\n", to: path, as: "apple_health_export/notes.xml")
        XCTAssertThrowsError(try AppleHealthExport.read(path, shown: "other.zip", types: []) { _ in }) { error in
            XCTAssertEqual(error as? ImportError, ImportError(file: "other.zip", .noExportXML))
        }
        let archive = folder.path + "/empty.zip"
        XCTAssertTrue(FileManager.default.createFile(atPath: archive, contents: Data([0x50, 0x4B, 0x03, 0x04, 0, 0])))
        XCTAssertThrowsError(try AppleHealthExport.read(archive, shown: "empty.zip", types: []) { _ in }) { error in
            XCTAssertEqual(error as? ImportError, ImportError(file: "empty.zip", .notZip))
        }
        XCTAssertThrowsError(try AppleHealthExport.read(folder.path, shown: "downloads", types: []) { _ in }) { error in
            XCTAssertEqual(error as? ImportError, ImportError(file: "downloads", .healthFolder))
        }
        XCTAssertThrowsError(try AppleHealthExport.read(folder.path + "/nope.zip", shown: "nope.zip", types: []) { _ in })
        { error in
            XCTAssertEqual(error as? ImportError, ImportError(file: "nope.zip", .missing))
        }
    }
}
