import Foundation
import HavenConfig
import HavenCore
import HavenSystem

/// The pack manager (SPEC §8): installs, restores, updates, rolls back,
/// removes, trusts, exports and scaffolds packs in one home. It gets the
/// home's folders and the runtime's catalog through `PackCatalogSource`,
/// and says why it stopped with a `PackError`; a refused command leaves
/// the home as it was.
public struct PackManager {
    public let home: PackHome
    let source: any PackCatalogSource

    public init(home: PackHome, source: any PackCatalogSource) {
        self.home = home
        self.source = source
    }

    var catalog: Catalog { source.catalog }

    /// Takes this home's packs for the command, waiting up to `seconds` for
    /// another `haven pack` command to finish.
    public func hold(waiting seconds: Double = 5) throws(PackError) -> PacksHold? {
        let descriptor = open(home.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let deadline = Date().addingTimeInterval(seconds)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw .busy(home: home.display)
            }
            usleep(50_000)
        }
        PackJournal.recover(home)
        return PacksHold(descriptor)
    }

    /// A write into the home that failed: a full disk, or the path and why.
    func writeProblem(_ path: String, _ reason: String, action: PackError.Action = .installed) -> PackError {
        Disk.isFull(path) || reason.contains(String(cString: strerror(ENOSPC)))
            ? .diskFull(home: home.display, action: action) : .cannotWrite(path: path, reason: reason)
    }

    /// The system's words inside a file problem, for a write that failed.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let problem as PackFolder.Problem:
            switch problem {
            case .notPlain(let path, let what): return "\(path) \(what)"
            case .unreadable(_, let reason), .cannotWrite(_, let reason): return reason
            }
        case let problem as PackHash.Problem:
            switch problem {
            case .notPlain(let path, let what): return "\(path) \(what)"
            case .badName(let path): return path
            case .unreadable(_, let reason): return reason
            }
        default:
            return error.localizedDescription
        }
    }

    /// The last errno as words, for a failed rename or link.
    static var lastError: String { String(cString: strerror(errno)) }

    /// Stops before a point of no return once Ctrl-C (or SIGTERM) came.
    func stopIfInterrupted(_ action: PackError.Action = .installed) throws(PackError) {
        if Interruption.wasRequested { throw .interrupted(action) }
    }

    /// `packs.lock`, or the error that says it cannot be read.
    func readLock() throws(PackError) -> PackLock {
        do {
            return try PackFolder.readLock(home.lock)
        } catch {
            throw .lockUnreadable(lock: home.display + "/packs.lock", problem: error)
        }
    }

    /// The packs of `packs.lock`, sorted.
    public func lockedIds() throws(PackError) -> [String] {
        try readLock().packs.keys.sorted()
    }

    /// The folders of `packs/`: what `pack remove`, `trust` and `update` take.
    public var installedNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.packs)) ?? []).filter {
            !$0.hasPrefix(".") && FileSystem.isDirectory(home.packs + "/" + $0)
        }.sorted()
    }

    /// What the pack `id` brings, as `catalog` loaded it.
    func summary(of id: String, in catalog: Catalog, manifest: PackManifest, source shown: String,
                 leftOut: [String] = []) -> PackSummary {
        let trackers = catalog.trackers.filter { $0.origin.pack == id }
        var files: [String: HookReference] = [:]
        for definition in trackers + catalog.presets.values where definition.origin.pack == id {
            if let reference = definition.hooks, reference.pack == id { files[reference.path] = reference }
        }
        return PackSummary(id: id, version: manifest.version, source: shown, trackers: trackers.map(\.id),
                           hooks: files.sorted { $0.key < $1.key }.map { ($0.key, source.hookPoints(in: $0.value)) },
                           code: catalog.packs.first { $0.location.id == id }.flatMap { try? PackTrust.files($0.location.root) }
                            ?? [],
                           reminders: trackers.reduce(0) { $0 + $1.reminders.filter(\.enabled).count },
                           requires: manifest.requires, haven: manifest.haven, leftOut: leftOut)
    }

    /// A pack name's problem, if it has one, said for the command that met it.
    static func nameProblem(_ name: String, _ rename: PackError.Rename) -> PackError? {
        if name == "core" || name == "local" { return .badName(name, reserved: true, rename: rename) }
        return Identifier.isValid(name) ? nil : .badName(name, reserved: false, rename: rename)
    }
}

/// Holds this home's packs for one command: `packs/` and `packs.lock`
/// change under one `haven pack` command at a time. The lock is on the
/// home's folder itself (no file is made for it) and goes when the process
/// does, however it ends.
public final class PacksHold: @unchecked Sendable {
    private let descriptor: Int32

    fileprivate init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
