import Foundation
import HavenConfig
import HavenCore
import HavenSystem
import HavenPacks

/// What an update changes in a pack's files, by kind of file.
public struct PackChanges: Sendable, Equatable {
    public struct Kind: Sendable, Equatable {
        /// `trackers`, `presets`, `levels`, `rewards` or `hooks`.
        public let folder: String
        /// Ids (a file's name without `.yaml`), or paths for hooks.
        public var added: [String] = []
        public var removed: [String] = []
        public var changed: [String] = []
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
    }

    /// The kinds that change, in folder order.
    public var kinds: [Kind]
    /// Other files (pack.yaml, a README) that change.
    public var otherFiles: [String]
    /// The `haven:` range before and after, when it changes.
    public var haven: (from: String?, to: String?)?

    public var isEmpty: Bool { kinds.isEmpty && otherFiles.isEmpty }

    public static func == (left: PackChanges, right: PackChanges) -> Bool {
        left.kinds == right.kinds && left.otherFiles == right.otherFiles
            && left.haven?.from == right.haven?.from && left.haven?.to == right.haven?.to
    }

    static let folders = ["trackers", "presets", "levels", "rewards", "hooks"]

    /// Compares two pack folders file by file.
    static func between(_ old: String, _ new: String, havenFrom: String?, havenTo: String?) -> PackChanges {
        func digests(_ folder: String) -> [String: String] {
            var result: [String: String] = [:]
            for path in (try? PackHash.files(in: folder)) ?? [] {
                if case .bytes(let bytes) = PlainFile.contents(folder + "/" + path, limit: 16 << 20) {
                    result[path] = PackHash.sha256(bytes)
                }
            }
            return result
        }
        let before = digests(old), after = digests(new)
        func name(_ path: String, _ folder: String) -> String {
            guard folder != "hooks" else { return path }
            let file = String(path.dropFirst(folder.count + 1))
            return file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file
        }
        var kinds: [Kind] = []
        for folder in folders {
            var kind = Kind(folder: folder)
            let inside = { (path: String) in path.hasPrefix(folder + "/") }
            for path in Set(before.keys).union(after.keys).filter(inside).sorted() {
                switch (before[path], after[path]) {
                case (nil, _?): kind.added.append(name(path, folder))
                case (_?, nil): kind.removed.append(name(path, folder))
                case let (was?, now?) where was != now: kind.changed.append(name(path, folder))
                default: continue
                }
            }
            if !kind.isEmpty { kinds.append(kind) }
        }
        let others = Set(before.keys).union(after.keys).filter { path in
            !folders.contains { path.hasPrefix($0 + "/") } && before[path] != after[path]
        }.sorted()
        return PackChanges(kinds: kinds, otherFiles: others, haven: havenFrom == havenTo ? nil : (havenFrom, havenTo))
    }
}

/// A pack's next version, staged and compared with the installed one,
/// waiting to be applied (SPEC §8 `pack update`).
public struct PackUpdate: Sendable {
    public let id: String
    /// The installed version and where it came from.
    public let fromVersion: String?
    public let staged: StagedPack
    public let changes: PackChanges
    /// True when the new `hooks/` differ from the trusted ones: trust is asked again.
    public let hooksChanged: Bool
    /// True when the files are the same as installed: nothing to do.
    public var upToDate: Bool { previous.hash == staged.entry.hash }
    let previous: PackLock.Entry
}

extension Runtime {
    /// Where the version before the last update is kept, for `pack rollback`.
    var previousPacks: String { layout.packs + "/.previous" }

    /// The packs of `packs.lock`, sorted.
    public func lockedPackIds() throws(RuntimeError) -> [String] {
        try readLock().packs.keys.sorted()
    }

    /// Fetches a pack's source again (its ref re-resolved: the highest tag
    /// in a range, a branch's head), stages it in place of the installed
    /// one and compares the two. Refuses a pack modified locally unless
    /// `force`; a version whose `haven:` range excludes this Haven is
    /// refused by validation like any install.
    public func planUpdate(of id: String, force: Bool, currentDirectory: String) throws(RuntimeError) -> PackUpdate {
        let lock = try readLock()
        guard let entry = lock.packs[id] else {
            throw .packRefused("'\(id)' is not in \(layout.configDisplay)/packs.lock; only packs installed with 'haven "
                + "pack install' can be updated")
        }
        let installed = layout.packs + "/" + id
        guard entry.source.kind != "link" else {
            throw .packRefused("'\(id)' links to \(entry.source.path ?? "a folder"): its files are that folder's as you "
                + "edit them, and a linked pack is never updated")
        }
        guard FileSystem.isDirectory(installed) else {
            throw .packRefused("'\(id)' is in packs.lock but not in \(layout.configDisplay)/packs; 'haven pack install' "
                + "restores it first")
        }
        if !force, (try? PackHash.h1(installed)) != entry.hash {
            throw .packRefused("'\(id)' is modified locally: its files differ from packs.lock, and an update would "
                + "replace them; copy out what you changed, then 'haven pack update \(id) --force'")
        }
        let scratch = Staging.name(for: layout.configRoot + "/.pack-fetch-\(id)")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fetched: FetchedSource
        switch (entry.source.kind, entry.source.path, entry.source.url) {
        case ("git", _, let url?):
            do {
                let (commit, version) = try GitSource.fetch(url, ref: entry.source.ref, into: scratch)
                fetched = FetchedSource(root: scratch, shown: url, source: entry.source, resolved: commit, tagVersion: version,
                                        owned: true)
            } catch {
                throw Runtime.gitProblem(error, "cannot fetch \(url): \(error); nothing was updated")
            }
        case ("folder", let path?, _):
            guard FileSystem.isDirectory(path) else {
                throw .packRefused("'\(id)' came from \(path), which is gone; nothing was updated")
            }
            fetched = FetchedSource(root: path, shown: path, source: entry.source)
        case ("archive", nil, let url?):
            throw .packRefused("'\(id)' is the archive at \(url), pinned by its sha256; to move to another version, "
                + "'haven pack remove \(id)' and install the new archive's address with --sha256")
        case ("archive", let path?, _):
            guard PlainFile.kind(path) != .missing else {
                throw .packRefused("'\(id)' came from \(path), which is gone; nothing was updated")
            }
            do throws(RuntimeError) {
                let (root, digest) = try unpack(path, shown: path, sha256: nil, into: scratch)
                var source = entry.source
                source.sha256 = digest
                fetched = FetchedSource(root: root, shown: path, source: source, owned: true)
            } catch {
                throw .packRefused(error.refusal + "; nothing was updated")
            }
        default:
            throw .packRefused("'\(id)' comes from a \(entry.source.kind) source, which is never updated")
        }
        let staged: StagedPack
        do throws(RuntimeError) {
            staged = try stage(fetched, as: id, replacing: true, currentDirectory: currentDirectory)
        } catch {
            if case .packInvalid(let id, let diagnostics, _) = error { throw .packInvalid(id: id, diagnostics: diagnostics,
                                                                                          action: "updated") }
            throw error
        }
        let oldManifest = catalog.packs.first { $0.location.id == id }?.manifest
        let newHooks = (try? PackHash.hooks(staged.staging)) ?? ""
        return PackUpdate(id: id, fromVersion: oldManifest?.version ?? entry.version, staged: staged,
                          changes: PackChanges.between(installed, staged.staging, havenFrom: oldManifest?.haven,
                                                       havenTo: staged.summary.haven),
                          hooksChanged: entry.trusted != nil && newHooks != entry.trusted, previous: entry)
    }

    /// Moves the new version into place, keeps the installed one for
    /// `pack rollback`, and rewrites only this pack's lock line; a failure
    /// puts everything back. Trust stays what it was unless the hooks
    /// changed, and then `trusted` says whether the new ones are trusted.
    public func apply(_ update: PackUpdate, trusted: Bool) throws(RuntimeError) {
        var lock = try readLock()
        var entry = update.staged.entry
        entry.trusted = update.hooksChanged ? (trusted ? try? PackHash.hooks(update.staged.staging) : nil)
            : update.previous.trusted
        lock.packs[update.id] = entry
        let installed = layout.packs + "/" + update.id
        let aside = Staging.name(for: previousPacks + "/" + update.id)
        try? FileManager.default.createDirectory(atPath: previousPacks, withIntermediateDirectories: true)
        if Interruption.wasRequested {
            discard(update.staged)
            throw .interrupted(action: "updated")
        }
        guard rename(installed, aside) == 0 else {
            discard(update.staged)
            throw writeProblem(installed, String(cString: strerror(errno)), action: "updated")
        }
        do {
            try PackFolder.commit(update.staged.staging, to: installed)
            try PackFolder.writeLock(lock, to: lockPath)
        } catch {
            _ = rename(installed, update.staged.staging)
            _ = rename(aside, installed)
            discard(update.staged)
            throw writeProblem(installed, "\(error)", action: "updated")
        }
        keep(aside, as: update.id, entry: update.previous)
    }

    /// Keeps a replaced version (moved `aside`) for `pack rollback`, in
    /// place of any kept before; without its lock record it is dropped.
    private func keep(_ aside: String, as id: String, entry: PackLock.Entry) {
        let previous = previousPacks + "/" + id
        try? FileManager.default.removeItem(atPath: previous)
        try? FileManager.default.removeItem(atPath: previous + ".lock")
        do {
            try PackFolder.commit(aside, to: previous)
            try PackFolder.writeLock(PackLock(packs: [id: entry]), to: previous + ".lock")
        } catch {
            try? FileManager.default.removeItem(atPath: aside)
            try? FileManager.default.removeItem(atPath: previous)
        }
    }

    /// Puts back the version before the last update (and keeps the one it
    /// replaces, so a second rollback goes forward again).
    public func rollback(_ id: String) throws(RuntimeError) -> (from: String?, to: String?) {
        var lock = try readLock()
        let installed = layout.packs + "/" + id
        let previous = previousPacks + "/" + id
        guard let current = lock.packs[id], FileSystem.isDirectory(installed), FileSystem.isDirectory(previous),
              let kept = (try? PackFolder.readLock(previous + ".lock"))?.packs[id] else {
            throw .packRefused("'\(id)' has no earlier version to go back to; 'haven pack update \(id)' keeps one")
        }
        let aside = Staging.name(for: previous)
        lock.packs[id] = kept
        guard rename(installed, aside) == 0 else {
            throw .homeNotWritable(installed, reason: String(cString: strerror(errno)))
        }
        do {
            try PackFolder.commit(previous, to: installed)
            try PackFolder.writeLock(lock, to: lockPath)
        } catch {
            _ = rename(installed, previous)
            _ = rename(aside, installed)
            throw .homeNotWritable(installed, reason: "\(error)")
        }
        keep(aside, as: id, entry: current)
        return (current.version, kept.version)
    }
}

/// A pack whose source holds something newer than what is installed.
public struct OutdatedPack: Sendable, Equatable {
    public let id: String
    public let current: String?
    /// The ref it was installed with (a range, a tag, a branch).
    public var ref: String? = nil
    /// What `pack update` would take: the highest tag in the ref's range, or
    /// nil when only the content changed (a branch, a folder, an archive).
    public let wanted: String?
    /// The highest version tag of all, when the range excludes it.
    public let latest: String?
}

extension Runtime {
    /// Asks each locked pack's source what it holds now (SPEC §8 `pack list
    /// --outdated`): git tags and branch heads, folder and archive contents.
    public func outdatedPacks() throws(RuntimeError) -> [OutdatedPack] {
        var result: [OutdatedPack] = []
        for (id, entry) in try readLock().packs.sorted(by: { $0.key < $1.key }) {
            defer { if result.last?.id == id { result[result.count - 1].ref = entry.source.ref } }
            let current = entry.version
            switch (entry.source.kind, entry.source.url, entry.source.path) {
            case ("git", let url?, _):
                do {
                    let tags = try GitSource.versionTags(url)
                    let ref = entry.source.ref
                    let latest = tags.keys.max()
                    let installed = current.flatMap(Version.init)
                    if let ref, let range = VersionRange(ref), !(ref.count >= 7 && ref.allSatisfy(\.isHexDigit)) {
                        let wanted = range.best(of: tags.keys)
                        let newer = { (version: Version?) in version.map { installed == nil || $0 > installed! } ?? false }
                        if newer(wanted) || newer(latest) {
                            result.append(OutdatedPack(id: id, current: current, wanted: newer(wanted) ? wanted?.description : nil,
                                                       latest: latest == wanted ? nil : latest?.description))
                        }
                    } else if let ref, tags.values.contains(ref) || (ref.count >= 7 && ref.allSatisfy(\.isHexDigit)) {
                        // A fixed tag or commit never moves; a newer tag is news all the same.
                        if let latest, installed.map({ latest > $0 }) ?? true {
                            result.append(OutdatedPack(id: id, current: current, wanted: nil, latest: latest.description))
                        }
                    } else if let resolved = entry.resolved {
                        let head = try GitSource.head(url, branch: ref ?? "HEAD") ?? resolved
                        if head != resolved { result.append(OutdatedPack(id: id, current: current, wanted: nil, latest: nil)) }
                    }
                } catch {
                    throw Runtime.gitProblem(error, "cannot ask \(url) for its versions: \(error)")
                }
            case ("folder", _, let path?):
                if FileSystem.isDirectory(path), (try? PackHash.h1(path)) != entry.hash {
                    result.append(OutdatedPack(id: id, current: current, wanted: nil, latest: nil))
                }
            case ("archive", _, let path?):
                if let bytes = try? PackArchive.read(path), PackHash.sha256(bytes) != entry.source.sha256 {
                    result.append(OutdatedPack(id: id, current: current, wanted: nil, latest: nil))
                }
            default:
                continue
            }
        }
        return result
    }
}
