import Foundation

/// Finds the built-in `core` pack without flags, both for a binary built in
/// the repository (`swift run haven`, `.build/debug/haven`) and for one
/// installed with `make install PREFIX=...` (`PREFIX/share/haven/core`).
public enum CorePackLocator {
    /// The environment variable that overrides the search.
    public static let variable = "HAVEN_CORE_PACK"

    /// The core pack folder, or nil when none is found.
    public static func locate(environment: [String: String], executable: String?) -> String? {
        if let path = environment[variable], !path.isEmpty {
            return path
        }
        guard let executable else { return nil }
        let binDirectory = (executable as NSString).deletingLastPathComponent
        // Installed: PREFIX/bin/haven next to PREFIX/share/haven/core.
        let installed = HomeLayout.normalize(binDirectory + "/../share/haven/core")
        if isPack(installed) { return installed }
        // Built in a checkout: the repository's trackers/ above .build/.
        var directory = binDirectory
        while directory != "/" && !directory.isEmpty {
            let candidate = directory + "/trackers"
            if FileManager.default.fileExists(atPath: directory + "/Package.swift"), isPack(candidate) {
                return candidate
            }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The running executable with symbolic links resolved.
    public static func currentExecutable() -> String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    }

    private static func isPack(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/pack.yaml")
    }
}
