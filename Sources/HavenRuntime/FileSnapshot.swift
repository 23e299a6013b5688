import Foundation
import HavenCore
import HavenSystem

/// The modification times and sizes of a set of paths: equal snapshots mean
/// nothing a catalog was loaded from has changed (an edit, a new file, a
/// removed one), so a long-running REPL can keep what it loaded.
public struct FileSnapshot: Equatable, Sendable {
    private var stamps: [String: PlainFile.Stamp?]

    public init(_ paths: [String]) {
        var stamps: [String: PlainFile.Stamp?] = [:]
        // A missing path is kept, as nil, so that `refreshed` looks for it again.
        for path in paths { stamps[path] = .some(PlainFile.stamp(path)) }
        self.stamps = stamps
    }

    /// A snapshot of the same paths as they are now.
    public func refreshed() -> FileSnapshot { FileSnapshot(Array(stamps.keys)) }
}
