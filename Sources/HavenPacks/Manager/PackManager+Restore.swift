import Foundation
import HavenConfig
import HavenCore
import HavenSystem

extension PackManager {
    /// Fetches exactly what a lock line records into `scratch` (a git
    /// source at its commit, an archive with its sha256, a folder as it is)
    /// and returns the folder holding the pack's files.
    func fetchRecorded(_ entry: PackLock.Entry, into scratch: String) throws(PackError) -> String {
        switch (entry.source.kind, entry.source.path, entry.source.url, entry.resolved) {
        case (.folder, let path?, _, _):
            guard FileSystem.isDirectory(path) else { throw .folderGone }
            return path
        case (.git, _, let url?, let commit?):
            do {
                try GitSource.fetch(url, commit: commit, into: scratch)
            } catch {
                throw PackManager.git(error, or: .gitSaid(error))
            }
            return scratch
        case (.archive, let path?, _, _):
            guard PlainFile.kind(path) != .missing else { throw .archiveGone }
            return try unpack(path, shown: path, sha256: entry.source.sha256, into: scratch).root
        case (.archive, nil, let url?, _):
            guard let sha256 = entry.source.sha256 else { throw .noRecordedSHA256 }
            return try download(url, sha256: sha256, into: scratch)
        default:
            throw .unknownSourceKind(entry.source.kind.description)
        }
    }

    /// `pack install` with no source (SPEC §8): every pack of `packs.lock`
    /// that is missing is fetched again and must hash exactly as recorded.
    /// Every pack is staged and checked before any moves into place, so a
    /// failure leaves the home as it was; the lock is never rewritten.
    /// Returns each pack's id and whether it was restored.
    public func restore() throws(PackError) -> [(id: String, restored: Bool)] {
        let lock = try readLock()
        var staged: [(id: String, staging: String, destination: String)] = []
        var links: [(id: String, folder: String)] = []
        var result: [(id: String, restored: Bool)] = []
        func discardAll() { for item in staged { try? FileManager.default.removeItem(atPath: item.staging) } }
        for (id, entry) in lock.packs.sorted(by: { $0.key < $1.key }) {
            if Interruption.wasRequested {
                discardAll()
                throw .interrupted(.restored)
            }
            let destination = home.packs + "/" + id
            if entry.source.kind == .link {
                result.append((id, PlainFile.kind(destination) == .missing))
                links.append((id, entry.source.path ?? ""))
                continue
            }
            if PlainFile.kind(destination) != .missing {
                guard (try? PackHash.h1(destination)) == entry.hash else {
                    discardAll()
                    throw .modifiedLocally(id: id, home: home.display)
                }
                result.append((id, false))
                continue
            }
            let scratch = Staging.name(for: home.root + "/.pack-fetch-\(id)")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let source = entry.source.url ?? entry.source.path ?? "?"
            let root: String
            do throws(PackError) {
                root = try fetchRecorded(entry, into: scratch)
            } catch {
                discardAll()
                if case .gitMissing = error { throw error }
                if case .curlMissing = error { throw error }
                throw .cannotRestore(id: id, source: source, because: error)
            }
            let staging = Staging.name(for: home.root + "/.pack-\(id)")
            try? FileManager.default.removeItem(atPath: staging)
            staged.append((id, staging, destination))
            do {
                // A checkout or an unpacked archive is Haven's own: it moves; a folder is copied.
                if entry.source.kind == .folder || rename(root, staging) != 0 { try PackFolder.copy(root, to: staging) }
            } catch {
                discardAll()
                if case .cannotWrite(_, let reason) = error { throw writeProblem(staging, reason, action: .restored) }
                throw .cannotRestoreFiles(id: id, source: source, problem: .copy(error))
            }
            let hash: String
            do {
                hash = try PackHash.h1(staging, fileLimit: 16 << 20)
            } catch {
                discardAll()
                throw .cannotRestoreFiles(id: id, source: source, problem: .hash(error))
            }
            guard hash == entry.hash else {
                discardAll()
                throw .contentChanged(id: id, source: source, hash: entry.hash)
            }
            result.append((id, true))
        }
        for link in links where PlainFile.kind(home.packs + "/" + link.id) == .missing {
            guard FileSystem.isDirectory(link.folder) else {
                discardAll()
                throw .linkGone(id: link.id, folder: link.folder)
            }
        }
        if Interruption.wasRequested {
            discardAll()
            throw .interrupted(.restored)
        }
        if !(staged.isEmpty && links.isEmpty), PlainFile.kind(home.packs) == .missing {
            try? FileManager.default.createDirectory(atPath: home.packs, withIntermediateDirectories: true)
        }
        for (index, item) in staged.enumerated() {
            do {
                try PackFolder.commit(item.staging, to: item.destination)
            } catch {
                // Take back what moved, so that nothing half-restored stays.
                for done in staged[..<index] { try? FileManager.default.removeItem(atPath: done.destination) }
                discardAll()
                throw writeProblem(item.destination, PackManager.reason(error), action: .restored)
            }
        }
        for link in links where PlainFile.kind(home.packs + "/" + link.id) == .missing {
            guard symlink(link.folder, home.packs + "/" + link.id) == 0 else {
                throw .cannotWrite(path: home.packs + "/" + link.id, reason: PackManager.lastError)
            }
        }
        return result
    }
}
