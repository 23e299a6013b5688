import Foundation
import HavenCore
import HavenSystem
import Lua

/// A call's instruction budget and deadline, a command's total time, a hooks
/// file's memory cap and the bound on pattern matches.
public typealias HookLimits = LuaLimits

/// Runs the hooks of every pack: one Lua state per hooks file, so no file,
/// of another pack or of its own, can read or change another's globals or
/// standard libraries. Files are loaded on first use and kept; a file that
/// fails to load fails every call that needs it, with the same message.
/// Every call of one command shares the command's total time (`beginCommand`).
public final class HookHost {
    public let limits: LuaLimits
    /// The time left to the hooks of the running command.
    private let budget: LuaTimeBudget
    private var chunks: [String: Result<LoadedChunk, HookError>] = [:]
    /// Per tracker id: its table for hooks, kept in its pack's state.
    private var trackerTables: [String: LuaKept] = [:]

    struct LoadedChunk {
        var state: LuaState
        var chunk: LuaChunk
        var functions: Set<String>
        /// Every global function, with the line it starts on.
        var defined: [(name: String, line: Int)]
        /// The hooks file as the person sees it.
        var display: String
        /// A hash of the file's bytes.
        var hash: UInt64
    }

    public init(limits: LuaLimits = .default) {
        self.limits = limits
        budget = LuaTimeBudget(milliseconds: limits.totalMilliseconds)
    }

    /// Starts a new command: its hooks get the whole total time again.
    public func beginCommand() {
        budget.reset()
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
        let file = reference.display
        let data: Data
        switch PlainFile.contents(reference.absolutePath, limit: HookHost.maxFileBytes) {
        case .bytes(let bytes): data = Data(bytes)
        case .tooLarge(let size):
            throw HookError(.file, file: file, detail: "the file is \(size) bytes; hooks files may have at most 1 MiB")
        case .notPlain(let problem):
            throw HookError(.file, file: file, detail: "this hooks file \(problem)")
        case .unreadable(let reason):
            throw HookError(.file, file: file, detail: "cannot read this hooks file (\(reason.lowercased())); check "
                + "that it exists and is readable")
        }
        guard let code = String(validating: data, as: UTF8.self) else {
            throw HookError(.file, file: file, detail: "the file is not UTF-8 text; save it as UTF-8")
        }
        do {
            let state = try LuaState(limits: limits, budget: budget)
            let chunk = try state.load(code, name: HookError.chunkName(for: file))
            let defined = try state.functions(of: chunk)
            return LoadedChunk(state: state, chunk: chunk, functions: Set(defined.map(\.name)), defined: defined,
                               display: file, hash: HookHost.hash(data))
        } catch {
            throw HookError(error, file: file, hook: nil)
        }
    }

    /// The line a hook function starts on, for errors Lua gives no line.
    func line(of point: HookPoint, in loaded: LoadedChunk) -> Int? {
        loaded.defined.first { $0.name == point.rawValue }?.line
    }

    /// Whether a tracker's hooks define `point`; false without hooks. A file
    /// that does not load throws, so that its problem is never hidden.
    public func defines(_ point: HookPoint, for tracker: TrackerDefinition) throws(HookError) -> Bool {
        guard let reference = tracker.hooks else { return false }
        return try loaded(reference).functions.contains(point.rawValue)
    }

    /// What a tracker's walk depends on in its hooks: the hooks file's
    /// contents when it defines `day_outcome`, else nothing. Engine
    /// checkpoints are kept under it, so editing the file invalidates them;
    /// no other file can change what it computes, since each file has its
    /// own state.
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
    func call(_ point: HookPoint, of tracker: TrackerDefinition, about: String,
              _ build: (LoadedChunk, inout LuaArguments) throws(LuaError) -> Void) throws(HookError) -> (LuaResult, LoadedChunk)? {
        guard let reference = tracker.hooks else { return nil }
        let loaded = try loaded(reference)
        guard loaded.functions.contains(point.rawValue) else { return nil }
        do {
            var arguments = LuaArguments()
            try build(loaded, &arguments)
            guard let result = try loaded.state.call(point.rawValue, of: loaded.chunk, arguments) else { return nil }
            return (result, loaded)
        } catch {
            throw HookError(error, file: reference.display, hook: point, tracker: tracker.id, about: about,
                            definedAt: line(of: point, in: loaded))
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
