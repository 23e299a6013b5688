import Foundation

/// Reads single keys from a terminal, without Enter: the check-in's one-key
/// answers. The terminal's mode is restored after each key.
enum KeyReader {
    /// One key, or nil at end of input and for Ctrl-C or Ctrl-D, which end
    /// what is asking (the check-in), in a REPL too: the key arrives as a
    /// byte here, never as a signal the REPL would swallow.
    static func key() -> Character? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return line()?.first }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1, byte != 3, byte != 4 else { return nil }
        return Character(Unicode.Scalar(byte))
    }

    static func line() -> String? { readLine() }

    static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// A line typed without echo on a terminal (a password), the prompt on
    /// standard error; from a pipe, one line of standard input.
    static func secret(prompt: String) -> String? {
        var saved = termios()
        guard isTerminal, tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        Console.writeAll(prompt, to: STDERR_FILENO)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            Console.writeAll("\n", to: STDERR_FILENO)
        }
        return readLine(strippingNewline: true)
    }
}
