import Foundation

/// Files inside a pack are plain files (SPEC §2.1): a symbolic link, FIFO,
/// device or socket there is reported and never followed or opened.
public enum PlainFile {
    /// What a path names, without following a link.
    public enum Kind: Equatable, Sendable {
        case missing, file, folder, link
        /// A FIFO, device or socket, named as the person would say it.
        case special(String)
    }

    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFIFO: return .special("a FIFO")
        case S_IFSOCK: return .special("a socket")
        default: return .special("a device")
        }
    }

    /// What one stat(2) of a path says: enough to tell whether the file
    /// changed (its times, size, device and inode) and what it is.
    public struct Stamp: Equatable, Sendable {
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int
        public var size: Int
        public var inode: Int
        public var isRegular: Bool
        public var device: UInt64 = 0
        /// The inode's last change (ctime), which no program can set back.
        public var changedSeconds = 0
        public var changedNanoseconds = 0

        public init(modifiedSeconds: Int, modifiedNanoseconds: Int, size: Int, inode: Int, isRegular: Bool,
                    device: UInt64 = 0, changedSeconds: Int = 0, changedNanoseconds: Int = 0) {
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
            self.size = size
            self.inode = inode
            self.isRegular = isRegular
            self.device = device
            self.changedSeconds = changedSeconds
            self.changedNanoseconds = changedNanoseconds
        }

        /// The later of the modification and change times, in nanoseconds since 1970.
        public var latestNanoseconds: Int64 {
            max(Int64(modifiedSeconds) * 1_000_000_000 + Int64(modifiedNanoseconds),
                Int64(changedSeconds) * 1_000_000_000 + Int64(changedNanoseconds))
        }
    }

    /// The stamp of `path` (of a link itself unless `followLinks`), or nil
    /// when nothing is there.
    public static func stamp(_ path: String, followLinks: Bool = true) -> Stamp? {
        var info = stat()
        guard (followLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Stamp(modifiedSeconds: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
                     size: Int(info.st_size), inode: Int(info.st_ino), isRegular: info.st_mode & S_IFMT == S_IFREG,
                     device: UInt64(info.st_dev), changedSeconds: Int(info.st_ctim.tv_sec),
                     changedNanoseconds: Int(info.st_ctim.tv_nsec))
    }

    /// Why a path inside a pack is not a plain file of the kind wanted, or nil.
    public static func problem(_ path: String, folder: Bool = false) -> String? {
        switch (kind(path), folder) {
        case (.missing, _), (.file, false), (.folder, true): return nil
        case (.link, _):
            return "is a symbolic link; Haven never follows links inside a pack: put the "
                + (folder ? "folder" : "file") + " itself here"
        case (.special(let what), _): return "is \(what), not a plain file; Haven does not open it"
        case (.folder, false): return "is a folder, not a file"
        case (.file, true): return "is a file, where a folder belongs"
        }
    }

    /// The first part of `relative` below `root` that is a link or not a
    /// folder where a folder is needed, with its problem; nil when every
    /// part is a plain folder and the last a plain file (or missing).
    public static func problem(inside root: String, _ relative: String) -> (part: String, problem: String)? {
        let parts = relative.split(separator: "/").map(String.init)
        var path = root
        for (index, part) in parts.enumerated() {
            path += "/" + part
            let last = index == parts.count - 1
            if let problem = problem(path, folder: !last) {
                return (parts[0...index].joined(separator: "/"), problem)
            }
        }
        return nil
    }

    /// What reading a file gave.
    public enum Contents: Equatable, Sendable {
        case bytes([UInt8])
        /// Larger than the limit: its size, and nothing read.
        case tooLarge(Int)
        /// Not a plain file (a link, FIFO, device, folder): why.
        case notPlain(String)
        case unreadable(String)
    }

    /// Reads a plain file of at most `limit` bytes. A link is never
    /// followed and a FIFO never waited on; a larger file is refused after
    /// a `stat`, without reading it.
    /// `followLinks` is for files outside any pack that a person may link
    /// on purpose (a `packs.lock` kept with dotfiles): a FIFO is still
    /// never waited on.
    public static func contents(_ path: String, limit: Int, followLinks: Bool = false) -> Contents {
        let fd = open(path, O_RDONLY | (followLinks ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { return .notPlain(problem(path) ?? "is a symbolic link") }
            return .unreadable(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notPlain(problem(path) ?? "is not a plain file") }
        if Int(info.st_size) > limit { return .tooLarge(Int(info.st_size)) }
        // Sized by the stat, with room to notice a file that grew since.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(64 * 1024, limit - count + 1))) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
            // All the stat promised, and no more: the end, without a second read to learn it.
            if count == Int(info.st_size) && count < bytes.count { break }
        }
        // A file that grew while it was read is refused like a large one.
        if count > limit { return .tooLarge(count) }
        bytes.removeSubrange(count...)
        return .bytes(bytes)
    }
}
