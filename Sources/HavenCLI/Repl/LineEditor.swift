internal import CEditLoader
import Foundation

/// Line editing, history and Tab completion through libedit's
/// readline-compatible API, loaded when the REPL starts (CEditLoader).
/// libedit calls back through C function pointers without a context, so the
/// completion source lives in one static slot, set by the REPL that owns
/// the editor. Without libedit, lines are read plainly from standard input.
final class LineEditor {
    /// Candidates for (line before the word, the word).
    nonisolated(unsafe) static var complete: (String, String) -> [String] = { _, _ in [] }
    nonisolated(unsafe) private static var pending: [String] = []
    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0

    private let historyPath: String
    /// Why libedit could not be loaded; nil when it was.
    let unavailable: String?

    init(historyPath: String) {
        self.historyPath = historyPath
        guard haven_edit_load() == 0 else {
            unavailable = String(cString: haven_edit_error())
            return
        }
        unavailable = nil
        // Without a UTF-8 locale libedit drops every non-ASCII character typed;
        // a language whose locale is not installed still gets UTF-8 input.
        if setlocale(LC_CTYPE, "") == nil || !String(cString: nl_langinfo(nl_item(CODESET))).contains("UTF-8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        haven_edit_setup(strdup("haven"), 1000) { text, start, _ in
            haven_edit_completion_over()
            let line = haven_edit_line_buffer().map { String(cString: $0) } ?? ""
            let before = String(line.utf8.prefix(Int(start))) ?? ""
            let word = text.map { String(cString: $0) } ?? ""
            LineEditor.pending = LineEditor.complete(before, word)
            return haven_edit_completion_matches(text) { _, state in
                if state == 0 { LineEditor.pendingIndex = 0 }
                guard LineEditor.pendingIndex < LineEditor.pending.count else { return nil }
                defer { LineEditor.pendingIndex += 1 }
                return strdup(LineEditor.pending[LineEditor.pendingIndex])
            }
        }
        try? FileManager.default.createDirectory(atPath: (historyPath as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = haven_edit_read_history(historyPath)
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
        guard unavailable == nil else {
            Console.writeAll(prompt, to: STDOUT_FILENO)
            return readLine().map { .text($0) } ?? .end
        }
        LineEditor.interrupted = 0
        guard let raw = haven_edit_readline(prompt) else {
            return LineEditor.interrupted != 0 ? .interrupted : .end
        }
        defer { free(raw) }
        if LineEditor.interrupted != 0 { return .interrupted }
        let line = String(cString: raw)
        if !line.allSatisfy(\.isWhitespace) {
            _ = haven_edit_add_history(line)
            _ = haven_edit_write_history(historyPath)
        }
        return .text(line)
    }
}
