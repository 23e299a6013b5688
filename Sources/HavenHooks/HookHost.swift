import Foundation
import HavenCore
import Lua

/// A call's instruction budget, a pack's memory cap and the bound on pattern
/// matches.
public typealias HookLimits = LuaLimits

/// Runs the hooks of every pack: one Lua state per pack, so one pack can
/// neither read nor change another's globals (the person's own `local` pack
/// too), and each hooks file with its own globals inside its pack's state.
/// Files are loaded on first use and kept; a file that fails to load fails
/// every call that needs it, with the same message.
public final class HookHost {
    public let limits: LuaLimits
    private var states: [String: LuaState] = [:]
    private var chunks: [String: Result<LoadedChunk, HookError>] = [:]
    /// Per tracker id: its table for hooks, kept in its pack's state.
    private var trackerTables: [String: LuaKept] = [:]

    struct LoadedChunk {
        var state: LuaState
        var chunk: LuaChunk
        var functions: Set<String>
        /// Every global function, with the line it starts on.
        var defined: [(name: String, line: Int)]
        /// A hash of the file's bytes.
        var hash: UInt64
    }

    public init(limits: LuaLimits = .default) {
        self.limits = limits
    }

    /// The largest hooks file read, like a YAML file.
    static let maxFileBytes = 1 << 20

    /// The hooks file of `reference`, loaded into its pack's state.
    func loaded(_ reference: HookReference) throws(HookError) -> LoadedChunk {
        if let cached = chunks[reference.absolutePath] { return try cached.get() }
        let result = Result { () throws(HookError) -> LoadedChunk in try load(reference) }
        chunks[reference.absolutePath] = result
        return try result.get()
    }

    private func load(_ reference: HookReference) throws(HookError) -> LoadedChunk {
        guard let data = FileManager.default.contents(atPath: reference.absolutePath) else {
            throw HookError(message: "\(reference.display): cannot read this hooks file; check that it exists and is readable")
        }
        guard data.count <= HookHost.maxFileBytes else {
            throw HookError(message: "\(reference.display): the file is \(data.count) bytes; hooks files may have at most 1 MiB")
        }
        let state: LuaState
        if let existing = states[reference.pack] {
            state = existing
        } else {
            do {
                state = try LuaState(limits: limits)
            } catch {
                throw HookError(message: "\(reference.display): \(error.message)")
            }
            states[reference.pack] = state
        }
        do {
            let chunk = try state.load(String(decoding: data, as: UTF8.self), name: reference.display)
            let defined = try state.functions(of: chunk)
            return LoadedChunk(state: state, chunk: chunk, functions: Set(defined.map(\.name)), defined: defined,
                               hash: HookHost.hash(data))
        } catch {
            // Lua's own message: `file:line: unexpected symbol near '+'`.
            throw HookError(message: error.kind == .memory ? "\(reference.display): \(error.message) (a pack's hooks "
                + "may hold at most \(limits.memory >> 20) MiB)" : error.message)
        }
    }

    /// Whether a tracker's hooks define `point`; false without hooks. A file
    /// that does not load throws, so that its problem is never hidden.
    public func defines(_ point: HookPoint, for tracker: TrackerDefinition) throws(HookError) -> Bool {
        guard let reference = tracker.hooks else { return false }
        return try loaded(reference).functions.contains(point.rawValue)
    }

    /// What a tracker's walk depends on in its hooks: the hooks file's
    /// contents when it defines `day_outcome`, else nothing. Engine
    /// checkpoints are kept under it, so editing the file invalidates them.
    public func walkFingerprint(for tracker: TrackerDefinition) throws(HookError) -> String {
        guard let reference = tracker.hooks else { return "" }
        let loaded = try loaded(reference)
        guard loaded.functions.contains(HookPoint.dayOutcome.rawValue) else { return "" }
        return "day_outcome:" + String(loaded.hash, radix: 16)
    }

    /// FNV-1a, 64 bits.
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Calls a hook of a tracker with the arguments `build` pushes; nil when
    /// its file does not define it.
    func call(_ point: HookPoint, of tracker: TrackerDefinition, context: String,
              _ build: (LoadedChunk, inout LuaArguments) throws(LuaError) -> Void) throws(HookError) -> LuaResult? {
        guard let reference = tracker.hooks else { return nil }
        let loaded = try loaded(reference)
        guard loaded.functions.contains(point.rawValue) else { return nil }
        do {
            var arguments = LuaArguments()
            try build(loaded, &arguments)
            return try loaded.state.call(point.rawValue, of: loaded.chunk, arguments)
        } catch {
            throw HookError(error, file: reference.display, hook: point, context: context, limits: limits)
        }
    }

    /// `{id, type, mode, input}`, built once per tracker (in its pack's
    /// state) and shared by calls.
    func trackerTable(_ tracker: TrackerDefinition, in state: LuaState) throws(LuaError) -> LuaKept {
        if let kept = trackerTables[tracker.id] { return kept }
        var fields: [(String, LuaValue)] = [("id", .string(tracker.id)), ("type", .string(tracker.type.rawValue)),
                                            ("input", .string(tracker.input.rawValue))]
        if let mode = tracker.mode { fields.append(("mode", .string(mode.rawValue))) }
        let kept = try state.keep(.table(fields: fields))
        trackerTables[tracker.id] = kept
        return kept
    }
}
