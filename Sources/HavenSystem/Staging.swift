import Foundation

/// Things made under a temporary name beside their final one
/// (`NAME.new-PID`) and renamed or linked into place whole.
public enum Staging {
    /// The temporary name for `path` in this process.
    public static func name(for path: String) -> String { path + ".new-\(getpid())" }

    /// Removes what a killed process left beside `path`: every `NAME.new-PID`
    /// whose process is gone. A living process's is left alone.
    public static func removeLeftovers(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".new-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (folder.isEmpty ? "." : folder) + "/" + name)
        }
    }
}
