import CZlibShim
import Foundation
import HavenCore
import HavenSystem
import ZIPFoundation

/// Packs as archives (SPEC §8): a `.zip` read by ZIPFoundation, a `.tar.gz`
/// unpacked by zlib and read here. Every name is checked to stay inside the
/// folder it is unpacked into; links, devices and FIFOs refuse the whole
/// archive; what it unpacks to is capped. Haven writes every file itself:
/// no library ever creates a path from an archive's name.
public enum PackArchive {
    /// What one archive may unpack to in all, and how many entries it may hold.
    public static let sizeLimit = 64 << 20
    public static let entryLimit = 10_000
    /// What one file may hold (as for a pack folder).
    public static let fileLimit = 16 << 20

    public enum Kind: String, Sendable {
        case zip
        case tarGz = "tar.gz"
    }

    /// What is wrong with an archive, or with making one, as facts (the CLI words them).
    public enum Problem: Error, Equatable, Sendable {
        /// A name that is not `.zip`, `.tar.gz` or `.tgz`.
        case unknownKind
        /// The archive itself is larger than `sizeLimit`.
        case archiveTooLarge(bytes: Int)
        /// The archive is not a plain file (the system's words: "is a folder", …).
        case archiveNotPlain(String)
        /// Reading it failed (the system's reason).
        case unreadable(String)
        case notZip
        /// The zip library's reason.
        case damagedZip(String)
        case notGzip
        case outOfMemory
        case badTarHeader(offset: Int)
        case cutShort
        case noName
        case twice(String)
        case fileAndFolder(String)
        /// A name that would land outside the folder (`../x`, `/etc/x`).
        case escapes(String)
        /// A name inside a `.git` folder: git runs what its config says,
        /// and the pack's hash leaves `.git/` out, so trust would not cover it.
        case gitFolder(String)
        /// An entry that is no plain file or folder.
        case notPlain(String, what: Odd)
        case tooManyEntries
        case fileTooLarge(String, bytes: Int)
        case fileUnpacksTooLarge(String)
        case unpacksTooLarge
        /// The folder to unpack into cannot be made (the system's reason).
        case cannotWrite(String)
        case cannotWriteFile(String, reason: String)
        /// Exporting: a file of the pack is larger than `fileLimit`, or cannot be read.
        case exportFileTooLarge(String, bytes: Int)
        case cannotRead(String, reason: String)
        case pathTooLong(String)
    }

    /// What an entry is instead of a plain file or folder.
    public enum Odd: Equatable, Sendable {
        case link, device, fifo
        /// A tar entry of another type (its type letter).
        case tarEntry(String)
        /// The system's words ("is a link", …).
        case other(String)
    }

    /// The kind a file name says, or nil for something else.
    public static func kind(of path: String) -> Kind? {
        let name = path.lowercased()
        if name.hasSuffix(".zip") { return .zip }
        if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") { return .tarGz }
        return nil
    }

    /// Unpacks the archive at `path` into `folder` (made new) and returns
    /// the pack's root: the folder itself, or the one folder the archive
    /// holds everything in when it has no `pack.yaml` of its own (as the
    /// archives git hosts make, `calm-1.0.0/...`).
    public static func extract(_ path: String, into folder: String) throws(Problem) -> String {
        guard let kind = kind(of: path) else { throw .unknownKind }
        var writer = Writer(folder: folder)
        try writer.begin()
        switch kind {
        case .zip: try unzip(path, &writer)
        case .tarGz: try untar(try gunzip(path), &writer)
        }
        let top = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if top.count == 1, !top.contains("pack.yaml"), PlainFile.kind(folder + "/" + top[0]) == .folder {
            return folder + "/" + top[0]
        }
        return folder
    }

    /// The bytes of a whole file, capped; the sha256 of an archive is taken over them.
    public static func read(_ path: String) throws(Problem) -> [UInt8] {
        switch PlainFile.contents(path, limit: sizeLimit, followLinks: true) {
        case .bytes(let bytes): return bytes
        case .tooLarge(let size): throw .archiveTooLarge(bytes: size)
        case .notPlain(let problem): throw .archiveNotPlain(problem)
        case .unreadable(let reason): throw .unreadable(reason)
        }
    }

    // MARK: Writing what an archive holds

    /// Creates the files of an archive under `folder`, after checking each name.
    struct Writer {
        let folder: String
        var total = 0
        var entries = 0

        mutating func begin() throws(Problem) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(error.localizedDescription)
            }
        }

        /// The name as a path inside the folder: no `..`, not absolute, no
        /// NUL or backslash, `./` and doubled slashes dropped; nil for the
        /// archive's own root (`./`).
        static func relative(_ name: String) throws(Problem) -> String? {
            guard !name.hasPrefix("/"), !name.contains("\0"), !name.contains("\\") else { throw .escapes(name) }
            let parts = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            guard !parts.contains("..") else { throw .escapes(name) }
            guard !parts.contains(where: { $0.lowercased() == ".git" }) else { throw .gitFolder(name) }
            return parts.isEmpty ? nil : parts.joined(separator: "/")
        }

        mutating func count(_ name: String, size: Int) throws(Problem) {
            entries += 1
            total += size
            guard entries <= PackArchive.entryLimit else {
                throw .tooManyEntries
            }
            guard size <= PackArchive.fileLimit else {
                throw .fileTooLarge(name, bytes: size)
            }
            guard total <= PackArchive.sizeLimit else {
                throw .unpacksTooLarge
            }
        }

        mutating func folder(_ name: String) throws(Problem) {
            guard let path = try Writer.relative(name) else { return }
            try count(name, size: 0)
            try makeFolders(path)
        }

        mutating func file(_ name: String, _ bytes: some Collection<UInt8>) throws(Problem) {
            guard let path = try Writer.relative(name) else { throw .noName }
            try count(name, size: bytes.count)
            if let slash = path.lastIndex(of: "/") { try makeFolders(String(path[..<slash])) }
            let full = folder + "/" + path
            // Never through something already there: a second entry of the same name is refused.
            guard PlainFile.kind(full) == .missing else { throw .twice(path) }
            guard PackFolder.writeNew(full, Array(bytes)) else {
                throw .cannotWriteFile(path, reason: String(cString: strerror(errno)))
            }
        }

        private func makeFolders(_ path: String) throws(Problem) {
            var built = folder
            for part in path.split(separator: "/") {
                built += "/" + part
                switch PlainFile.kind(built) {
                case .folder: continue
                case .missing:
                    guard mkdir(built, 0o755) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
                default: throw .fileAndFolder(path)
                }
            }
        }
    }

    // MARK: zip

    private static func unzip(_ path: String, _ writer: inout Writer) throws(Problem) {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw .notZip
        }
        do {
            for entry in archive {
                switch entry.type {
                case .directory: try writer.folder(entry.path)
                case .symlink: throw Problem.notPlain(entry.path, what: .link)
                case .file:
                    guard (try Writer.relative(entry.path)) != nil else { throw Problem.noName }
                    guard entry.uncompressedSize <= UInt64(fileLimit) else {
                        throw Problem.fileTooLarge(entry.path, bytes: Int(clamping: entry.uncompressedSize))
                    }
                    // The sizes an archive declares can lie: count what actually comes out.
                    var bytes: [UInt8] = []
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        guard bytes.count + chunk.count <= fileLimit else {
                            throw Problem.fileUnpacksTooLarge(entry.path)
                        }
                        bytes.append(contentsOf: chunk)
                    }
                    try writer.file(entry.path, bytes)
                }
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .damagedZip("\(error)")
        }
    }

    // MARK: tar.gz

    private static func gunzip(_ path: String) throws(Problem) -> [UInt8] {
        let packed = try read(path)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let result = packed.withUnsafeBufferPointer {
            haven_gunzip($0.baseAddress, $0.count, sizeLimit + 1024 * 1024, &output, &length)
        }
        defer { haven_gzip_free(output) }
        switch Int(result) {
        case HAVEN_GZIP_OK: return Array(UnsafeBufferPointer(start: output, count: length))
        case HAVEN_GZIP_TOO_LARGE: throw .unpacksTooLarge
        case HAVEN_GZIP_NO_MEMORY: throw .outOfMemory
        default: throw .notGzip
        }
    }

    /// Reads a tar stream (ustar, with GNU long names and pax `path` records).
    private static func untar(_ bytes: [UInt8], _ writer: inout Writer) throws(Problem) {
        var offset = 0
        var longName: String?
        while offset + 512 <= bytes.count {
            let header = bytes[offset ..< offset + 512]
            if header.allSatisfy({ $0 == 0 }) { return }
            guard checksumHolds(header) else { throw .badTarHeader(offset: offset) }
            guard let size = octal(header, 124, 12) else { throw .badTarHeader(offset: offset) }
            let start = offset + 512
            guard size <= sizeLimit, start + size <= bytes.count else { throw .cutShort }
            let data = bytes[start ..< start + size]
            offset = start + (size + 511) / 512 * 512
            var name = longName ?? text(header, 0, 100)
            if longName == nil, header[header.startIndex + 257 ..< header.startIndex + 262].elementsEqual("ustar".utf8) {
                let prefix = text(header, 345, 155)
                if !prefix.isEmpty { name = prefix + "/" + name }
            }
            let type = header[header.startIndex + 156]
            if type != UInt8(ascii: "L") && type != UInt8(ascii: "x") && type != UInt8(ascii: "g") { longName = nil }
            switch type {
            case 0, UInt8(ascii: "0"), UInt8(ascii: "7"): try writer.file(name, data)
            case UInt8(ascii: "5"): try writer.folder(name)
            case UInt8(ascii: "L"): longName = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
            case UInt8(ascii: "x"): longName = paxPath(data) ?? longName
            case UInt8(ascii: "g"): continue
            case UInt8(ascii: "1"), UInt8(ascii: "2"), UInt8(ascii: "K"): throw .notPlain(name, what: .link)
            case UInt8(ascii: "3"), UInt8(ascii: "4"): throw .notPlain(name, what: .device)
            case UInt8(ascii: "6"): throw .notPlain(name, what: .fifo)
            default: throw .notPlain(name, what: .tarEntry(String(Character(Unicode.Scalar(type)))))
            }
        }
        throw .cutShort
    }

    private static func text(_ header: ArraySlice<UInt8>, _ at: Int, _ length: Int) -> String {
        let field = header[header.startIndex + at ..< header.startIndex + at + length]
        return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An octal field, or nil (base-256 sizes are beyond any pack's limit).
    private static func octal(_ header: ArraySlice<UInt8>, _ at: Int, _ length: Int) -> Int? {
        var value = 0
        var seen = false
        for byte in header[header.startIndex + at ..< header.startIndex + at + length] {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "7"):
                value = value * 8 + Int(byte - UInt8(ascii: "0"))
                seen = true
                if value > Int(Int32.max) { return nil }
            case UInt8(ascii: " ") where !seen: continue
            case 0, UInt8(ascii: " "): return seen ? value : 0
            default: return nil
            }
        }
        return seen ? value : 0
    }

    private static func checksumHolds(_ header: ArraySlice<UInt8>) -> Bool {
        guard let recorded = octal(header, 148, 8) else { return false }
        var sum = 0
        for (index, byte) in header.enumerated() { sum += (148 ..< 156).contains(index) ? 32 : Int(byte) }
        return sum == recorded
    }

    /// The `path` of pax extended-header records (`LEN path=NAME\n`).
    private static func paxPath(_ data: ArraySlice<UInt8>) -> String? {
        var path: String?
        for record in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let space = record.firstIndex(of: " ") else { continue }
            let pair = record[record.index(after: space)...]
            if pair.hasPrefix("path=") { path = String(pair.dropFirst(5)) }
        }
        return path
    }

    // MARK: Making a .tar.gz

    /// Packs the plain files of `folder` (sorted, with their folders) into a
    /// `.tar.gz`: owner 0, time 0, modes 644/755, so that the same files
    /// always make the same bytes.
    public static func tarGz(_ folder: String, files: [String]) throws(Problem) -> [UInt8] {
        var tar: [UInt8] = []
        var folders = Set<String>()
        for file in files.sorted() {
            var parts = file.split(separator: "/").dropLast()
            var prefixes: [String] = []
            while !parts.isEmpty {
                prefixes.append(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
            for prefix in prefixes.reversed() where folders.insert(prefix).inserted {
                try tar.append(contentsOf: header(prefix + "/", size: 0, type: UInt8(ascii: "5"), mode: 0o755))
            }
            let bytes: [UInt8]
            switch PlainFile.contents(folder + "/" + file, limit: fileLimit) {
            case .bytes(let read): bytes = read
            case .tooLarge(let size): throw .exportFileTooLarge(file, bytes: size)
            case .notPlain(let problem): throw .notPlain(file, what: .other(problem))
            case .unreadable(let reason): throw .cannotRead(file, reason: reason)
            }
            try tar.append(contentsOf: header(file, size: bytes.count, type: UInt8(ascii: "0"), mode: 0o644))
            tar.append(contentsOf: bytes)
            tar.append(contentsOf: [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512))
        }
        tar.append(contentsOf: [UInt8](repeating: 0, count: 1024))
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let result = tar.withUnsafeBufferPointer { haven_gzip($0.baseAddress, $0.count, &output, &length) }
        defer { haven_gzip_free(output) }
        guard Int(result) == HAVEN_GZIP_OK else { throw .outOfMemory }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    private static func header(_ name: String, size: Int, type: UInt8, mode: Int) throws(Problem) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int, _ length: Int) {
            for (index, byte) in text.utf8.prefix(length).enumerated() { header[offset + index] = byte }
        }
        let utf8 = Array(name.utf8)
        if utf8.count <= 100 {
            put(name, at: 0, 100)
        } else if let split = utf8.indices.last(where: { utf8[$0] == UInt8(ascii: "/") && $0 <= 155 && utf8.count - $0 - 1 <= 100 }) {
            put(String(decoding: utf8[(split + 1)...], as: UTF8.self), at: 0, 100)
            put(String(decoding: utf8[..<split], as: UTF8.self), at: 345, 155)
        } else {
            throw .pathTooLong(name)
        }
        put(String(format: "%07o", mode), at: 100, 8)
        put("0000000", at: 108, 8)
        put("0000000", at: 116, 8)
        put(String(format: "%011o", size), at: 124, 12)
        put("00000000000", at: 136, 12)
        header[156] = type
        put("ustar", at: 257, 6)
        put("00", at: 263, 2)
        put("        ", at: 148, 8)
        let sum = header.reduce(0) { $0 + Int($1) }
        put(String(format: "%06o", sum) + "\0 ", at: 148, 8)
        return header
    }
}
