import Foundation
import HavenCore

extension HookHost {
    /// The hook points a hooks file defines (`on_log`, `validate` …), sorted;
    /// none for a file that does not load.
    public func hookPoints(in reference: HookReference) -> [String] {
        ((try? loaded(reference))?.defined.map(\.name) ?? []).filter { HookPoint(rawValue: $0) != nil }.sorted()
    }

    /// What `haven validate` says about a hooks file: a syntax error, or an
    /// error of its top level, at its line; and every global function that
    /// is not a hook, since a misspelt hook would silently never run.
    public func diagnostics(for reference: HookReference) -> [Diagnostic] {
        let lines = (try? String(contentsOfFile: reference.absolutePath, encoding: .utf8))?
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        func diagnostic(line: Int, _ message: String) -> Diagnostic {
            let source = line >= 1 && line <= lines.count ? lines[line - 1] : nil
            let column = (source?.prefix { $0 == " " || $0 == "\t" }.count ?? 0) + 1
            return Diagnostic(file: reference.display, line: source == nil ? 0 : line, column: column,
                              message: message, sourceLine: source)
        }
        let loaded: LoadedChunk
        do {
            loaded = try self.loaded(reference)
        } catch {
            return [diagnostic(line: error.line ?? 0, error.detail)]
        }
        let hooks = HookPoint.allCases.map(\.rawValue)
        return loaded.defined.filter { !hooks.contains($0.name) }.map { function in
            let name = function.name
            let closest = Suggestion.closest(to: name, in: hooks)
            let message = closest.map { "unknown hook '\(name)' (did you mean '\($0)'?); a helper function must be "
                + "local: local function \(name)(...)" }
                ?? "'\(name)' is not a hook (\(hooks.joined(separator: ", "))); make it local: local function \(name)(...)"
            return diagnostic(line: function.line, message)
        }
    }
}
