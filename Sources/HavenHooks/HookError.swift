import Lua

/// Why a hook could not give an answer. The message names file, line,
/// function, tracker and day (SPEC §5):
/// `hooks/noalc.lua:12: in day_outcome (noalc, 2026-01-09): attempt to index a nil value`.
public struct HookError: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    /// A Lua error, placed in its hook: Lua's `file:line:` stays in front.
    init(_ error: LuaError, file: String, hook: HookPoint, context: String, limits: LuaLimits) {
        var text = error.message
        if error.kind == .memory {
            text += " (a pack's hooks may hold at most \(limits.memory >> 20) MiB)"
        }
        let place = "in \(hook.rawValue) (\(context))"
        if let range = HookError.position(in: text, file: file) {
            message = String(text[..<range.upperBound]) + " " + place + ":" + String(text[range.upperBound...])
        } else {
            message = "\(file): \(place): \(text)"
        }
    }

    /// A result of the wrong kind.
    init(file: String, hook: HookPoint, context: String, problem: String) {
        message = "\(file): in \(hook.rawValue) (\(context)): \(problem)"
    }

    /// The `file:LINE:` that Lua puts in front of a message, when it is there.
    private static func position(in text: String, file: String) -> Range<String.Index>? {
        guard text.hasPrefix(file + ":") else { return nil }
        var index = text.index(text.startIndex, offsetBy: file.count + 1)
        let digits = index
        while index < text.endIndex, text[index].isASCII, text[index].isNumber { index = text.index(after: index) }
        guard index > digits, index < text.endIndex, text[index] == ":" else { return nil }
        return text.startIndex..<text.index(after: index)
    }
}
