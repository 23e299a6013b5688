import HavenSystem

/// Reading an import's files from the disk, whole and strictly.
public enum ImportFiles {
    /// The text of the file at `path` (`shown` in messages), at most 1 GiB; links are followed.
    public static func text(_ path: String, shown: String) throws(ImportError) -> String {
        switch PlainFile.contents(path, limit: 1 << 30, followLinks: true) {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .tooLarge(let size): throw ImportError(file: shown, .tooLarge(bytes: size))
        case .notPlain(let problem): throw ImportError(file: shown, .notPlain(problem))
        case .unreadable where PlainFile.kind(path) == .missing: throw ImportError(file: shown, .missing)
        case .unreadable(let reason): throw ImportError(file: shown, .unreadable(reason))
        }
    }
}
