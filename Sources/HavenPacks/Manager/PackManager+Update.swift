import Foundation
import HavenConfig
import HavenCore
import HavenSystem

/// A pack's next version, staged and compared with the installed one,
/// waiting to be applied (SPEC §8 `pack update`).
public struct PackUpdate: Sendable {
    public let id: String
    /// The installed version and where it came from.
    public let fromVersion: String?
    public let staged: StagedPack
    public let changes: PackChanges
    /// True when the new code (hooks, Lua files, report templates) differs
    /// from what trust covers: trust is asked again.
    public let codeChanged: Bool
    /// True when the files are the same as installed: nothing to do.
    public var upToDate: Bool { previous.hash == staged.entry.hash }
    let previous: PackLock.Entry
}

extension PackManager {
    /// Fetches a pack's source again (its ref re-resolved: the highest tag
    /// in a range, a branch's head), stages it in place of the installed
    /// one and compares the two. Refuses a pack modified locally unless
    /// `force`; a version whose `haven:` range excludes this Haven is
    /// refused by validation like any install.
    public func planUpdate(of id: String, force: Bool, currentDirectory: String) throws(PackError) -> PackUpdate {
        let lock = try readLock()
        guard let entry = lock.packs[id] else {
            throw .notLocked(id: id, lock: home.display + "/packs.lock", for: .update)
        }
        let installed = home.packs + "/" + id
        guard entry.source.kind != .link else { throw .linkedNeverUpdated(id: id, folder: entry.source.path) }
        guard FileSystem.isDirectory(installed) else { throw .lockedButMissing(id: id, home: home.display) }
        if !force, (try? PackHash.h1(installed)) != entry.hash { throw .modifiedNeedsForce(id: id) }
        let scratch = Staging.name(for: home.root + "/.pack-fetch-\(id)")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fetched: FetchedSource
        switch (entry.source.kind, entry.source.path, entry.source.url) {
        case (.git, _, let url?):
            do {
                let (commit, version) = try GitSource.fetch(url, ref: entry.source.ref, into: scratch)
                fetched = FetchedSource(root: scratch, shown: url, source: entry.source, resolved: commit, tagVersion: version,
                                        owned: true)
            } catch {
                throw PackManager.git(error, or: .nothingDone(.cannotFetch(source: url, problem: error), .updated))
            }
        case (.folder, let path?, _):
            guard FileSystem.isDirectory(path) else { throw .sourceGone(id: id, path: path) }
            fetched = FetchedSource(root: path, shown: path, source: entry.source)
        case (.archive, nil, let url?):
            throw .pinnedArchive(id: id, url: url)
        case (.archive, let path?, _):
            guard PlainFile.kind(path) != .missing else { throw .sourceGone(id: id, path: path) }
            do throws(PackError) {
                let (root, digest) = try unpack(path, shown: path, sha256: nil, into: scratch)
                var source = entry.source
                source.sha256 = digest
                fetched = FetchedSource(root: root, shown: path, source: source, owned: true)
            } catch {
                throw .nothingDone(error, .updated)
            }
        default:
            throw .neverUpdated(id: id, kind: entry.source.kind.description)
        }
        let staged = try stage(fetched, as: id, replacing: true, without: entry.without ?? [],
                               currentDirectory: currentDirectory)
        let oldManifest = catalog.packs.first { $0.location.id == id }?.manifest
        let newCode = try? PackTrust.hash(staged.staging)
        return PackUpdate(id: id, fromVersion: oldManifest?.version ?? entry.version, staged: staged,
                          changes: PackChanges.between(installed, staged.staging, havenFrom: oldManifest?.haven,
                                                       havenTo: staged.summary.haven),
                          codeChanged: entry.trusted != nil && newCode != PackTrust.covered(by: entry, at: installed),
                          previous: entry)
    }

    /// Moves the new version into place, keeps the installed one for
    /// `pack rollback`, and rewrites only this pack's lock line; a failure
    /// puts everything back. Trust stays what it was unless the code
    /// changed, and then `trusted` says whether the new code is trusted.
    public func apply(_ update: PackUpdate, trusted: Bool) throws(PackError) {
        var lock = try readLock()
        var entry = update.staged.entry
        let code = try? PackTrust.hash(update.staged.staging)
        entry.trusted = update.codeChanged ? (trusted ? code : nil) : (update.previous.trusted == nil ? nil : code)
        lock.packs[update.id] = entry
        let installed = home.packs + "/" + update.id
        try? FileManager.default.createDirectory(atPath: home.previous, withIntermediateDirectories: true)
        if Interruption.wasRequested {
            discard(update.staged)
            throw .interrupted(.updated)
        }
        // The installed version is kept for `pack rollback` in place of any kept before.
        let aside = Staging.name(for: home.previous + "/" + update.id)
        do {
            try change([.init(from: installed, to: aside), .init(from: update.staged.staging, to: installed)],
                       keeping(aside, as: update.id, entry: update.previous), lock: lock,
                       temporaries: [update.staged.staging])
        } catch {
            discard(update.staged)
            throw writeProblem(installed, PackManager.reason(error), action: .updated)
        }
    }

    /// The moves that keep `aside` (the version just replaced, with its
    /// lock `entry`) as the one `pack rollback` goes back to, in place of
    /// any kept before (unless that one moves anyway, as in a rollback):
    /// the new record is written first, beside its place.
    private func keeping(_ aside: String, as id: String, entry: PackLock.Entry, movingKept: Bool = false)
        throws(PackFolder.Problem) -> (moves: [PackJournal.Move], leftovers: [String]) {
        let previous = home.previous + "/" + id, record = previous + ".lock"
        let next = Staging.name(for: record + ".next")
        try PackFolder.writeLock(PackLock(packs: [id: entry]), to: next)
        var moves: [PackJournal.Move] = [], leftovers: [String] = []
        let olds = [(previous, Staging.name(for: previous + ".old")), (record, Staging.name(for: record + ".old"))]
        for (path, old) in olds.dropFirst(movingKept ? 1 : 0) where PlainFile.kind(path) != .missing {
            moves.append(.init(from: path, to: old))
            leftovers.append(old)
        }
        return (moves + [.init(from: aside, to: previous), .init(from: next, to: record)], leftovers)
    }

    /// One change of the packs through the journal (`PackJournal`):
    /// `temporaries` are what it made for itself, removed if it is undone.
    func change(_ moves: [PackJournal.Move], _ kept: (moves: [PackJournal.Move], leftovers: [String]) = ([], []),
                lock: PackLock, leftovers: [String] = [], temporaries: [String] = []) throws(PackFolder.Problem) {
        // The record written for the kept version is one of them.
        let record = kept.moves.last.map { [$0.from] } ?? []
        try PackJournal.apply(moves + kept.moves, lock: lock, leftovers: leftovers + kept.leftovers,
                              temporaries: temporaries + record, in: home)
    }

    /// Puts back the version before the last update (and keeps the one it
    /// replaces, so a second rollback goes forward again).
    public func rollback(_ id: String) throws(PackError) -> (from: String?, to: String?) {
        var lock = try readLock()
        let installed = home.packs + "/" + id
        let previous = home.previous + "/" + id
        guard let current = lock.packs[id], FileSystem.isDirectory(installed), FileSystem.isDirectory(previous),
              let kept = (try? PackFolder.readLock(previous + ".lock"))?.packs[id] else {
            throw .noEarlierVersion(id)
        }
        lock.packs[id] = kept
        // The two versions change places; the record kept beside them follows.
        let aside = Staging.name(for: previous)
        do {
            try change([.init(from: installed, to: aside), .init(from: previous, to: installed)],
                       keeping(aside, as: id, entry: current, movingKept: true), lock: lock)
        } catch {
            throw .cannotWrite(path: installed, reason: PackManager.reason(error))
        }
        return (current.version, kept.version)
    }
}
