import Foundation

/// A progress bar on standard error for imports and exports that take a
/// while: drawn only when standard error is a terminal, only once the work
/// has taken a second (`HAVEN_PROGRESS_DELAY` milliseconds, for tests), at
/// most ten times a second; it ends at 100% on its own line, before the
/// summary. Nothing when piped.
final class ProgressBar {
    private let label: String
    private let start = DispatchTime.now().uptimeNanoseconds
    private let delay: UInt64
    private var lastDrawn: UInt64 = 0
    private var drawn = false
    private var last = (done: Int64(0), total: Int64(0))
    private let enabled: Bool

    init(_ label: String, environment: [String: String] = ProcessEnvironment.current) {
        self.label = TerminalText.printable(label, color: false)
        enabled = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        delay = environment["HAVEN_PROGRESS_DELAY"].flatMap(UInt64.init).map { $0 * 1_000_000 } ?? 1_000_000_000
    }

    /// `done` of `total` (bytes or records) so far.
    func update(_ done: Int64, of total: Int64) {
        last = (done, total)
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start >= delay, now - lastDrawn >= 100_000_000 || done >= total else { return }
        lastDrawn = now
        draw(done, total)
    }

    /// Shows the bar full when it was shown at all.
    func finish() {
        guard enabled, drawn else { return }
        draw(max(last.total, last.done), max(last.total, last.done))
        Console.writeAll("\n", to: STDERR_FILENO)
    }

    private func draw(_ done: Int64, _ total: Int64) {
        drawn = true
        Console.writeAll("\r" + ProgressBar.line(label, done: done, total: total) + "\u{1B}[K", to: STDERR_FILENO)
    }

    /// `Reading export.zip [#######-------------]  35%  36 of 102 MB`.
    static func line(_ label: String, done: Int64, total: Int64, width: Int = 20) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let percent = String(Int((fraction * 100).rounded(.down)))
        // Whole megabytes, or tenths below ten.
        let megabytes = { (bytes: Int64) -> String in
            let value = Double(bytes) / 1_000_000
            return total >= 10_000_000 ? String(Int(value.rounded())) : String(format: "%.1f", value)
        }
        return label + " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + String(repeating: " ", count: 3 - percent.count) + percent + "%  " + megabytes(done) + " of "
            + megabytes(total) + " MB"
    }
}
