/// What trust is given to (SPEC §8, #28 item 10): every file of a pack
/// that runs or renders, wherever it lies: all of `hooks/`, every `.lua`
/// file (a tracker's `hooks:` may name one anywhere in the pack), all of
/// `report/` and every `.mustache` template. Its hash, `c1:` and the same
/// lines as `h1:`, is what the lock keeps as `trusted`: adding or changing
/// any such file asks for trust again.
public enum PackTrust {
    /// The files trust covers, relative to the pack, sorted.
    public static func files(_ root: String) throws(PackHash.Problem) -> [String] {
        try PackHash.files(in: root).filter(covers)
    }

    static func covers(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasPrefix("hooks/") || lower.hasPrefix("report/") || lower.hasSuffix(".lua")
            || lower.hasSuffix(".mustache")
    }

    /// The `c1:` hash of the files trust covers.
    public static func hash(_ root: String) throws(PackHash.Problem) -> String {
        "c1:" + (try PackHash.digest(root, paths: try files(root)))
    }

    /// The `c1:` hash the entry's trust covers, for the pack folder at
    /// `root`; nil while it waits for trust. A lock written before trust
    /// covered more than `hooks/` holds the `h1:` of `hooks/`: it still
    /// holds while `hooks/` is as trusted and the whole folder as installed
    /// (so nothing was added since), and then covers the files as they are.
    public static func covered(by entry: PackLock.Entry, at root: String) -> String? {
        guard let trusted = entry.trusted else { return nil }
        if trusted.hasPrefix("c1:") { return trusted }
        guard (try? PackHash.hooks(root)) == trusted, (try? PackHash.h1(root)) == entry.hash else { return nil }
        return try? hash(root)
    }

    /// True when the pack at `root` is as its trust covers.
    public static func holds(_ entry: PackLock.Entry, at root: String) -> Bool {
        guard let covered = covered(by: entry, at: root) else { return false }
        return (try? hash(root)) == covered
    }
}
