import Lua

/// Why a hook could not give an answer, with the place it happened: file,
/// line, hook point, tracker and day (SPEC §5). Rendered once, by `message`:
/// `hooks/noalc.lua:12: in day_outcome (noalc, 2026-01-09): attempt to index a nil value`.
public struct HookError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The file cannot be read, is too large, or does not parse.
        case file
        /// Its code raised an error (its own, or a library's).
        case runtime
        /// It went past a limit: instructions, time, memory, work in one call.
        case limit
        /// It returned something the hook point does not take.
        case result
    }

    public var kind: Kind
    /// The hooks file as the person sees it.
    public var file: String
    /// The line in `file`, when one is known.
    public var line: Int?
    /// The hook point that was called; nil while loading the file.
    public var hook: HookPoint?
    /// The tracker it was called for.
    public var tracker: String?
    /// The day it was called about (`2026-01-09`), or the value
    /// (`level_from_health`).
    public var about: String?
    /// What went wrong, at most `maxDetail` characters.
    public var detail: String

    /// The longest detail shown: a hook's `error()` text can be megabytes.
    public static let maxDetail = 1000

    public init(_ kind: Kind, file: String, line: Int? = nil, hook: HookPoint? = nil, tracker: String? = nil,
                about: String? = nil, detail: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.hook = hook
        self.tracker = tracker
        self.about = about
        self.detail = HookError.capped(detail)
    }

    /// A Lua error, placed in its hook. Lua puts `file:line:` in front of
    /// what it says; without one (Lua's own memory error) the place is the
    /// hook function's first line, when known.
    init(_ error: LuaError, file: String, hook: HookPoint?, tracker: String? = nil, about: String? = nil,
         definedAt: Int? = nil) {
        // Lua knows the file by its short chunk name; messages name the file as the person sees it.
        let chunk = HookError.chunkName(for: file)
        var text = Substring(chunk == file ? error.message
            : error.message.split(separator: chunk + ":", omittingEmptySubsequences: false).joined(separator: file + ":"))
        var line: Int?
        if text.hasPrefix(file + ":") {
            let rest = text.dropFirst(file.count + 1)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits), rest.dropFirst(digits.count).hasPrefix(": ") {
                line = number
                text = rest.dropFirst(digits.count + 2)
            } else {
                text = rest.drop { $0 == " " }
            }
        }
        let kind: Kind = switch error.kind {
        case .syntax: .file
        case .memory, .limit: .limit
        case .runtime, .handler: .runtime
        }
        self.init(kind, file: file, line: line ?? (hook == nil ? nil : definedAt), hook: hook, tracker: tracker,
                  about: about, detail: String(text))
    }

    /// The name a hooks file's chunk gets in Lua: its file name, at most 40
    /// bytes. Lua shortens a longer source name to `...` and its last 59
    /// bytes in every message, which would cut a long home's path (found
    /// with test homes under /dev/shm); the messages get the full path back.
    static func chunkName(for file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        var name = Substring(base)
        while name.utf8.count > 40 { name = name.dropFirst() }
        return String(name)
    }

    /// The one rendering: `file:line: in hook (context): detail`.
    public var message: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let hook {
            text += "in \(hook.rawValue)"
            let context = [tracker, about].compactMap { $0 }
            if !context.isEmpty { text += " (\(context.joined(separator: ", ")))" }
            text += ": "
        }
        return text + detail
    }

    /// `detail` cut to `maxDetail` characters, saying how much was cut.
    static func capped(_ detail: String) -> String {
        guard detail.count > maxDetail else { return detail }
        return String(detail.prefix(maxDetail)) + "… (\(detail.count - maxDetail) more characters)"
    }
}
