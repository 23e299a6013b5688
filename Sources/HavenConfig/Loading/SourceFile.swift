import HavenCore

/// A file that was read for configuration, as the loader knows it.
struct SourceFile: Sendable {
    /// The path shown in diagnostics.
    var display: String
    /// The path on disk.
    var absolute: String
    /// The pack that holds the file; relative references resolve in it.
    var pack: String
    /// The pack's root on disk, for hooks paths.
    var packRoot: String
    /// The pack's root as shown to the person.
    var packDisplay: String
    /// The text, kept for the source line under a diagnostic.
    var text: String

    /// The `line`th line (1-based), without its line break.
    func line(_ line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\n" {
                if current == line { break }
                current += 1
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        guard current == line else { return nil }
        var result = String(text[start..<index])
        if result.hasSuffix("\r") { result.removeLast() }
        return result
    }
}
