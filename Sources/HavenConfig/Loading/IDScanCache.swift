import Foundation

/// Which tracker files may declare an `id:` of their own, remembered by
/// each file's identity (device, inode, size, modification and change
/// times), so that a command about one tracker reads only the files that
/// can hold it instead of every tracker file of the home (#31 item 1).
///
/// A file whose identity changed in any way is read again; so is one
/// changed within the last two seconds, which a coarse file-system clock
/// might not tell from the remembered version (git's "racily clean" case).
/// The cache is a plain text file beside the database, one line a file;
/// a cache that cannot be read or written only costs the reads it saves.
public final class IDScanCache: @unchecked Sendable {
    /// A file's identity as `lstat` gives it.
    struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: Int64, changed: Int64
    }

    private let path: String
    private var known: [String: (identity: Identity, declares: Bool)] = [:]
    private var dirty = false
    /// When this command started: files changed since two seconds before it are never remembered.
    private let now: Int64

    /// `now` (nanoseconds since 1970) is the clock's, unless a test gives it.
    public init(path: String, now: Int64? = nil) {
        self.path = path
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        self.now = now ?? Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
        load()
    }

    /// Whether the file at `file` may declare an id: remembered when its
    /// identity is the one seen before, else `scan()`'s answer.
    func mayDeclareID(_ file: String, scan: () -> Bool) -> Bool {
        guard let identity = IDScanCache.identity(file) else { return scan() }
        if let entry = known[file], entry.identity == identity { return entry.declares }
        let declares = scan()
        let settled = max(identity.modified, identity.changed) < now - 2_000_000_000
        if settled {
            known[file] = (identity, declares)
            dirty = true
        } else if known.removeValue(forKey: file) != nil {
            dirty = true
        }
        return declares
    }

    /// Writes what changed, whole (a new file renamed over the old).
    public func save() {
        guard dirty else { return }
        var text = "haven id-scan 1\n"
        for (file, entry) in known.sorted(by: { $0.key < $1.key }) where !file.contains("\n") && !file.contains("\t") {
            let i = entry.identity
            text += "\(i.device)\t\(i.inode)\t\(i.size)\t\(i.modified)\t\(i.changed)\t\(entry.declares ? 1 : 0)\t\(file)\n"
        }
        let temporary = path + ".\(getpid()).tmp"
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: temporary))) != nil else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
        dirty = false
    }

    /// Forgets every file whose path is not in `files` (removed ones).
    func keepOnly(_ files: Set<String>) {
        let before = known.count
        known = known.filter { files.contains($0.key) }
        if known.count != before { dirty = true }
    }

    private func load() {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == "haven id-scan 1" else { return }
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count == 7, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                  let size = Int64(fields[2]), let modified = Int64(fields[3]), let changed = Int64(fields[4]),
                  fields[5] == "0" || fields[5] == "1" else { continue }
            known[String(fields[6])] = (Identity(device: device, inode: inode, size: size, modified: modified,
                                                 changed: changed), fields[5] == "1")
        }
    }

    static func identity(_ file: String) -> Identity? {
        var info = stat()
        guard lstat(file, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                        modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                        changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
