@preconcurrency internal import CEditline
import Foundation

/// Line editing, history and Tab completion through libedit's
/// readline-compatible API. libedit calls back through C function pointers
/// without a context, so the completion source lives in one static slot,
/// set by the REPL that owns the editor.
final class LineEditor {
    /// Candidates for (line before the word, the word).
    nonisolated(unsafe) static var complete: (String, String) -> [String] = { _, _ in [] }
    nonisolated(unsafe) private static var pending: [String] = []
    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0

    private let historyPath: String

    init(historyPath: String) {
        self.historyPath = historyPath
        // Without a UTF-8 locale libedit drops every non-ASCII character typed;
        // a language whose locale is not installed still gets UTF-8 input.
        if setlocale(LC_CTYPE, "") == nil || !String(cString: nl_langinfo(nl_item(CODESET))).contains("UTF-8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        rl_readline_name = UnsafePointer(strdup("haven"))
        using_history()
        stifle_history(1000)
        try? FileManager.default.createDirectory(atPath: (historyPath as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = read_history(historyPath)
        rl_attempted_completion_function = { text, start, _ in
            rl_attempted_completion_over = 1
            let line = rl_line_buffer.map { String(cString: $0) } ?? ""
            let before = String(line.utf8.prefix(Int(start))) ?? ""
            let word = text.map { String(cString: $0) } ?? ""
            LineEditor.pending = LineEditor.complete(before, word)
            return rl_completion_matches(text) { _, state in
                if state == 0 { LineEditor.pendingIndex = 0 }
                guard LineEditor.pendingIndex < LineEditor.pending.count else { return nil }
                defer { LineEditor.pendingIndex += 1 }
                return strdup(LineEditor.pending[LineEditor.pendingIndex])
            }
        }
        // Ctrl-C abandons the line being typed, never the session.
        signal(SIGINT) { _ in LineEditor.interrupted = 1 }
    }

    nonisolated(unsafe) private static var pendingIndex = 0

    enum Line {
        case text(String)
        /// Ctrl-C: the half-typed line is dropped.
        case interrupted
        /// Ctrl-D on an empty line.
        case end
    }

    /// Reads one line with the prompt; a non-empty line goes to the history.
    func read(prompt: String) -> Line {
        LineEditor.interrupted = 0
        guard let raw = readline(prompt) else {
            return LineEditor.interrupted != 0 ? .interrupted : .end
        }
        defer { free(raw) }
        if LineEditor.interrupted != 0 { return .interrupted }
        let line = String(cString: raw)
        if !line.allSatisfy(\.isWhitespace) {
            _ = add_history(line)
            _ = write_history(historyPath)
        }
        return .text(line)
    }
}
