import Foundation

/// File-system questions the runtime and the capabilities ask.
public enum FileSystem {
    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `path` is a regular file with something in it (one stat).
    public static func isNonEmptyFile(_ path: String) -> Bool {
        guard let stamp = PlainFile.stamp(path) else { return false }
        return stamp.isRegular && stamp.size > 0
    }
}
