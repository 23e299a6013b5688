import Foundation

/// File-system questions the runtime and the capabilities ask.
public enum FileSystem {
    /// The bytes of the regular files below `folder` (links not followed);
    /// 0 when it cannot be read.
    public static func size(of folder: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while enumerator.nextObject() != nil {
            guard let attributes = enumerator.fileAttributes,
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            total += (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        return total
    }

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
