import Foundation

/// What the file system says.
public enum Disk {
    /// True when the file system holding `path` (or the folder it would be
    /// made in) has no block left.
    public static func isFull(_ path: String) -> Bool {
        var info = statvfs()
        var folder = path
        while !folder.isEmpty, folder != "/", PlainFile.kind(folder) == .missing {
            folder = (folder as NSString).deletingLastPathComponent
        }
        return statvfs(folder.isEmpty ? "." : folder, &info) == 0 && info.f_bavail == 0
    }
}
