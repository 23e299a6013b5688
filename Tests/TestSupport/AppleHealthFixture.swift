import Foundation
import ZIPFoundation

/// Apple Health exports made to the shape of real ones: the prologue with
/// the DTD every real export embeds (its `<!ATTLIST … #REQUIRED>` lines
/// crash Foundation's XMLParser on Linux), then the records given.
public enum AppleHealthFixture {
    public static let prologue: String = {
        try! String(contentsOfFile: Repository.root + "/Tests/Fixtures/apple-health-prologue.xml", encoding: .utf8)
    }()

    /// One `<Record …/>` line, as Apple writes it.
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

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
