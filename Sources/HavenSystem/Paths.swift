/// Paths as strings: made absolute, normalized, trimmed; no file is touched.
public enum Paths {
    /// `path` made absolute from `directory`, normalized.
    public static func absolute(_ path: String, from directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        return normalize(joined)
    }

    /// Removes `.` and `..` components and doubled slashes.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        // Appended by hand through String's own Substring overload: `joined`
        // and `"/" + part` go through the generic Sequence append, whose
        // first call scans every protocol conformance in the binary.
        var result = ""
        for part in parts {
            result.append("/")
            result.append(contentsOf: part)
        }
        return result.isEmpty ? "/" : result
    }

    /// Without trailing slashes (`/` stays).
    public static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
