import Foundation

/// Small, fast file-system reads for the loader.
enum FileReader {
    /// The names in a folder, sorted; empty when it does not exist.
    static func list(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// What reading a file gave.
    enum Contents {
        case bytes([UInt8])
        /// Larger than the limit: its size, and nothing read.
        case tooLarge(Int)
        case unreadable
    }

    /// Reads a file of at most `limit` bytes; a larger one is refused after
    /// a `stat`, without reading it.
    static func contents(_ path: String, limit: Int) -> Contents {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable }
        if Int(info.st_size) > limit { return .tooLarge(Int(info.st_size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { return .unreadable }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        // A file that grew while it was read is refused like a large one.
        return bytes.count > limit ? .tooLarge(bytes.count) : .bytes(bytes)
    }
}
