import Foundation
// `struct stat` is declared by several C modules; which one Swift credits
// with it differs between the debug and the static release build, and
// MemberImportVisibility wants the credited one imported: both are.
import CoreFoundation
import CDispatch

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
