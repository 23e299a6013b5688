/// Text on its way to a terminal (SPEC §13). Names, icons, units, labels,
/// messages, notes, file names and hook texts come from shared packs and
/// databases, so nothing printed may carry an escape sequence raw: control
/// characters are shown as their Unicode pictures (ESC as `␛`), C1 controls
/// and bidirectional overrides as `�`. Haven's own styles travel as
/// noncharacters (`U+FDD0`...), which only the print point turns into
/// colour, so no text can forge an escape sequence; the most a file can
/// forge is one of Haven's own colours.
enum TerminalText {
    /// The styles Haven prints with, and their SGR codes.
    static let styles = ["1", "2", "31", "32", "33", "36"]
    static let firstStyle: UInt32 = 0xFDD0
    static let reset: UInt32 = 0xFDDF

    /// `text` with every control made visible and Haven's style marks
    /// turned into colour (`color`) or dropped.
    static func printable(_ text: String, color: Bool) -> String {
        // Text with nothing to change passes as it is (most lines: a status
        // of 1,000 trackers spent 8 % of its time copying them scalar by scalar).
        if !needsWork(text.utf8) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0A, 0x09:
                out.append(scalar)
            case 0x00..<0x20:
                out.append(Unicode.Scalar(0x2400 + v)!)
            case 0x7F:
                out.append("\u{2421}")
            case 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out.append("\u{FFFD}")
            case firstStyle..<(firstStyle + UInt32(styles.count)):
                if color { out.append(contentsOf: "\u{1B}[\(styles[Int(v - firstStyle)])m".unicodeScalars) }
            case reset:
                if color { out.append(contentsOf: "\u{1B}[0m".unicodeScalars) }
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `printable` changes anything in these UTF-8 bytes: a control
    /// other than a line break or tab, DEL, a C1 control (C2 80–9F), an
    /// Arabic letter mark (D8 9C), a bidirectional mark or override (E2 80
    /// 8E–8F, AA–AE; E2 81 A6–A9) or one of Haven's style marks (EF B7 90–9F).
    static func needsWork(_ bytes: String.UTF8View) -> Bool {
        var iterator = bytes.makeIterator()
        var b0: UInt8 = 0, b1: UInt8 = 0
        while let byte = iterator.next() {
            switch (b1, b0, byte) {
            case (_, _, 0x00..<0x09), (_, _, 0x0B..<0x20), (_, _, 0x7F): return true
            case (_, 0xC2, 0x80..<0xA0), (_, 0xD8, 0x9C): return true
            case (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xAA...0xAE), (0xE2, 0x81, 0xA6...0xA9): return true
            case (0xEF, 0xB7, 0x90...0x9F): return true
            default: break
            }
            b1 = b0
            b0 = byte
        }
        return false
    }

    /// `text` on one line with every control and bidirectional mark made
    /// visible: for a name that goes into a menu or a status bar's JSON,
    /// where no printer of Haven's sees it after.
    static func visible(_ text: String) -> String {
        printable(oneLine(text), color: false)
    }

    /// `text` on one line: each control character (a line break, a tab)
    /// shown as its picture (␊, ␉), for a value quoted in a message.
    static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0 ..< 0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append("\u{2421}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
