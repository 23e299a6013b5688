import Glibc
import HavenCore
import HavenSystem

/// Whether anything a catalog was loaded from has changed, for a REPL that
/// keeps its catalog between lines. An inotify watch on each folder
/// involved, so that asking costs one `read` however many trackers there
/// are (a `stat` of every file cost 3.3 µs a tracker, every line). Where
/// inotify is not available, the paths' times and sizes are compared
/// instead (`FileSnapshot`).
public final class FileWatch: @unchecked Sendable {
    private var descriptor: Int32 = -1
    /// Each watched folder, with the names in it that matter (nil: every name).
    private var interest: [Int32: Set<String>?] = [:]
    private var changed = false
    private var snapshot: FileSnapshot?

    public init(_ paths: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            snapshot = FileSnapshot(paths)
            return
        }
        let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                           | IN_DELETE_SELF | IN_MOVE_SELF)
        func watch(_ folder: String, names: Set<String>?) -> Bool {
            let wd = inotify_add_watch(descriptor, folder, mask)
            guard wd >= 0 else { return false }
            // One folder named twice (a file and its sibling) is one watch: the names add up.
            switch (interest[wd], names) {
            case (nil, _): interest[wd] = names
            case (let old??, let new?): interest[wd] = old.union(new)
            default: interest[wd] = .some(nil)
            }
            return true
        }
        var unwatched: [String] = []
        for path in paths {
            let slash = path.lastIndex(of: "/")
            let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            // A folder's own changes inside it; its parent tells of it appearing, going or being replaced.
            if PlainFile.kind(path) == .folder, !watch(path, names: nil) { unwatched.append(path) }
            if !watch(parent, names: [name]) { unwatched.append(path) }
        }
        if !unwatched.isEmpty { snapshot = FileSnapshot(unwatched) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The inotify descriptor to wait on, or -1 where paths are compared instead.
    var descriptorForWaiting: Int32 { descriptor }

    /// Forgets what changed so far: the next `hasChanged` reports only what comes after.
    func rearm() {
        changed = false
        if let snapshot { self.snapshot = snapshot.refreshed() }
    }

    /// True once something watched has changed since this watch began.
    public var hasChanged: Bool {
        if changed { return true }
        if let snapshot, snapshot.refreshed() != snapshot { changed = true }
        guard descriptor >= 0 else { return changed }
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while !changed {
            let n = read(descriptor, buffer, size)
            guard n > 0 else { break }
            var offset = 0
            while offset < n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let length = Int(event.len)
                if event.wd < 0 || event.mask & UInt32(IN_Q_OVERFLOW | IN_IGNORED) != 0 {
                    changed = true
                } else if let names = interest[event.wd] {
                    if let names {
                        let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                            .assumingMemoryBound(to: CChar.self)
                        if length > 0, names.contains(String(cString: start)) { changed = true }
                    } else {
                        changed = true
                    }
                }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return changed
    }
}
