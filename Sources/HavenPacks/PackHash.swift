import Crypto
import Foundation
import HavenCore
import HavenSystem

/// The `h1:` content hash of a pack folder (SPEC §8), as Go modules hash a
/// directory: one line per file, `<hex sha256 of its bytes>  <path>\n`,
/// sorted by path, then `h1:` and the base64 SHA-256 of those lines. It
/// depends on the files' paths and bytes only, never on the order a folder
/// lists them in or their times. `.git/` is left out.
public enum PackHash {
    public enum Problem: Error, Equatable {
        /// A path that is not a plain file or folder (a link, a FIFO…): packs hold none.
        case notPlain(path: String, problem: String)
        /// A path the line format cannot hold.
        case badName(path: String)
        case unreadable(path: String, reason: String)
    }

    /// The hash of a pack's `hooks/` folder, what trust was given to before
    /// it covered every file that runs or renders (`PackTrust`); the hash
    /// of nothing when the pack has none.
    public static func hooks(_ pack: String) throws(Problem) -> String {
        PlainFile.kind(pack + "/hooks") == .missing ? "h1:" + Data(SHA256.hash(data: Data())).base64EncodedString()
            : try h1(pack + "/hooks")
    }

    /// The lower-case hex SHA-256 of some bytes (what `--sha256` names).
    public static func sha256(_ bytes: some DataProtocol) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Every plain file of a pack, relative to it and sorted (`.git/` left out).
    public static func files(in folder: String) throws(Problem) -> [String] {
        try files(in: folder, under: "")
    }

    /// The hash of `folder`; a file over `fileLimit` bytes is refused.
    public static func h1(_ folder: String, fileLimit: Int = Int.max) throws(Problem) -> String {
        "h1:" + (try digest(folder, paths: try files(in: folder, under: ""), fileLimit: fileLimit))
    }

    /// The base64 SHA-256 of the lines of `paths` (relative to `folder`, sorted).
    static func digest(_ folder: String, paths: [String], fileLimit: Int = Int.max) throws(Problem) -> String {
        var lines = ""
        for path in paths {
            let data: Data
            switch PlainFile.contents(folder + "/" + path, limit: fileLimit) {
            case .bytes(let bytes): data = Data(bytes)
            case .notPlain(let problem): throw .notPlain(path: path, problem: problem)
            case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
            case .tooLarge(let size):
                throw .unreadable(path: path, reason: "\(size) bytes; a pack's file may hold \(fileLimit >> 20) MiB")
            }
            lines += sha256(data) + "  " + path + "\n"
        }
        return Data(SHA256.hash(data: Data(lines.utf8))).base64EncodedString()
    }

    /// Every file below `folder`, as paths relative to it, sorted by their bytes.
    static func files(in root: String, under relative: String) throws(Problem) -> [String] {
        let folder = relative.isEmpty ? root : root + "/" + relative
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable(path: relative.isEmpty ? "." : relative, reason: error.localizedDescription)
        }
        var paths: [String] = []
        for name in names where !(relative.isEmpty && name == ".git") {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard !name.contains("\n"), !name.contains("\r") else { throw .badName(path: path) }
            switch PlainFile.kind(root + "/" + path) {
            case .folder: paths += try files(in: root, under: path)
            case .file: paths.append(path)
            case .missing: continue
            case .link, .special:
                throw .notPlain(path: path, problem: PlainFile.problem(root + "/" + path) ?? "is not a plain file")
            }
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
