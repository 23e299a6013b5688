import Foundation
import HavenCore
import ZIPFoundation

/// Apple Health exports made to the shape of real ones: the prologue with
/// the DTD every real export embeds (its `<!ATTLIST … #REQUIRED>` lines
/// crash Foundation's XMLParser on Linux), then the records given.
public enum AppleHealthFixture {
    public static let prologue: String = {
        try! String(contentsOfFile: Repository.root + "/Tests/Fixtures/apple-health-prologue.xml", encoding: .utf8)
    }()

    /// One `<Record …/>` line, as Apple writes it (`end` nil: the same as `start`).
    public static func record(_ type: String, source: String, start: String, end: String? = nil, value: String,
                              unit: String? = nil, metadata: [String: String] = [:]) -> String {
        var line = " <Record type=\"\(type)\" sourceName=\"\(escaped(source))\" sourceVersion=\"1.0\""
        if let unit { line += " unit=\"\(unit)\"" }
        line += " creationDate=\"\(end ?? start)\" startDate=\"\(start)\" endDate=\"\(end ?? start)\" value=\"\(value)\""
        guard !metadata.isEmpty else { return line + "/>\n" }
        line += ">\n"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += "  <MetadataEntry key=\"\(key)\" value=\"\(escaped(value))\"/>\n"
        }
        return line + " </Record>\n"
    }

    /// A whole `export.xml`.
    public static func document(_ body: String) -> String {
        prologue + body + "</HealthData>\n"
    }

    /// Writes `xml` as `apple_health_export/export.xml` (beside the CDA
    /// document real exports hold) into a new zip at `path`.
    public static func zip(_ xml: String, to path: String, as name: String = "apple_health_export/export.xml") throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, text) in [("apple_health_export/export_cda.xml", "<ClinicalDocument/>\n"),
                             (name, xml)] {
            let data = Data(text.utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// The first and last evening of `noAlcYears()`.
    public static let noAlcFirst = Day("2023-11-01")!
    public static let noAlcLast = Day("2026-10-31")!

    /// The drinks of each evening of three years: mostly none, some 2s,
    /// an easy evening every 11 days, a wild one every 29; then six wild
    /// evenings in a row (more than the jokers held and earned can heal),
    /// five calm weeks with one easy evening.
    public static func drinks(on day: Day) -> Int {
        let i = day.number - noAlcFirst.number
        switch day.description {
        case "2026-09-20"..."2026-09-25": return 6
        case "2026-10-20": return 4
        case "2026-09-26"..."2026-10-31": return i % 5 == 0 ? 1 : 0
        default: return i % 29 == 13 ? 7 : i % 11 == 5 ? 4 : i % 7 == 2 ? 2 : 0
        }
    }

    /// The origin app's NoAlc history as Apple Health keeps it: the app
    /// writes each evening's count as a dated value, start and end at 00:00
    /// of that evening's own date (SPEC §9); on every other day a second
    /// app, Drinks, logged up to two of the drinks at 21:30 itself (a timed
    /// sample: the 18:00 day boundary places it); a step count now and
    /// then. All at +01:00.
    public static func noAlcYears() -> String {
        let type = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
        var body = ""
        var day = noAlcFirst
        while day <= noAlcLast {
            let total = drinks(on: day), i = day.number - noAlcFirst.number
            let other = i % 2 == 0 ? min(total, 2) : 0
            body += record(type, source: "NoAlc", start: "\(day) 00:00:00 +0100",
                           value: String(total - other), unit: "count", metadata: ["HKWasUserEntered": "1"])
            if other > 0 {
                body += record(type, source: "Drinks", start: "\(day) 21:30:00 +0100", value: String(other), unit: "count")
            }
            if i % 100 == 0 {
                body += record("HKQuantityTypeIdentifierStepCount", source: "iPhone", start: "\(day) 08:00:00 +0100",
                               end: "\(day) 08:10:00 +0100", value: "1200", unit: "count")
            }
            day = day.adding(days: 1)
        }
        return document(body)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
