import Foundation
import HavenConfig
import HavenCore
import HavenSystem

extension PackManager {
    /// Copies a pack (a folder, a git repository or an archive) into
    /// staging and validates it whole, as it would load beside everything
    /// already installed: its files, hooks, `haven:` range, `requires` and
    /// id clashes. Nothing in the home changes but the staging folder,
    /// which `discard` or `install` removes.
    ///
    /// `without` names trackers of the pack to leave out. A tracker whose
    /// id is taken already does not refuse the pack here: it is left out
    /// too, and named in `clashes`, for the caller to offer `--without`.
    public func stage(_ path: String, as name: String?, ref: String? = nil, sha256: String? = nil, link: Bool = false,
                      without: [String] = [], currentDirectory: String) throws(PackError) -> StagedPack {
        let absolute = Paths.absolute(path, from: currentDirectory)
        if link, PackArchive.kind(of: path) != nil || GitSource.looksLikeGit(path, absolute: absolute, ref: ref) {
            throw .linkNeedsFolder(source: Paths.trimmed(path), isArchive: PackArchive.kind(of: path) != nil)
        }
        let scratch = Staging.name(for: home.root + "/.pack-fetch")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fetched = try fetch(path, ref: ref, sha256: sha256, into: scratch, currentDirectory: currentDirectory)
        try stopIfInterrupted()
        let probe = CatalogLoader.load([PackLocation(id: "staged", root: fetched.root, display: fetched.shown, kind: .named)],
                                       havenVersion: source.havenVersion, scope: .manifests)
        // Else the name the person gave the source: the folder's, the
        // repository's without `.git`, the archive's without its extension.
        var named = (Paths.trimmed(path) as NSString).lastPathComponent
        for suffix in [".git", ".tar.gz", ".tgz", ".zip"] where named.lowercased().hasSuffix(suffix) {
            named = String(named.dropLast(suffix.count))
        }
        let id = name ?? probe.packs.first?.manifest.id ?? named
        if let problem = PackManager.nameProblem(id, .installAs) { throw problem }
        guard PlainFile.kind(home.packs + "/" + id) == .missing else {
            throw .alreadyInstalled(id: id, home: home.display)
        }
        var staged = try stage(fetched, as: id, replacing: false, without: without, clashesLeftOut: true,
                               currentDirectory: currentDirectory)
        if link {
            staged.link = fetched.root
            staged.entry.source.kind = .link
        }
        return staged
    }

    /// A pack's files fetched from its source, before they are staged.
    struct FetchedSource {
        /// The folder holding the pack's files.
        var root: String
        /// The source as shown in messages.
        var shown: String
        var source: PackLock.Source
        /// The commit a git source resolved to.
        var resolved: String?
        /// The version a `vX.Y.Z` tag names.
        var tagVersion: String?
        /// True when `root` is a folder Haven filled itself (a checkout, an
        /// unpacked archive): staging takes it with a rename instead of a copy.
        var owned = false
    }

    /// Fetches the pack named by `path` (a folder, a git repository, an
    /// archive) into `scratch` where it must be unpacked or cloned.
    func fetch(_ path: String, ref: String?, sha256: String?, into scratch: String, currentDirectory: String)
        throws(PackError) -> FetchedSource {
        let absolute = Paths.absolute(path, from: currentDirectory)
        let shown = Paths.trimmed(path)
        try? FileManager.default.createDirectory(atPath: home.root, withIntermediateDirectories: true)
        if PackArchive.kind(of: path) != nil {
            guard ref == nil else { throw .refOnArchive(source: shown) }
            if path.contains("://") {
                guard let sha256 else { throw .addressNeedsSHA256(url: path) }
                let root: String
                do throws(PackError) {
                    root = try download(path, sha256: sha256, into: scratch)
                } catch {
                    if case .curlMissing = error { throw error }
                    throw .nothingDone(error, .installed)
                }
                return FetchedSource(root: root, shown: shown,
                                     source: PackLock.Source(kind: .archive, url: path, sha256: sha256.lowercased()),
                                     owned: true)
            }
            guard PlainFile.kind(absolute) != .missing else { throw .sourceNotFound(path) }
            let (root, digest): (String, String)
            do throws(PackError) {
                (root, digest) = try unpack(absolute, shown: shown, sha256: sha256, into: scratch)
            } catch {
                throw .nothingDone(error, .installed)
            }
            return FetchedSource(root: root, shown: shown,
                                 source: PackLock.Source(kind: .archive, path: absolute, sha256: digest), owned: true)
        }
        guard sha256 == nil else { throw .sha256OnNonArchive(source: shown) }
        guard GitSource.looksLikeGit(path, absolute: absolute, ref: ref) else {
            guard ref == nil else { throw .refOnFolder(source: path) }
            guard FileSystem.isDirectory(absolute) else { throw .sourceNotFound(path) }
            return FetchedSource(root: absolute, shown: shown, source: PackLock.Source(kind: .folder, path: absolute))
        }
        let url = path.contains("://") || path.hasPrefix("git@") ? path : absolute
        do {
            let (commit, version) = try GitSource.fetch(url, ref: ref, into: scratch)
            return FetchedSource(root: scratch, shown: shown, source: PackLock.Source(kind: .git, url: url, ref: ref),
                                 resolved: commit, tagVersion: version, owned: true)
        } catch {
            throw PackManager.git(error, or: .nothingDone(.cannotFetch(source: path, problem: error), .installed))
        }
    }

    /// A git failure: a missing git is its own error, anything else `otherwise`.
    static func git(_ error: GitSource.Problem, or otherwise: PackError) -> PackError {
        if case .gitMissing = error { return .gitMissing }
        return otherwise
    }

    /// Downloads an archive from `url` beside `scratch`, checks its sha256
    /// and unpacks it into `scratch`; returns the pack's root.
    func download(_ url: String, sha256: String, into scratch: String) throws(PackError) -> String {
        let file = scratch + ".download." + (PackArchive.kind(of: url) ?? .tarGz).rawValue
        defer { unlink(file) }
        do {
            try Download.fetch(url, to: file)
        } catch {
            if case .curlMissing = error { throw .curlMissing }
            throw .cannotDownload(url: url, problem: error)
        }
        return try unpack(file, shown: url, sha256: sha256, into: scratch).root
    }

    /// Unpacks an archive into `scratch`, checking its sha256 when one is
    /// given; returns the pack's root and the archive's sha256.
    func unpack(_ archive: String, shown: String, sha256: String?, into scratch: String)
        throws(PackError) -> (root: String, sha256: String) {
        let digest: String
        do {
            digest = PackHash.sha256(try PackArchive.read(archive))
        } catch {
            throw .archiveUnreadable(source: shown, problem: error)
        }
        if let sha256, sha256.lowercased() != digest {
            throw .checksumMismatch(source: shown, actual: digest, expected: sha256.lowercased())
        }
        do {
            return (try PackArchive.extract(archive, into: scratch), digest)
        } catch {
            throw .cannotUnpack(source: shown, problem: error)
        }
    }

    /// Copies fetched files into staging beside `packs/` and validates them
    /// as the pack `id` (in place of the installed one when `replacing`),
    /// leaving out the trackers `without` names; with `clashesLeftOut`,
    /// trackers whose ids are taken are left out and named, not refused.
    func stage(_ fetched: FetchedSource, as id: String, replacing: Bool, without: [String], clashesLeftOut: Bool = false,
               currentDirectory: String) throws(PackError) -> StagedPack {
        let action: PackError.Action = replacing ? .updated : .installed
        // Beside `packs/`, on the same file system, so that one rename moves
        // it into place; and not inside it, so that a refusal leaves no trace.
        let staging = Staging.name(for: home.root + "/.pack-\(id)")
        Staging.removeLeftovers(of: home.root + "/.pack-\(id)")
        try? FileManager.default.removeItem(atPath: staging)
        let shown = fetched.shown
        do {
            if fetched.owned, rename(fetched.root, staging) == 0 {
                // Checked below, by the hash's one walk over every file.
            } else {
                try PackFolder.copy(fetched.root, to: staging)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            switch error {
            case .notPlain(let path, let problem):
                throw .nothingDone(.notPlain(source: shown, path: path, problem: problem), .installed)
            case .unreadable(let path, let reason): throw .unreadableFile(source: shown, path: path, reason: reason)
            case .cannotWrite(_, let reason): throw writeProblem(staging, reason, action: action)
            }
        }
        // One walk reads every file: it hashes them and refuses links, odd files and large ones.
        let hash: String
        do {
            hash = try PackHash.h1(staging, fileLimit: 16 << 20)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            switch error {
            case .notPlain(let path, let problem):
                throw .nothingDone(.notPlain(source: shown, path: path, problem: problem), .installed)
            case .badName(let path): throw .nothingDone(.lineBreakInName(source: shown, path: path), .installed)
            case .unreadable(let path, let reason): throw .unreadableFile(source: shown, path: path, reason: reason)
            }
        }
        if Interruption.wasRequested {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted(action)
        }
        var locations = source.locations(currentDirectory: currentDirectory)
        if replacing { locations.removeAll { $0.id == id && $0.kind == .installed } }
        var staged = PackLocation(id: id, root: staging, display: shown, kind: .installed)
        staged.leftOut = without
        locations.insert(staged, at: locations.count - 1)
        var catalog = CatalogLoader.load(locations, havenVersion: source.havenVersion)
        var diagnostics = source.problems(in: catalog, packs: [id])
        let clashes = clashesLeftOut ? catalog.clashes.filter { $0.pack == id } : []
        if !clashes.isEmpty {
            // The rest is checked as it would load with them left out; a
            // pack with other problems is refused with the clashes among them.
            locations[locations.count - 2].leftOut = without + clashes.map(\.id)
            catalog = CatalogLoader.load(locations, havenVersion: source.havenVersion)
            if source.problems(in: catalog, packs: [id]).isEmpty { diagnostics = [] }
        }
        guard diagnostics.isEmpty else {
            try? FileManager.default.removeItem(atPath: staging)
            throw .invalid(id: id, diagnostics: diagnostics, action: action)
        }
        if Interruption.wasRequested {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted(action)
        }
        let leftOut = catalog.leftOut[id] ?? []
        let unknown = without.filter { !leftOut.contains($0) }
        guard unknown.isEmpty else {
            try? FileManager.default.removeItem(atPath: staging)
            throw .notInPack(id: id, trackers: unknown,
                             has: (catalog.trackers.filter { $0.origin.pack == id }.map(\.id) + leftOut).sorted())
        }
        let manifest = catalog.packs.first { $0.location.id == id }?.manifest ?? PackManifest()
        let kept = Array(Set(without)).sorted()
        return StagedPack(summary: summary(of: id, in: catalog, manifest: manifest, source: shown, leftOut: kept),
                          staging: staging, destination: home.packs + "/" + id,
                          entry: PackLock.Entry(source: fetched.source, resolved: fetched.resolved,
                                                version: manifest.version ?? fetched.tagVersion, hash: hash,
                                                without: kept.isEmpty ? nil : kept),
                          clashes: clashes)
    }
}
