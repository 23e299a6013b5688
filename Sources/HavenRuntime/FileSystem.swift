import Foundation
import HavenCore

/// File-system questions the runtime asks.
enum FileSystem {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `path` is a regular file with something in it (one stat).
    static func isNonEmptyFile(_ path: String) -> Bool {
        guard let stamp = PlainFile.stamp(path) else { return false }
        return stamp.isRegular && stamp.size > 0
    }
}
