import Foundation
import HavenSystem

/// Which tracker files may declare an `id:` of their own, remembered by
/// each file's stamp (`PlainFile.Stamp`: device, inode, size, modification
/// and change times), so that a command about one tracker reads only the files that
/// can hold it instead of every tracker file of the home (#31 item 1).
///
/// A file whose identity changed in any way is read again; so is one
/// changed within the last two seconds, which a coarse file-system clock
/// might not tell from the remembered version (git's "racily clean" case).
/// The cache is a plain text file beside the database, one line a file;
/// a cache that cannot be read or written only costs the reads it saves.
public final class IDScanCache: @unchecked Sendable {
    private let path: String
    /// Each plain file read, by path: its stamp then, and whether it may declare an id.
    private var known: [String: (stamp: PlainFile.Stamp, declares: Bool)] = [:]
    private var dirty = false
    /// When this command started: files changed since two seconds before it are never remembered.
    private let now: Int64

    /// `now` (nanoseconds since 1970) is the clock's, unless a test gives it.
    public init(path: String, now: Int64? = nil) {
        self.path = path
        self.now = now ?? Int64(Date().timeIntervalSince1970 * 1e9)
        load()
    }

    /// Whether the file at `file` may declare an id: remembered when its
    /// stamp is the one seen before, else `scan()`'s answer.
    func mayDeclareID(_ file: String, scan: () -> Bool) -> Bool {
        guard let stamp = PlainFile.stamp(file, followLinks: false), stamp.isRegular else { return scan() }
        if let entry = known[file], entry.stamp == stamp { return entry.declares }
        let declares = scan()
        if stamp.latestNanoseconds < now - 2_000_000_000 {
            known[file] = (stamp, declares)
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
            let s = entry.stamp
            text += "\(s.device)\t\(s.inode)\t\(s.size)\t\(IDScanCache.nanoseconds(s.modifiedSeconds, s.modifiedNanoseconds))\t"
                + "\(IDScanCache.nanoseconds(s.changedSeconds, s.changedNanoseconds))\t\(entry.declares ? 1 : 0)\t\(file)\n"
        }
        let temporary = Staging.name(for: path)
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

    private static func nanoseconds(_ seconds: Int, _ nanoseconds: Int) -> Int64 {
        Int64(seconds) * 1_000_000_000 + Int64(nanoseconds)
    }

    /// Reads the cache over its bytes: splitting a `String` by characters
    /// cost 65 k instructions a line, a tenth of a one-shot `log` (D321).
    private func load() {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let bytes = [UInt8](data)
        // Scanned in place, line by line and field by field: splitting into
        // arrays allocated twice per line (2 % of a one-shot `haven log`).
        let header = Array("haven id-scan 1".utf8)
        var start = 0
        var sawHeader = false
        var cuts = [Int](repeating: 0, count: 8)
        known.reserveCapacity(bytes.count / 60)
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            defer { start = end + 1 }
            guard end > start else { continue }
            guard sawHeader else {
                guard bytes[start..<end].elementsEqual(header) else { return }
                sawHeader = true
                continue
            }
            // Six tabs cut seven fields; the last keeps any tab of its own.
            cuts[0] = start
            var fields = 1
            var i = start
            while i < end, fields < 7 {
                if bytes[i] == 9 {
                    cuts[fields] = i + 1
                    fields += 1
                }
                i += 1
            }
            cuts[fields] = end + 1
            func field(_ n: Int) -> ArraySlice<UInt8> { bytes[cuts[n]..<(cuts[n + 1] - 1)] }
            guard fields == 7, let device = IDScanCache.number(field(0)),
                  let inode = IDScanCache.number(field(1)).flatMap(Int.init(exactly:)),
                  let size = IDScanCache.number(field(2)).flatMap(Int.init(exactly:)),
                  let modified = IDScanCache.number(field(3)).flatMap(Int.init(exactly:)),
                  let changed = IDScanCache.number(field(4)).flatMap(Int.init(exactly:)),
                  field(5).count == 1, let flag = field(5).first,
                  flag == UInt8(ascii: "0") || flag == UInt8(ascii: "1")
            else { continue }
            let stamp = PlainFile.Stamp(modifiedSeconds: modified / 1_000_000_000,
                                        modifiedNanoseconds: modified % 1_000_000_000, size: size, inode: inode,
                                        isRegular: true, device: device, changedSeconds: changed / 1_000_000_000,
                                        changedNanoseconds: changed % 1_000_000_000)
            known[String(decoding: field(6), as: UTF8.self)] = (stamp, flag == UInt8(ascii: "1"))
        }
    }

    /// A decimal number of at most 19 digits (no sign: every field is a count or a time after 1970).
    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
