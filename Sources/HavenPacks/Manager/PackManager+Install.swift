import Foundation
import HavenConfig
import HavenCore
import HavenSystem

extension PackManager {
    /// Drops a staged pack: the home is as it was.
    public func discard(_ staged: StagedPack) {
        try? FileManager.default.removeItem(atPath: staged.staging)
    }

    /// Trusts a staged pack, moves it into `packs/` with one rename and
    /// records it in `packs.lock`; a failure puts everything back.
    public func install(_ staged: StagedPack) throws(PackError) {
        var lock: PackLock
        do {
            lock = try readLock()
        } catch {
            discard(staged)
            throw error
        }
        var entry = staged.entry
        if Interruption.wasRequested {
            discard(staged)
            throw .interrupted(.installed)
        }
        do {
            entry.trusted = try PackTrust.hash(staged.staging)
            lock.packs[staged.summary.id] = entry
            if PlainFile.kind(home.packs) == .missing {
                try? FileManager.default.createDirectory(atPath: home.packs, withIntermediateDirectories: true)
            }
            if let link = staged.link {
                // The link is made under the staging name, and moved into place as a folder would be.
                discard(staged)
                guard symlink(link, staged.staging) == 0 else {
                    throw PackFolder.Problem.cannotWrite(path: staged.destination, reason: PackManager.lastError)
                }
            }
            // The pack and its lock line arrive together, or neither does.
            try change([.init(from: staged.staging, to: staged.destination)], lock: lock, temporaries: [staged.staging])
        } catch {
            discard(staged)
            throw writeProblem(staged.destination, PackManager.reason(error))
        }
    }

    /// Every installed pack, with its lock record and whether its files still match it.
    public func installed() throws(PackError) -> [InstalledPack] {
        let lock = try readLock()
        return catalog.packs.filter {
            $0.location.kind == .installed && PackManager.nameProblem($0.location.id, .installAs) == nil
        }.map { pack in
            let id = pack.location.id
            let entry = lock.packs[id]
            let linked = entry?.source.kind == .link
            let intact = linked || (entry.map { (try? PackHash.h1(pack.location.root)) == $0.hash } ?? false)
            let trust: InstalledPack.Trust = entry == nil ? .handCopied : entry?.trusted == nil ? .waiting
                : linked || entry.map { PackTrust.holds($0, at: pack.location.root) } == true ? .trusted : .codeChanged
            return InstalledPack(id: id, version: pack.manifest.version ?? entry?.version, locked: entry != nil,
                                 sourceKind: entry?.source.kind, sourcePath: entry.flatMap { $0.source.path ?? $0.source.url },
                                 ref: entry?.source.ref, resolved: entry?.resolved, hash: entry?.hash, intact: intact,
                                 trust: trust, trackers: catalog.trackers.filter { $0.origin.pack == id }.map(\.id),
                                 requiredBy: catalog.packs.filter { $0.manifest.requires[id] != nil }
                                    .map(\.location.id).sorted(),
                                 leftOut: entry?.without ?? [])
        }
    }

    /// What an installed pack brings, for the trust question.
    public func trustSummary(of id: String, currentDirectory: String) throws(PackError) -> PackSummary {
        let root = home.packs + "/" + id
        guard FileSystem.isDirectory(root), !id.hasPrefix(".") else { throw .notInstalled(id) }
        try refuseCopiedByHand(id, currentDirectory: currentDirectory)
        // Loaded as if trusted, to see what trust would make live.
        var locations = source.locations(currentDirectory: currentDirectory)
        locations.removeAll { $0.id == id }
        let shown = home.display + "/packs/" + id
        locations.insert(PackLocation(id: id, root: root, display: shown, kind: .installed), at: locations.count - 1)
        let catalog = CatalogLoader.load(locations, havenVersion: source.havenVersion)
        let manifest = catalog.packs.first { $0.location.id == id }?.manifest ?? PackManifest()
        return summary(of: id, in: catalog, manifest: manifest, source: shown)
    }

    /// Trusts (or, with `false`, untrusts) an installed pack's code as it is now.
    public func setTrust(_ id: String, _ trusted: Bool, currentDirectory: String) throws(PackError) {
        try refuseCopiedByHand(id, currentDirectory: currentDirectory)
        var lock = try readLock()
        guard var entry = lock.packs[id] else {
            throw .notLocked(id: id, lock: home.display + "/packs.lock", for: .trust)
        }
        do {
            entry.trusted = trusted ? try PackTrust.hash(home.packs + "/" + id) : nil
            lock.packs[id] = entry
            try PackFolder.writeLock(lock, to: home.lock)
        } catch {
            throw .cannotWrite(path: home.lock, reason: PackManager.reason(error))
        }
    }

    /// A folder of `packs/` that no `pack install` recorded is the person's
    /// own files: trust has nothing to say about it, and the refusal says
    /// what it holds and what to do instead.
    private func refuseCopiedByHand(_ id: String, currentDirectory: String) throws(PackError) {
        let root = home.packs + "/" + id
        guard PlainFile.kind(root) != .missing, try readLock().packs[id] == nil else { return }
        if PlainFile.kind(root) == .link {
            throw .linkedByHand(id: id, target: (try? FileManager.default.destinationOfSymbolicLink(atPath: root)) ?? root)
        }
        guard FileSystem.isDirectory(root) else { return }
        let catalog = CatalogLoader.load(source.locations(currentDirectory: currentDirectory), havenVersion: source.havenVersion)
        let trackers = catalog.trackers.filter { $0.origin.pack == id }
        throw .copiedByHand(id: id, folder: home.display + "/packs/" + id, trackers: trackers.map(\.id).sorted(),
                            hooks: Set(trackers.compactMap { $0.hooks?.path }).sorted())
    }
}
