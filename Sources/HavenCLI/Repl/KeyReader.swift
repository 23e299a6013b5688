import Foundation

/// Reads single keys from a terminal, without Enter: the check-in's one-key
/// answers. The terminal's mode is restored after each key.
enum KeyReader {
    /// One key, or nil at end of input.
    static func key() -> Character? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return line()?.first }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        return Character(Unicode.Scalar(byte))
    }

    static func line() -> String? { readLine() }
}
