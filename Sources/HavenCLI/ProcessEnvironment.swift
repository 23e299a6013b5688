import Glibc

/// The process's environment, read straight from `environ`: Foundation's
/// `ProcessInfo.environment` builds it through its own bridging, a cost
/// every one-shot command paid before its first line.
enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                // The first of two entries with one name wins, as getenv reads it.
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
