import Foundation
import HavenCore
import HavenSystem

/// Pack folders on disk: copied into staging file by file, moved into
/// place whole, and the lock written atomically beside them.
public enum PackFolder {
    public enum Problem: Error, Equatable {
        /// Something in the source that is no plain file or folder.
        case notPlain(path: String, problem: String)
        case unreadable(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
    }

    /// Copies the plain files and folders of `source` into `target` (made
    /// new); `.git/` is left out. A link, FIFO or device anywhere refuses
    /// the whole copy: nothing inside a pack is ever followed.
    public static func copy(_ source: String, to target: String) throws(Problem) {
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: target, reason: error.localizedDescription)
        }
        try copyContents(source, target, relative: "")
    }

    private static func copyContents(_ source: String, _ target: String, relative: String) throws(Problem) {
        let folder = relative.isEmpty ? source : source + "/" + relative
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .unreadable(path: relative.isEmpty ? "." : relative, reason: error.localizedDescription)
        }
        for name in names where !(relative.isEmpty && name == ".git") {
            let path = relative.isEmpty ? name : relative + "/" + name
            switch PlainFile.kind(source + "/" + path) {
            case .folder:
                do {
                    try FileManager.default.createDirectory(atPath: target + "/" + path, withIntermediateDirectories: true)
                } catch {
                    throw .cannotWrite(path: path, reason: error.localizedDescription)
                }
                try copyContents(source, target, relative: path)
            case .file:
                switch PlainFile.contents(source + "/" + path, limit: 16 << 20) {
                case .bytes(let bytes):
                    // Written in place: the staging folder as a whole is what moves atomically.
                    guard writeNew(target + "/" + path, bytes) else {
                        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
                    }
                case .tooLarge(let size): throw .unreadable(path: path, reason: "\(size) bytes; a pack's file may hold 16 MiB")
                case .notPlain(let problem): throw .notPlain(path: path, problem: problem)
                case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
                }
            case .missing:
                continue
            case .link, .special:
                throw .notPlain(path: path, problem: PlainFile.problem(source + "/" + path) ?? "is not a plain file")
            }
        }
    }

    /// Creates a file that must not exist yet and writes `bytes` to it.
    static func writeNew(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Moves a staged pack to its place with one rename.
    public static func commit(_ staging: String, to destination: String) throws(Problem) {
        guard rename(staging, destination) == 0 else {
            throw .cannotWrite(path: destination, reason: String(cString: strerror(errno)))
        }
    }

    /// Reads `packs.lock` (a link is followed, a FIFO never waited on); an
    /// absent file is an empty lock.
    public static func readLock(_ path: String) throws(PackLock.Problem) -> PackLock {
        switch PlainFile.contents(path, limit: 16 << 20, followLinks: true) {
        case .bytes(let bytes): return try PackLock(text: String(decoding: bytes, as: UTF8.self))
        case .unreadable where PlainFile.kind(path) == .missing: return PackLock()
        case .unreadable(let reason): throw .notAFile(reason.lowercased())
        case .tooLarge(let size): throw .tooLarge(bytes: size)
        case .notPlain(let problem): throw .notPlain(problem)
        }
    }

    /// Writes `packs.lock` whole: a new file renamed over the old.
    public static func writeLock(_ lock: PackLock, to path: String) throws(Problem) {
        let temporary = Staging.name(for: path)
        do {
            try Data(lock.text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
