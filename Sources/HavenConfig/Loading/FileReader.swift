import Foundation
import HavenCore
import HavenSystem

/// Small, fast file-system reads for the loader.
enum FileReader {
    /// The names in a folder, sorted; empty when it does not exist.
    static func list(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Why a folder cannot be listed, as the system words it.
    struct Unlistable: Error {
        var reason: String
    }

    /// A name in a folder; `isPlainFile` when the listing itself says it
    /// names a plain file (not a link), so that it needs no `lstat` of its own.
    struct Entry {
        var name: String
        var isPlainFile: Bool
    }

    /// The names in a folder, sorted, or why it cannot be listed.
    static func names(in folder: String) -> Result<[Entry], Unlistable> {
        guard let directory = opendir(folder) else {
            return .failure(Unlistable(reason: String(cString: strerror(errno)).lowercased()))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                entries.append(Entry(name: name, isPlainFile: entry.pointee.d_type == UInt8(DT_REG)))
            }
        }
        return .success(entries.sorted { $0.name < $1.name })
    }

    /// Reads a plain file of at most `limit` bytes (see `PlainFile.read`).
    static func contents(_ path: String, limit: Int) -> PlainFile.Contents {
        PlainFile.contents(path, limit: limit)
    }
}
