import Glibc

extension Console {
    /// The terminal's width in columns: `COLUMNS` when set, else standard
    /// output's terminal; nil when it is not a terminal (a pipe gets everything).
    static func terminalColumns(_ environment: [String: String]) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
