internal import CZlibShim
import Foundation
import HavenCore
import XMLStream
import ZIPFoundation

/// Apple Health's export (`export.zip`, or the `export.xml` inside it),
/// read as a stream: memory stays flat whatever the file's size. Only the
/// `Record` elements directly under `HealthData` are samples (those nested
/// in a `Correlation` repeat them); the records of the `wanted` types come
/// out whole, the others are only counted by type.
public enum AppleHealthExport {
    /// Reads the export at `path` (`shown` in messages), calling `record` for
    /// every sample of a wanted type in the file's order and `progress` with
    /// the bytes of XML read so far and in all. Returns how many records of
    /// each other type the file holds.
    public static func read(_ path: String, shown: String, types wanted: Set<String>,
                            progress: ((Int64, Int64) -> Void)? = nil, skipping: Bool = true,
                            record: @escaping (HealthRecord) throws(ImportError) -> Void) throws(ImportError) -> [String: Int] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ImportError(file: shown, .missing) }
        guard !isFolder.boolValue else {
            throw ImportError(file: shown, .healthFolder)
        }
        final class State {
            var name: String
            var others: [String: Int] = [:]
            var failure: ImportError?
            /// The type of the record before, and how many of it came in a row.
            var lastType: (bytes: [UInt8], string: String, wanted: Bool, run: Int) = ([], "", false, 0)
            func flush() {
                if lastType.run > 0 { others[lastType.string, default: 0] += lastType.run }
                lastType.run = 0
            }
            init(name: String) { self.name = name }
        }
        let state = State(name: shown)
        /// A problem of our own, kept whole, and the stream error that stops the reader for it.
        let fail = { (problem: ImportProblem) -> XMLStreamError in
            state.failure = ImportError(file: state.name, problem)
            return XMLStreamError(line: 0, message: "")
        }
        let handler: XMLStream.Handler = { (element, depth) throws(XMLStreamError) in
                guard depth == 1, element.named("Record"), let typeBytes = element.attribute("type") else { return }
                // Exports group records by type: the previous type's string is usually this one.
                if state.lastType.bytes.count != typeBytes.count || !state.lastType.bytes.elementsEqual(typeBytes) {
                    state.flush()
                    let type = String(decoding: typeBytes, as: UTF8.self)
                    state.lastType = (Array(typeBytes), type, wanted.contains(type), 0)
                }
                guard state.lastType.wanted else {
                    state.lastType.run += 1
                    return
                }
                do throws(ImportError) {
                    try record(try HealthRecord(element, type: state.lastType.string, file: state.name))
                } catch {
                    state.failure = error
                    throw XMLStreamError(line: element.line, message: "")
                }
            }
            let skipper = skipping ? Skipper(RecordSkipper(wanted: wanted)) : nil
            do throws(XMLStreamError) {
                if isZip(path) {
                    try unzip(path, shown: shown, handler: handler, skipper: skipper, progress: progress, fail: fail) {
                        state.name = $0
                    }
                } else {
                    let reader = try XMLStream(name: shown, handler: handler)
                    try readFile(path, into: reader, skipper: skipper, progress: progress, fail: fail)
                    try reader.finish()
                }
                for (type, count) in skipper?.skipper.dropped ?? [:] { state.others[type, default: 0] += count }
            } catch {
                if let failure = state.failure { throw failure }
                let line = error.line > 0 ? error.line : nil
                switch error.kind {
                case .empty: throw ImportError(file: state.name, .healthEmpty)
                case .notXML, .malformed: throw ImportError(file: state.name, line: line, .notAppleHealth(error.message))
                case .truncated: throw ImportError(file: state.name, line: line, .truncated(error.message))
                case .other: throw ImportError(file: state.name, line: line, .xml(error.message))
                }
            }
        state.flush()
        return state.others
    }

    /// The skipper and the buffer it fills, kept from chunk to chunk.
    final class Skipper {
        var skipper: RecordSkipper
        var output: [UInt8] = []

        init(_ skipper: RecordSkipper) {
            self.skipper = skipper
        }
    }

    /// Hands `bytes` to libxml2, through the skipper when there is one.
    private static func feed(_ bytes: UnsafeRawBufferPointer, to reader: XMLStream, through skipper: Skipper?)
        throws(XMLStreamError) {
        guard let skipper else { return try reader.feed(bytes) }
        skipper.output.removeAll(keepingCapacity: true)
        skipper.skipper.filter(bytes, into: &skipper.output)
        do {
            try skipper.output.withUnsafeBytes { (kept: UnsafeRawBufferPointer) throws in try reader.feed(kept) }
        } catch let error as XMLStreamError {
            throw error
        } catch {
            throw XMLStreamError(line: 0, message: "\(error)")
        }
    }

    /// A zip archive starts with a local file header.
    private static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    private static func readFile(_ path: String, into reader: XMLStream, skipper: Skipper?,
                                 progress: ((Int64, Int64) -> Void)?,
                                 fail: (ImportProblem) -> XMLStreamError) throws(XMLStreamError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw fail(.unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var info = stat()
        let total = fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
        let size = 1 << 18
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var done: Int64 = 0
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, size)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw fail(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { return }
            try feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), to: reader, through: skipper)
            done += Int64(count)
            progress?(done, total)
        }
    }

    /// The export's XML: `export.xml`, or, in a localised export
    /// (`exportar.xml`, `Export.xml` …), the XML file whose first bytes
    /// name Apple Health's `HealthData` (never the clinical `export_cda.xml`).
    private static func exportEntry(in archive: Archive) -> ZIPFoundation.Entry? {
        let xml = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".xml") }
            .sorted { ($0.path.count, $0.path) < ($1.path.count, $1.path) }
        if let named = xml.first(where: { ($0.path as NSString).lastPathComponent.lowercased() == "export.xml" }) {
            return named
        }
        return xml.first { entry in
            var head = Data()
            struct Enough: Error {}
            _ = try? archive.extract(entry, bufferSize: 1024, skipCRC32: true) { chunk in
                head.append(chunk)
                if head.count >= 4096 { throw Enough() }
            }
            let text = String(decoding: head.prefix(4096), as: UTF8.self)
            return text.contains("<!DOCTYPE HealthData") || text.contains("<HealthData")
        }
    }

    /// Streams `apple_health_export/export.xml` out of the archive, chunk by chunk.
    private static func unzip(_ path: String, shown: String, handler: @escaping XMLStream.Handler, skipper: Skipper?,
                              progress: ((Int64, Int64) -> Void)?, fail: (ImportProblem) -> XMLStreamError,
                              named: (String) -> Void) throws(XMLStreamError) {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw fail(.notZip)
        }
        guard let entry = exportEntry(in: archive) else { throw fail(.noExportXML) }
        named("\(shown): \(entry.path)")
        let reader = try XMLStream(name: shown, handler: handler)
        let total = Int64(entry.uncompressedSize)
        var done: Int64 = 0
        // ZIPFoundation's own CRC-32 (in Swift) took a third of the import: zlib's checks the entry instead.
        var crc: UInt32 = 0
        do {
            _ = try archive.extract(entry, bufferSize: 1 << 18, skipCRC32: true) { chunk in
                try chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
                    crc = haven_crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                    try feed(bytes, to: reader, through: skipper)
                }
                done += Int64(chunk.count)
                progress?(done, total)
            }
        } catch let error as XMLStreamError {
            throw error
        } catch {
            throw fail(.cannotUnpack("\(error)"))
        }
        guard crc == entry.checksum else {
            throw fail(.damaged)
        }
        try reader.finish()
    }
}

/// One sample of an Apple Health export.
public struct HealthRecord: Sendable, Equatable {
    public var type: String
    public var source: String
    public var start: HealthTime
    public var end: HealthTime
    /// As written: a number for quantities, a word (`HKCategoryValue…`) for categories.
    public var value: String
    public var unit: String?
    /// Where it is, for messages: the file and its line.
    public var file: String
    public var line: Int

    init(_ element: XMLElement, type: String, file: String) throws(ImportError) {
        let line = element.line
        func time(_ name: StaticString) throws(ImportError) -> HealthTime {
            guard let bytes = element.attribute(name) else {
                throw ImportError(file: file, line: line, .recordWithout(attribute: "\(name)"))
            }
            guard let time = HealthTime(bytes) else {
                throw ImportError(file: file, line: line, .badTime(attribute: "\(name)", value: String(decoding: bytes.prefix(40), as: UTF8.self)))
            }
            return time
        }
        self.type = type
        self.source = element.string("sourceName") ?? ""
        self.start = try time("startDate")
        self.end = try time("endDate")
        self.value = element.string("value") ?? ""
        self.unit = element.string("unit")
        self.file = file
        self.line = line
    }

    public init(type: String, source: String, start: HealthTime, end: HealthTime, value: String, unit: String?,
                file: String = "", line: Int = 0) {
        self.type = type
        self.source = source
        self.start = start
        self.end = end
        self.value = value
        self.unit = unit
        self.file = file
        self.line = line
    }

    /// True for a dated value: its start and end are both exactly local
    /// midnight, so it belongs to the calendar date it names (SPEC §9).
    public var isDated: Bool { start.isLocalMidnight && end.isLocalMidnight }

    /// What makes a record itself, the same in every export: its type,
    /// source, start, end and value.
    public var key: String {
        "\(type)|\(source)|\(start.milliseconds)@\(start.offset)|\(end.milliseconds)@\(end.offset)|\(value)"
    }
}

/// An instant with the UTC offset it was written with.
public struct HealthTime: Sendable, Hashable {
    public var milliseconds: Int64
    /// Seconds east of UTC.
    public var offset: Int

    public init(milliseconds: Int64, offset: Int) {
        self.milliseconds = milliseconds
        self.offset = offset
    }

    /// The local calendar date.
    public var localDay: Day { DayAssignment.day(instant: milliseconds, offset: offset, boundary: .midnight) }

    /// True at exactly 00:00:00.000 local time.
    public var isLocalMidnight: Bool { milliseconds + Int64(offset) * 1000 == Int64(localDay.number) * 86_400_000 }

    /// `2024-03-01 21:05:00 +0100`, read byte by byte (a date formatter
    /// costs a hundred times as much); nil for anything else.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: " "), bytes[20] == UInt8(ascii: "+") || bytes[20] == UInt8(ascii: "-")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<(from + count) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), let offsetHours = number(21, 2),
              let offsetMinutes = number(23, 2),
              (1...12).contains(month), day >= 1, day <= HealthTime.days(in: month, of: year),
              hour < 24, minute < 60, second < 61, offsetHours < 24, offsetMinutes < 60 else { return nil }
        let offset = (bytes[20] == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let local = Int64(HealthTime.daysSinceEpoch(year, month, day)) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        self.init(milliseconds: (local - Int64(offset)) * 1000, offset: offset)
    }

    public init?(_ text: String) {
        var text = text
        guard let time = text.withUTF8({ HealthTime($0) }) else { return nil }
        self = time
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
