import Foundation
import HavenCore

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

    /// The names in a folder, sorted, or why it cannot be listed.
    static func names(in folder: String) -> Result<[String], Unlistable> {
        guard let directory = opendir(folder) else {
            return .failure(Unlistable(reason: String(cString: strerror(errno)).lowercased()))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    /// Reads a plain file of at most `limit` bytes (see `PlainFile.read`).
    static func contents(_ path: String, limit: Int) -> PlainFile.Contents {
        PlainFile.contents(path, limit: limit)
    }
}
