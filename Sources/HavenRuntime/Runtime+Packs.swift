import Foundation
import HavenConfig
import HavenCore
import HavenSystem
import HavenHooks
import HavenPacks

/// What a pack brings: what the trust question is about (SPEC §8).
public struct PackSummary: Sendable {
    public let id: String
    public let version: String?
    /// The source as the person named it.
    public let source: String
    /// The trackers it makes live, by id.
    public let trackers: [String]
    /// Its hooks files, relative to the pack, each with the hook points it defines.
    public let hooks: [(file: String, points: [String])]
    /// How many of its trackers remind.
    public let reminders: Int
    public let requires: [String: String]
    /// The Haven versions it works with (`haven:` of pack.yaml).
    public let haven: String?
}

/// A pack copied into staging and validated whole, waiting to be trusted
/// and moved into place (SPEC §8).
public struct StagedPack: Sendable {
    public let summary: PackSummary
    let staging: String
    let destination: String
    var entry: PackLock.Entry
    /// For `--link`: the folder `packs/<id>` links to instead of the staged copy.
    public internal(set) var link: String?
}

/// An installed pack as `pack list` shows it.
public struct InstalledPack: Sendable {
    public let id: String
    public let version: String?
    /// False for a folder copied into `packs/` by hand, with no lock line.
    public let locked: Bool
    /// Where it came from (`folder /path`), from the lock.
    public let sourceKind: String?
    public let sourcePath: String?
    /// The ref asked for and the commit it resolved to (git sources).
    public let ref: String?
    public let resolved: String?
    /// The content hash the lock records.
    public let hash: String?
    /// False when the files differ from the lock's hash.
    public let intact: Bool
    public let trust: Trust
    public let trackers: [String]
    /// The packs whose `requires` name it.
    public let requiredBy: [String]

    public enum Trust: String, Sendable {
        case trusted
        /// Installed, not yet (or no longer) trusted: its trackers do not load.
        case waiting = "waits for trust"
        /// Its hooks changed since they were trusted: its trackers do not load.
        case hooksChanged = "hooks changed since trusted"
        /// Copied into `packs/` by hand, with no lock line: loaded as it is.
        case handCopied = "copied by hand"
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

extension Runtime {
    /// Takes this home's packs for the command, waiting up to `seconds` for
    /// another `haven pack` command to finish; then exit 75.
    public func holdPacks(waiting seconds: Double = 5) throws(RuntimeError) -> PacksHold? {
        let descriptor = open(layout.configRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let deadline = Date().addingTimeInterval(seconds)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw .packsBusy(layout.configDisplay)
            }
            usleep(50_000)
        }
        return PacksHold(descriptor)
    }

    /// A write into the home that failed: a full disk says so and what to
    /// do, anything else names the path.
    func writeProblem(_ path: String, _ reason: String, action: String = "installed") -> RuntimeError {
        Disk.isFull(path) || reason.contains(String(cString: strerror(ENOSPC)))
            ? .diskFull(path: layout.configDisplay, action: action) : .homeNotWritable(path, reason: reason)
    }

    /// Stops before a point of no return once Ctrl-C (or SIGTERM) came.
    func stopIfInterrupted(_ action: String = "installed") throws(RuntimeError) {
        if Interruption.wasRequested { throw .interrupted(action: action) }
    }

    /// `packs.lock`, beside `packs/`.
    public var lockPath: String { layout.configRoot + "/packs.lock" }

    /// `packs.lock`, or the error that says it cannot be read.
    func readLock() throws(RuntimeError) -> PackLock {
        do {
            return try PackFolder.readLock(lockPath)
        } catch {
            throw .packRefused("\(layout.configDisplay)/packs.lock cannot be read (\(error)); fix or remove it first")
        }
    }

    /// What the pack `id` brings, as `catalog` loaded it.
    func summary(of id: String, in catalog: Catalog, manifest: PackManifest, source: String) -> PackSummary {
        let trackers = catalog.trackers.filter { $0.origin.pack == id }
        var files: [String: HookReference] = [:]
        for definition in trackers + catalog.presets.values where definition.origin.pack == id {
            if let reference = definition.hooks, reference.pack == id { files[reference.path] = reference }
        }
        return PackSummary(id: id, version: manifest.version, source: source, trackers: trackers.map(\.id),
                           hooks: files.sorted { $0.key < $1.key }.map { ($0.key, hooks.hookPoints(in: $0.value)) },
                           reminders: trackers.filter { $0.reminder?.enabled == true }.count,
                           requires: manifest.requires, haven: manifest.haven)
    }

    /// Copies a pack (a folder, a git repository or an archive) into
    /// staging and validates it whole, as it would load beside everything
    /// already installed: its files, hooks, `haven:` range, `requires` and
    /// id clashes. Nothing in the home changes but the staging folder,
    /// which `discard` or `install` removes.
    public func stagePack(_ path: String, as name: String?, ref: String? = nil, sha256: String? = nil, link: Bool = false,
                          currentDirectory: String) throws(RuntimeError) -> StagedPack {
        let absolute = HomeLayout.absolute(path, from: currentDirectory)
        if link, PackArchive.kind(of: path) != nil || GitSource.looksLikeGit(path, absolute: absolute, ref: ref) {
            throw .packRefused("--link is for a pack folder you are working on, and \(HomeLayout.trimmed(path)) is "
                + (PackArchive.kind(of: path) != nil ? "an archive" : "a git repository") + "; install it without --link")
        }
        let scratch = Staging.name(for: layout.configRoot + "/.pack-fetch")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fetched = try fetch(path, ref: ref, sha256: sha256, into: scratch, currentDirectory: currentDirectory)
        try stopIfInterrupted()
        let probe = CatalogLoader.load([PackLocation(id: "staged", root: fetched.root, display: fetched.shown, kind: .named)],
                                       havenVersion: HavenVersion.current, scope: .manifests)
        // Else the name the person gave the source: the folder's, the
        // repository's without `.git`, the archive's without its extension.
        var named = (HomeLayout.trimmed(path) as NSString).lastPathComponent
        for suffix in [".git", ".tar.gz", ".tgz", ".zip"] where named.lowercased().hasSuffix(suffix) {
            named = String(named.dropLast(suffix.count))
        }
        let id = name ?? probe.packs.first?.manifest.id ?? named
        if let problem = PackLocation.problem(withName: id) {
            throw .packRefused(problem.replacingOccurrences(of: "rename the folder", with: "install it with --as NAME"))
        }
        guard PlainFile.kind(layout.packs + "/" + id) == .missing else {
            throw .packRefused("a pack '\(id)' is already installed in \(layout.configDisplay)/packs/\(id); remove it "
                + "first, or install this one under another name with --as NAME")
        }
        var staged = try stage(fetched, as: id, replacing: false, currentDirectory: currentDirectory)
        if link {
            staged.link = fetched.root
            staged.entry.source.kind = "link"
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
        throws(RuntimeError) -> FetchedSource {
        let absolute = HomeLayout.absolute(path, from: currentDirectory)
        let shown = HomeLayout.trimmed(path)
        try? FileManager.default.createDirectory(atPath: layout.configRoot, withIntermediateDirectories: true)
        if PackArchive.kind(of: path) != nil {
            guard ref == nil else { throw .packRefused("--ref is for git repositories, and \(shown) is an archive; "
                + "install it without --ref") }
            if path.contains("://") {
                guard let sha256 else {
                    throw .packRefused("an archive from an address is installed only with the sha256 its author "
                        + "published: haven pack install \(path) --sha256 HEX")
                }
                let root: String
                do throws(RuntimeError) {
                    root = try download(path, sha256: sha256, into: scratch)
                } catch {
                    if case .packRefused(let message) = error { throw .packRefused(message + "; nothing was installed") }
                    throw error
                }
                return FetchedSource(root: root, shown: shown,
                                     source: PackLock.Source(kind: "archive", url: path, sha256: sha256.lowercased()),
                                     owned: true)
            }
            guard PlainFile.kind(absolute) != .missing else { throw .pathNotFound(path) }
            let (root, digest): (String, String)
            do throws(RuntimeError) {
                (root, digest) = try unpack(absolute, shown: shown, sha256: sha256, into: scratch)
            } catch {
                throw .packRefused(error.refusal + "; nothing was installed")
            }
            return FetchedSource(root: root, shown: shown,
                                 source: PackLock.Source(kind: "archive", path: absolute, sha256: digest), owned: true)
        }
        guard sha256 == nil else { throw .packRefused("--sha256 is for archives, and \(shown) is not one") }
        guard GitSource.looksLikeGit(path, absolute: absolute, ref: ref) else {
            guard ref == nil else {
                throw .packRefused("--ref is for git repositories, and \(path) is a plain folder; install it without --ref")
            }
            guard FileSystem.isDirectory(absolute) else { throw .pathNotFound(path) }
            return FetchedSource(root: absolute, shown: shown, source: PackLock.Source(kind: "folder", path: absolute))
        }
        let url = path.contains("://") || path.hasPrefix("git@") ? path : absolute
        do {
            let (commit, version) = try GitSource.fetch(url, ref: ref, into: scratch)
            return FetchedSource(root: scratch, shown: shown, source: PackLock.Source(kind: "git", url: url, ref: ref),
                                 resolved: commit, tagVersion: version, owned: true)
        } catch {
            throw Runtime.gitProblem(error, "cannot fetch \(path): \(error); nothing was installed")
        }
    }

    /// A git failure as the runtime says it: a missing git is its own exit status.
    static func gitProblem(_ error: GitSource.Problem, _ message: String) -> RuntimeError {
        if case .gitMissing = error {
            return .serviceUnavailable("git is not installed; install it (apt-get install git) to use packs from git "
                + "repositories")
        }
        return .packRefused(message)
    }

    /// Downloads an archive from `url` beside `scratch`, checks its sha256
    /// and unpacks it into `scratch`; returns the pack's root.
    func download(_ url: String, sha256: String, into scratch: String) throws(RuntimeError) -> String {
        let file = scratch + ".download." + (PackArchive.kind(of: url) ?? .tarGz).rawValue
        defer { unlink(file) }
        do {
            try Download.fetch(url, to: file)
        } catch {
            if case .curlMissing = error {
                throw .serviceUnavailable("curl is not installed; install it (apt-get install curl) to install packs "
                    + "from web addresses")
            }
            throw .packRefused("cannot download \(url): \(error)")
        }
        do throws(RuntimeError) {
            return try unpack(file, shown: url, sha256: sha256, into: scratch).root
        } catch {
            throw .packRefused(error.refusal)
        }
    }

    /// Unpacks an archive into `scratch`, checking its sha256 when one is
    /// given; returns the pack's root and the archive's sha256.
    func unpack(_ archive: String, shown: String, sha256: String?, into scratch: String)
        throws(RuntimeError) -> (root: String, sha256: String) {
        let digest: String
        do {
            digest = PackHash.sha256(try PackArchive.read(archive))
        } catch {
            throw .packRefused("cannot read \(shown): \(error)")
        }
        if let sha256, sha256.lowercased() != digest {
            throw .packRefused("\(shown) has the sha256 \(digest), not \(sha256.lowercased()): it is not the archive "
                + "you expected")
        }
        do {
            return (try PackArchive.extract(archive, into: scratch), digest)
        } catch {
            throw .packRefused("\(shown) cannot be unpacked: \(error)")
        }
    }

    /// Copies fetched files into staging beside `packs/` and validates them
    /// as the pack `id` (in place of the installed one when `replacing`).
    func stage(_ fetched: FetchedSource, as id: String, replacing: Bool, currentDirectory: String)
        throws(RuntimeError) -> StagedPack {
        // Beside `packs/`, on the same file system, so that one rename moves
        // it into place; and not inside it, so that a refusal leaves no trace.
        let staging = Staging.name(for: layout.configRoot + "/.pack-\(id)")
        Staging.removeLeftovers(of: layout.configRoot + "/.pack-\(id)")
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
            case .notPlain(let path, let problem): throw .packRefused("\(shown)/\(path) \(problem); nothing was installed")
            case .unreadable(let path, let reason): throw .packRefused("cannot read \(shown)/\(path): \(reason)")
            case .cannotWrite(_, let reason): throw writeProblem(staging, reason, action: replacing ? "updated" : "installed")
            }
        }
        // One walk reads every file: it hashes them and refuses links, odd files and large ones.
        let hash: String
        do {
            hash = try PackHash.h1(staging, fileLimit: 16 << 20)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            switch error {
            case .notPlain(let path, let problem): throw .packRefused("\(shown)/\(path) \(problem); nothing was installed")
            case .badName(let path): throw .packRefused("\(shown)/\(path) has a line break in its name; nothing was installed")
            case .unreadable(let path, let reason): throw .packRefused("cannot read \(shown)/\(path): \(reason)")
            }
        }
        if Interruption.wasRequested {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted(action: replacing ? "updated" : "installed")
        }
        var locations = Runtime.packLocations(core: corePack, layout: layout, currentDirectory: currentDirectory)
        if replacing { locations.removeAll { $0.id == id && $0.kind == .installed } }
        locations.insert(PackLocation(id: id, root: staging, display: shown, kind: .installed), at: locations.count - 1)
        let catalog = CatalogLoader.load(locations, havenVersion: HavenVersion.current)
        let report = Validation.check(catalog, packs: [id])
        guard report.diagnostics.isEmpty else {
            try? FileManager.default.removeItem(atPath: staging)
            throw .packInvalid(id: id, diagnostics: report.diagnostics)
        }
        if Interruption.wasRequested {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted(action: replacing ? "updated" : "installed")
        }
        let manifest = catalog.packs.first { $0.location.id == id }?.manifest ?? PackManifest()
        return StagedPack(summary: summary(of: id, in: catalog, manifest: manifest, source: shown),
                          staging: staging, destination: layout.packs + "/" + id,
                          entry: PackLock.Entry(source: fetched.source, resolved: fetched.resolved,
                                                version: manifest.version ?? fetched.tagVersion, hash: hash))
    }

    /// Drops a staged pack: the home is as it was.
    public func discard(_ staged: StagedPack) {
        try? FileManager.default.removeItem(atPath: staged.staging)
    }

    /// Trusts a staged pack, moves it into `packs/` with one rename and
    /// records it in `packs.lock`; a failure puts everything back.
    public func install(_ staged: StagedPack) throws(RuntimeError) {
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
            throw .interrupted(action: "installed")
        }
        do {
            entry.trusted = try PackHash.hooks(staged.staging)
            lock.packs[staged.summary.id] = entry
            if PlainFile.kind(layout.packs) == .missing {
                try? FileManager.default.createDirectory(atPath: layout.packs, withIntermediateDirectories: true)
            }
            if let link = staged.link {
                discard(staged)
                guard symlink(link, staged.destination) == 0 else {
                    throw PackFolder.Problem.cannotWrite(path: staged.destination, reason: String(cString: strerror(errno)))
                }
            } else {
                try PackFolder.commit(staged.staging, to: staged.destination)
            }
        } catch {
            discard(staged)
            throw writeProblem(staged.destination, "\(error)")
        }
        do {
            try PackFolder.writeLock(lock, to: lockPath)
        } catch {
            // The lock could not be written: take the pack back out, so that nothing half-done stays.
            try? FileManager.default.removeItem(atPath: staged.destination)
            throw writeProblem(lockPath, "\(error)")
        }
    }

    /// The folders of `packs/`: what `pack remove`, `trust` and `update` take.
    public var installedPackNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: layout.packs)) ?? []).filter {
            !$0.hasPrefix(".") && FileSystem.isDirectory(layout.packs + "/" + $0)
        }.sorted()
    }

    /// Every preset a person can add, as `pack/id`: the core pack's and each
    /// installed pack's `presets/` files.
    public var presetReferences: [String] {
        let packs = [("core", corePack)] + installedPackNames.map { ($0, layout.packs + "/" + $0) }
        return packs.flatMap { pack, root in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/presets")) ?? [])
                .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }
                .map { pack + "/" + $0.dropLast(".yaml".count) }
        }.sorted()
    }

    /// Every installed pack, with its lock record and whether its files still match it.
    public func installedPacks() throws(RuntimeError) -> [InstalledPack] {
        let lock = try readLock()
        return catalog.packs.filter {
            $0.location.kind == .installed && PackLocation.problem(withName: $0.location.id) == nil
        }.map { pack in
            let id = pack.location.id
            let entry = lock.packs[id]
            let linked = entry?.source.kind == "link"
            let intact = linked || (entry.map { (try? PackHash.h1(pack.location.root)) == $0.hash } ?? false)
            let trust: InstalledPack.Trust = entry == nil ? .handCopied : entry?.trusted == nil ? .waiting
                : linked || (try? PackHash.hooks(pack.location.root)) == entry?.trusted ? .trusted : .hooksChanged
            return InstalledPack(id: id, version: pack.manifest.version ?? entry?.version, locked: entry != nil, sourceKind: entry?.source.kind,
                                 sourcePath: entry.flatMap { $0.source.path ?? $0.source.url }, ref: entry?.source.ref,
                                 resolved: entry?.resolved, hash: entry?.hash, intact: intact, trust: trust,
                                 trackers: catalog.trackers.filter { $0.origin.pack == id }.map(\.id),
                                 requiredBy: catalog.packs.filter { $0.manifest.requires[id] != nil }.map(\.location.id).sorted())
        }
    }
}

/// What removing a pack would do.
public struct PackRemoval: Sendable {
    public let id: String
    /// Its trackers that would lose their definition, by id.
    public let trackers: [String]
    let folder: String
}

extension Runtime {
    /// Checks that a pack can go (SPEC §8): nothing else requires it and no
    /// tracker of the home extends it.
    public func planRemoval(of id: String) throws(RuntimeError) -> PackRemoval {
        guard let pack = catalog.packs.first(where: { $0.location.kind == .installed && $0.location.id == id }) else {
            throw .packRefused("no pack '\(id)' is installed; 'haven pack list' lists them")
        }
        let requiring = catalog.packs.filter { $0.manifest.requires[id] != nil && $0.location.id != id }.map(\.location.id)
        let extending = catalog.trackers.filter { tracker in
            tracker.origin.pack == "local" && tracker.origin.extends.contains { $0.hasPrefix(id + "/") }
        }.map(\.origin.file)
        guard requiring.isEmpty && extending.isEmpty else {
            let reasons = (requiring.isEmpty ? [] : ["the pack\(requiring.count == 1 ? "" : "s") "
                    + requiring.sorted().joined(separator: ", ") + " require\(requiring.count == 1 ? "s" : "") it"])
                + (extending.isEmpty ? [] : [extending.sorted().joined(separator: ", ") + " extend\(extending.count == 1 ? "s" : "")"
                    + " its presets"])
            throw .packRefused("'\(id)' stays: " + reasons.joined(separator: ", and ") + "; remove or change "
                + "\(requiring.count + extending.count == 1 ? "that" : "those") first")
        }
        return PackRemoval(id: id, trackers: catalog.trackers.filter { $0.origin.pack == id }.map(\.id),
                           folder: pack.location.root)
    }

    /// Removes a pack's folder and its lock line; entries are never deleted.
    public func remove(_ removal: PackRemoval) throws(RuntimeError) {
        var lock = try readLock()
        // Out of `packs/` with one rename first, so that a failure to write the lock can put it back.
        let aside = Staging.name(for: layout.configRoot + "/.pack-\(removal.id)-removed")
        guard rename(removal.folder, aside) == 0 else {
            throw .homeNotWritable(removal.folder, reason: String(cString: strerror(errno)))
        }
        lock.packs[removal.id] = nil
        do {
            try PackFolder.writeLock(lock, to: lockPath)
        } catch {
            _ = rename(aside, removal.folder)
            throw .homeNotWritable(lockPath, reason: "\(error)")
        }
        try? FileManager.default.removeItem(atPath: aside)
        try? FileManager.default.removeItem(atPath: previousPacks + "/" + removal.id)
        try? FileManager.default.removeItem(atPath: previousPacks + "/" + removal.id + ".lock")
    }

    /// Scaffolds a new pack folder that validates (SPEC §8 `pack new`).
    public func scaffoldPack(_ id: String, in directory: String) throws(RuntimeError) -> String {
        if let problem = PackLocation.problem(withName: id) {
            throw .packRefused(problem.replacingOccurrences(of: "rename the folder", with: "choose another name"))
        }
        let folder = directory + "/" + id
        guard PlainFile.kind(folder) == .missing else {
            throw .packRefused("\(id) already exists here; choose another name or another folder")
        }
        let major = Version(HavenVersion.current)?.major ?? 0
        let files = [
            "pack.yaml": """
                # A Haven pack: share this folder (or push it to a git host) and others install it with
                #   haven pack install \(id)
                id: \(id)
                name: \(id)
                version: "0.1.0"
                description: What these trackers help with.
                haven: ">=\(HavenVersion.current.split(separator: ".").prefix(2).joined(separator: ".")), <\(major + 1).0"

                """,
            "presets/example.yaml": """
                # A preset: people use it with a tracker file of their own holding `extends: \(id)/example`.
                name: Example
                input: check

                """,
            "README.md": """
                # \(id)

                A pack of Haven trackers. `trackers/` holds trackers that go live when the pack is
                installed; `presets/`, `levels/` and `rewards/` hold what trackers extend and refer to;
                `hooks/` holds Lua hooks. Check it with `haven validate .` before you share it.

                """,
        ]
        do {
            for sub in ["trackers", "presets", "levels", "rewards", "hooks"] {
                try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            }
            for (path, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
            }
        } catch {
            throw .homeNotWritable(folder, reason: error.localizedDescription)
        }
        return folder
    }
}

extension Runtime {
    /// What an installed pack brings, for the trust question.
    public func trustSummary(of id: String, currentDirectory: String) throws(RuntimeError) -> PackSummary {
        let root = layout.packs + "/" + id
        guard FileSystem.isDirectory(root), !id.hasPrefix(".") else {
            throw .packRefused("no pack '\(id)' is installed; 'haven pack list' lists them")
        }
        // Loaded as if trusted, to see what trust would make live.
        var locations = Runtime.packLocations(core: corePack, layout: layout, currentDirectory: currentDirectory)
        locations.removeAll { $0.id == id }
        let shown = layout.configDisplay + "/packs/" + id
        locations.insert(PackLocation(id: id, root: root, display: shown, kind: .installed), at: locations.count - 1)
        let catalog = CatalogLoader.load(locations, havenVersion: HavenVersion.current)
        let manifest = catalog.packs.first { $0.location.id == id }?.manifest ?? PackManifest()
        return summary(of: id, in: catalog, manifest: manifest, source: shown)
    }

    /// Trusts (or, with `false`, untrusts) an installed pack's hooks as they are now.
    public func setTrust(_ id: String, _ trusted: Bool) throws(RuntimeError) {
        var lock = try readLock()
        guard var entry = lock.packs[id] else {
            throw .packRefused("'\(id)' is not in \(layout.configDisplay)/packs.lock; only packs installed with 'haven pack "
                + "install' are trusted or untrusted")
        }
        do {
            entry.trusted = trusted ? try PackHash.hooks(layout.packs + "/" + id) : nil
            lock.packs[id] = entry
            try PackFolder.writeLock(lock, to: lockPath)
        } catch {
            throw .homeNotWritable(lockPath, reason: "\(error)")
        }
    }
}

extension Runtime {
    /// `pack install` with no source (SPEC §8): every pack of `packs.lock`
    /// that is missing is fetched again and must hash exactly as recorded.
    /// Every pack is staged and checked before any moves into place, so a
    /// failure leaves the home as it was; the lock is never rewritten.
    /// Returns each pack's id and whether it was restored.
    /// Fetches exactly what a lock line records into `scratch` (a git
    /// source at its commit, an archive with its sha256, a folder as it is)
    /// and returns the folder holding the pack's files.
    func fetchRecorded(_ entry: PackLock.Entry, into scratch: String) throws(RuntimeError) -> String {
        switch (entry.source.kind, entry.source.path, entry.source.url, entry.resolved) {
        case ("folder", let path?, _, _):
            guard FileSystem.isDirectory(path) else { throw .packRefused("the folder is gone") }
            return path
        case ("git", _, let url?, let commit?):
            do {
                try GitSource.fetch(url, commit: commit, into: scratch)
            } catch {
                throw Runtime.gitProblem(error, "git says: \(error)")
            }
            return scratch
        case ("archive", let path?, _, _):
            guard PlainFile.kind(path) != .missing else { throw .packRefused("the archive is gone") }
            return try unpack(path, shown: path, sha256: entry.source.sha256, into: scratch).root
        case ("archive", nil, let url?, _):
            guard let sha256 = entry.source.sha256 else { throw .packRefused("the lock records no sha256 for it") }
            return try download(url, sha256: sha256, into: scratch)
        default:
            throw .packRefused("this Haven cannot fetch a \(entry.source.kind) source")
        }
    }

    public func restorePacks() throws(RuntimeError) -> [(id: String, restored: Bool)] {
        let lock = try readLock()
        var staged: [(id: String, staging: String, destination: String)] = []
        var links: [(id: String, folder: String)] = []
        var result: [(id: String, restored: Bool)] = []
        func discardAll() { for item in staged { try? FileManager.default.removeItem(atPath: item.staging) } }
        for (id, entry) in lock.packs.sorted(by: { $0.key < $1.key }) {
            if Interruption.wasRequested {
                discardAll()
                throw .interrupted(action: "restored")
            }
            let destination = layout.packs + "/" + id
            if entry.source.kind == "link" {
                result.append((id, PlainFile.kind(destination) == .missing))
                links.append((id, entry.source.path ?? ""))
                continue
            }
            if PlainFile.kind(destination) != .missing {
                guard (try? PackHash.h1(destination)) == entry.hash else {
                    discardAll()
                    throw .packRefused("\(layout.configDisplay)/packs/\(id) differs from packs.lock (modified locally); "
                        + "nothing was restored. Move it aside to restore it as recorded")
                }
                result.append((id, false))
                continue
            }
            let scratch = Staging.name(for: layout.configRoot + "/.pack-fetch-\(id)")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let source = entry.source.url ?? entry.source.path ?? "?"
            let root: String
            do throws(RuntimeError) {
                root = try fetchRecorded(entry, into: scratch)
            } catch {
                discardAll()
                if case .serviceUnavailable = error { throw error }
                throw .packRefused("cannot restore '\(id)' from \(source): \(error.refusal); nothing was restored")
            }
            let staging = Staging.name(for: layout.configRoot + "/.pack-\(id)")
            try? FileManager.default.removeItem(atPath: staging)
            staged.append((id, staging, destination))
            do {
                // A checkout or an unpacked archive is Haven's own: it moves; a folder is copied.
                if entry.source.kind == "folder" || rename(root, staging) != 0 { try PackFolder.copy(root, to: staging) }
            } catch {
                discardAll()
                if case .cannotWrite(_, let reason) = error { throw writeProblem(staging, reason, action: "restored") }
                throw .packRefused("cannot restore '\(id)' from \(source): \(error); nothing was restored")
            }
            let hash: String
            do {
                hash = try PackHash.h1(staging, fileLimit: 16 << 20)
            } catch {
                discardAll()
                throw .packRefused("cannot restore '\(id)' from \(source): \(error); nothing was restored")
            }
            guard hash == entry.hash else {
                discardAll()
                throw .packRefused("cannot restore '\(id)': \(source) no longer holds the content packs.lock records "
                    + "(\(entry.hash)); nothing was restored. 'haven pack update \(id)' will take the new content")
            }
            result.append((id, true))
        }
        for link in links where PlainFile.kind(layout.packs + "/" + link.id) == .missing {
            guard FileSystem.isDirectory(link.folder) else {
                discardAll()
                throw .packRefused("cannot restore '\(link.id)': it links to \(link.folder), which is gone; nothing was "
                    + "restored")
            }
        }
        if Interruption.wasRequested {
            discardAll()
            throw .interrupted(action: "restored")
        }
        if !(staged.isEmpty && links.isEmpty), PlainFile.kind(layout.packs) == .missing {
            try? FileManager.default.createDirectory(atPath: layout.packs, withIntermediateDirectories: true)
        }
        for (index, item) in staged.enumerated() {
            do {
                try PackFolder.commit(item.staging, to: item.destination)
            } catch {
                // Take back what moved, so that nothing half-restored stays.
                for done in staged[..<index] { try? FileManager.default.removeItem(atPath: done.destination) }
                discardAll()
                throw writeProblem(item.destination, "\(error)", action: "restored")
            }
        }
        for link in links where PlainFile.kind(layout.packs + "/" + link.id) == .missing {
            guard symlink(link.folder, layout.packs + "/" + link.id) == 0 else {
                throw .homeNotWritable(layout.packs + "/" + link.id, reason: String(cString: strerror(errno)))
            }
        }
        return result
    }
}

extension RuntimeError {
    /// A refusal's message, to be said again inside a longer one.
    var refusal: String {
        if case .packRefused(let message) = self { return message }
        return "\(self)"
    }
}
