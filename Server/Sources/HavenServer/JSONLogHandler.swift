import Foundation
import Logging

/// Structured logs: one JSON object per line on standard error, with the
/// time, level, message and metadata as fields.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [String: String] = [:]
        for (key, value) in metadata { fields[key] = "\(value)" }
        if let more = event.metadata { for (key, value) in more { fields[key] = "\(value)" } }
        fields["time"] = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        fields["level"] = event.level.rawValue
        fields["message"] = "\(event.message)"
        fields["logger"] = label
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(fields) else { return }
        line.append(0x0A)
        FileHandle.standardError.write(line)
    }
}
