import Foundation
// `struct stat` is declared by several C modules; which one Swift credits
// with it differs between the debug and the static release build, and
// MemberImportVisibility wants the credited one imported: both are.
import CoreFoundation
import CDispatch

/// The modification times and sizes of a set of paths: equal snapshots mean
/// nothing a catalog was loaded from has changed (an edit, a new file, a
/// removed one), so a long-running REPL can keep what it loaded.
public struct FileSnapshot: Equatable, Sendable {
    private var stamps: [String: [Int]]

    public init(_ paths: [String]) {
        var stamps: [String: [Int]] = [:]
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 {
                stamps[path] = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size),
                                Int(info.st_ino)]
            } else {
                stamps[path] = []
            }
        }
        self.stamps = stamps
    }

    /// A snapshot of the same paths as they are now.
    public func refreshed() -> FileSnapshot { FileSnapshot(Array(stamps.keys)) }
}
