import Foundation
import HavenConfig
import HavenCore
import HavenImport
import HavenStore
import HavenSystem

/// Imports and exports over this session (SPEC §9).
public typealias SessionTransfer = Transfer<SessionTransferHome>

extension Session {
    /// Other apps' histories in, this home's out: over this session's
    /// trackers, clock, hooks and database.
    public var transfer: SessionTransfer { Transfer(home: SessionTransferHome(session: self)) }
}

/// What imports and exports ask of a session, answered from its catalog,
/// clock, hooks, trackers folder and database.
public struct SessionTransferHome: TransferHome {
    let session: Session

    public var trackers: [TrackerDefinition] { session.runtime.trackers }
    public var practiceHealth: [String: HealthMapping] { session.runtime.practiceHealth }
    public var zone: TimeZone { session.clock.zone }
    public var milliseconds: Int64 { session.clock.milliseconds }

    public func tracker(_ id: String) throws(RuntimeError) -> TrackerDefinition { try session.runtime.tracker(id) }

    public func firstLine(ofTrackerFile id: String) -> String? {
        let path = session.runtime.layout.trackers + "/\(id).yaml"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard case .bytes(let bytes) = PlainFile.contents(path, limit: 1 << 20) else { return "" }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    public func trackerFileText(_ id: String) -> String? {
        guard case .bytes(let bytes) = PlainFile.contents(session.runtime.layout.trackers + "/\(id).yaml", limit: 1 << 20)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func contents() throws(RuntimeError) -> StoreContents {
        try session.db { () throws(StoreError) in try session.store.contents() }
    }

    public func entries(tracker: String) throws(RuntimeError) -> [Entry] {
        try session.db { () throws(StoreError) in try session.store.entries(tracker: tracker) }
    }

    public func level(fromHealth value: Double, of tracker: String) throws(RuntimeError) -> String? {
        do {
            return try session.level(fromHealth: value, of: tracker)
        } catch .badValue(.noLevelForHealth) {
            return nil
        }
    }

    public func healthValues(_ entries: [Entry], of tracker: String) throws(RuntimeError) -> [Double?]? {
        try session.healthValues(entries, of: tracker)
    }

    public func validate(_ files: [NewTracker], from app: String) throws(RuntimeError) {
        guard !files.isEmpty else { return }
        let layout = session.runtime.layout
        let staging = Staging.name(for: layout.configRoot + "/.import")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging + "/trackers", withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: staging + "/trackers/\(file.id).yaml"))
            }
        } catch {
            throw .homeNotWritable(staging, reason: error.localizedDescription)
        }
        let core = PackLocation(id: "core", root: session.runtime.corePack, display: "core", kind: .builtin)
        let catalog = CatalogLoader.load([core, PackLocation(id: "local", root: staging, display: "trackers", kind: .local)],
                                         havenVersion: HavenVersion.current)
        guard catalog.diagnostics.isEmpty else {
            throw .packInvalid(id: app, diagnostics: catalog.diagnostics, action: "imported")
        }
    }

    public func commit(_ files: [NewTracker], _ contents: StoreContents, dryRun: Bool)
        throws(RuntimeError) -> StoreContents.Added {
        let folder = session.runtime.layout.trackers
        var created: [String] = []
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for file in files where file.created {
                    let path = folder + "/\(file.id).yaml"
                    try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    created.append(path)
                }
            } catch {
                for path in created { unlink(path) }
                throw .homeNotWritable(folder, reason: error.localizedDescription)
            }
        }
        do {
            return try session.db { () throws(StoreError) in try session.store.merge(contents, dryRun: dryRun) }
        } catch {
            // The entries did not go in: neither do the files made for them.
            for path in created { unlink(path) }
            throw error
        }
    }

    public func failure(_ problem: ImportError) -> RuntimeError {
        problem.problem == .missing ? .pathNotFound(problem.file) : .cannotImport(problem)
    }
}
