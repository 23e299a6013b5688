internal import CFileStamp
import Foundation

/// The modification times and sizes of a set of paths: equal snapshots mean
/// nothing a catalog was loaded from has changed (an edit, a new file, a
/// removed one), so a long-running REPL can keep what it loaded.
public struct FileSnapshot: Equatable, Sendable {
    private var stamps: [String: [Int]]

    public init(_ paths: [String]) {
        var stamps: [String: [Int]] = [:]
        for path in paths {
            let stamp = haven_stat(path)
            stamps[path] = stamp.exists == 1
                ? [Int(stamp.mtime_seconds), Int(stamp.mtime_nanoseconds), Int(stamp.size), Int(stamp.inode)] : []
        }
        self.stamps = stamps
    }

    /// A snapshot of the same paths as they are now.
    public func refreshed() -> FileSnapshot { FileSnapshot(Array(stamps.keys)) }
}
