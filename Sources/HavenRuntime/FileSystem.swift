import Foundation

/// File-system questions the runtime asks.
enum FileSystem {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `path` is a regular file with something in it (one stat).
    static func isNonEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
    }
}
