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
    /// Whether the file may set personal keys (`since`, `pinned`): anything
    /// but an installed pack (a folder named to `validate` may be a home).
    var mayBePersonal: Bool

    /// The text, kept for the source line under a diagnostic.
    var text: String {
        didSet { lineStarts = SourceFile.lineStarts(of: text) }
    }
    /// Where each line starts in `text`: found once, so that a message's
    /// source line never re-reads the file from its start.
    private var lineStarts: [String.Index] = []

    init(display: String, absolute: String, pack: String, packRoot: String, packDisplay: String, text: String,
         mayBePersonal: Bool) {
        self.display = display
        self.absolute = absolute
        self.pack = pack
        self.packRoot = packRoot
        self.packDisplay = packDisplay
        self.mayBePersonal = mayBePersonal
        self.text = text
        lineStarts = SourceFile.lineStarts(of: text)
    }

    private static func lineStarts(of text: String) -> [String.Index] {
        var starts = [text.startIndex]
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let newline = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = utf8.index(after: newline)
            starts.append(index)
        }
        return starts
    }

    /// The `line`th line (1-based), without its line break.
    func line(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? text.utf8.index(before: lineStarts[line]) : text.endIndex
        var result = String(text[start..<end])
        if result.hasSuffix("\r") { result.removeLast() }
        return result
    }
}
