import Foundation
import HavenCore
import HavenSystem

/// A pack in a git repository (SPEC §8), fetched with the system `git`
/// program, run directly (never through a shell) with a clean environment.
public enum GitSource {
    public enum Problem: Error, Equatable {
        /// No `git` program on this machine.
        case gitMissing
        /// git said no: what it printed.
        case failed(String)
        /// No tag, branch or commit matches the ref.
        case noMatch(ref: String, tags: [String])
        /// A git call did not end within `Fetching.seconds`.
        case timedOut(seconds: Int)
        /// The repository git fetched grew past `PackArchive.sizeLimit`.
        case repositoryTooLarge
        /// What the commit would check out breaks an archive's caps (entries,
        /// sizes) or holds a link or a submodule: nothing was checked out.
        case tree(PackArchive.Problem)
        case interrupted
    }

    /// True for what reads as a git source: an address ending in `.git` or
    /// using a URL scheme, or a local repository named with `--ref`. A local
    /// repository without `--ref` is a plain folder: its files as they are.
    public static func looksLikeGit(_ source: String, absolute: String, ref: String?) -> Bool {
        source.hasSuffix(".git") || source.contains("://") || source.hasPrefix("git@")
            || (ref != nil && PlainFile.kind(absolute + "/.git") == .folder)
    }

    /// Clones `url` at `ref` into `folder` and returns the commit it resolved
    /// to and the version it names (for a `vX.Y.Z` tag). `ref` is a tag, a
    /// branch, a commit, or a version range over the `vX.Y.Z` tags (the
    /// highest match); nil takes the highest version tag, else the default branch.
    /// Afterwards `folder` holds the checked-out files only, no `.git`.
    public static func fetch(_ url: String, ref: String?, into folder: String) throws(Problem) -> (commit: String, version: String?) {
        // One clone, then the tags read from the clone's own files: two git
        // processes in all, where asking the remote first would be a third.
        // The repository goes beside the folder, so that the checkout writes
        // the pack's files once, straight into the folder Haven stages.
        let repository = folder + ".git"
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            unlink(folder + "/.git")
        }
        try clone(url, into: folder, repository: repository)
        let tags = localVersionTags(repository)
        var target = ref
        var version: Version?
        let commitLike = ref.map { $0.count >= 7 && $0.allSatisfy(\.isHexDigit) } ?? false
        if let ref, !commitLike, let range = VersionRange(ref) {
            guard let best = range.best(of: tags.keys) else { throw .noMatch(ref: ref, tags: tags.values.sorted()) }
            target = tags[best]
            version = best
        } else if ref == nil, let best = tags.keys.max() {
            target = tags[best]
            version = best
        } else if let ref, let tagged = tags.first(where: { $0.value == ref }) {
            version = tagged.key
        }
        // A tag or commit as it is; a branch other than the default one as
        // the remote has it; else the default branch.
        var commit = try resolve(target ?? "HEAD", in: folder)
        if commit == nil, let target { commit = try resolve("origin/" + target, in: folder) }
        guard let commit else { throw .noMatch(ref: target ?? "HEAD", tags: tags.values.sorted()) }
        try checkOut(commit, in: folder)
        return (try head(of: repository, checkout: folder), version?.description)
    }

    /// For a repository on this machine, `--shared`: the clone borrows its
    /// objects instead of linking or copying each one, and it lives only
    /// for one checkout.
    static func shared(_ url: String) -> [String] {
        url.contains("://") || url.hasPrefix("git@") || url.contains(":") && !url.hasPrefix("/") ? [] : ["--shared"]
    }

    /// The commit a checkout's HEAD is at: read from the repository's `HEAD`
    /// when it is detached (always, after a checkout of a tag or commit), else asked of git.
    static func head(of repository: String, checkout: String) throws(Problem) -> String {
        if case .bytes(let bytes) = PlainFile.contents(repository + "/HEAD", limit: 4096) {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.count >= 40, text.allSatisfy(\.isHexDigit) { return text }
        }
        return try run(["-C", checkout, "rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `vX.Y.Z` tags of a repository, from its `packed-refs` and `refs/tags/`.
    static func localVersionTags(_ repository: String) -> [Version: String] {
        var names: [String] = []
        if case .bytes(let bytes) = PlainFile.contents(repository + "/packed-refs", limit: 64 << 20) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#")
                && !line.hasPrefix("^") {
                if let name = line.split(separator: " ").last, name.hasPrefix("refs/tags/") {
                    names.append(String(name.dropFirst("refs/tags/".count)))
                }
            }
        }
        names += (try? FileManager.default.contentsOfDirectory(atPath: repository + "/refs/tags")) ?? []
        var tags: [Version: String] = [:]
        for name in names where name.hasPrefix("v") {
            if let version = Version(name) { tags[version] = name }
        }
        return tags
    }

    /// Clones `url` at exactly `commit` (a restore from the lock).
    public static func fetch(_ url: String, commit: String, into folder: String) throws(Problem) {
        let repository = folder + ".git"
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            unlink(folder + "/.git")
        }
        try clone(url, into: folder, repository: repository)
        guard let resolved = try resolve(commit, in: folder) else { throw .noMatch(ref: commit, tags: []) }
        try checkOut(resolved, in: folder)
    }

    /// Clones without checking out, stopped once the repository outgrows
    /// what an archive may hold.
    static func clone(_ url: String, into folder: String, repository: String) throws(Problem) {
        _ = try run(["clone", "--quiet", "--no-checkout"] + shared(url) + ["--separate-git-dir", repository, url, folder],
                    watch: { FileSystem.size(of: repository) > PackArchive.sizeLimit })
        // A clone faster than one look ends before it is watched.
        guard FileSystem.size(of: repository) <= PackArchive.sizeLimit else { throw .repositoryTooLarge }
    }

    /// The commit `name` (a tag, a branch, a commit) names, or nil.
    static func resolve(_ name: String, in folder: String) throws(Problem) -> String? {
        do {
            let said = try run(["-C", folder, "rev-parse", "--verify", "--quiet", "--end-of-options", name + "^{commit}"])
            return said.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            if case .failed = error { return nil }
            throw error
        }
    }

    /// Checks `commit`'s tree against an archive's caps, from git's listing
    /// (no file written yet), then checks it out.
    static func checkOut(_ commit: String, in folder: String) throws(Problem) {
        let listing = try run(["-C", folder, "ls-tree", "-r", "-l", "-z", "--full-tree", commit])
        if let problem = checkTree(listing) { throw .tree(problem) }
        _ = try run(["-C", folder, "checkout", "--quiet", "--detach", commit])
    }

    /// The repository's `vX.Y.Z` tags, by version.
    public static func versionTags(_ url: String) throws(Problem) -> [Version: String] {
        var tags: [Version: String] = [:]
        for line in try run(["ls-remote", "--tags", url]).split(separator: "\n") {
            guard let name = line.split(separator: "\t").last?.replacingOccurrences(of: "refs/tags/", with: ""),
                  !name.hasSuffix("^{}"), name.hasPrefix("v"), let version = Version(name) else { continue }
            tags[version] = name
        }
        return tags
    }

    /// The commit a branch of the repository points to now, or nil.
    public static func head(_ url: String, branch: String) throws(Problem) -> String? {
        try run(["ls-remote", "--heads", url, branch]).split(separator: "\t").first.map(String.init)
    }

    /// Runs git with `arguments`, never through a shell, with a clean
    /// environment and no prompts, within `Fetching.seconds` (and what
    /// `watch` watches); its output, or what it said on failure.
    static func run(_ arguments: [String], watch: (() -> Bool)? = nil) throws(Problem) -> String {
        guard let git = Program.find("git") else { throw .gitMissing }
        let seconds = Fetching.seconds
        guard let result = Program.run(git, arguments, environment: [
            "PATH=/usr/bin:/bin", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "HOME=" + NSTemporaryDirectory(),
            "GIT_CONFIG_NOSYSTEM=1",
        ], bounds: .init(seconds: Double(seconds), watch: watch)) else { throw .gitMissing }
        switch result.stopped {
        case .timedOut: throw .timedOut(seconds: seconds)
        case .watched: throw .repositoryTooLarge
        case .interrupted: throw .interrupted
        case .outputTooLarge, .cannotWrite, nil: break
        }
        guard result.succeeded else { throw .failed(result.complaint(name: "git")) }
        return String(decoding: result.output, as: UTF8.self)
    }
}

extension GitSource {
    /// A git tree's listing (`ls-tree -r -l -z`) checked as an archive's
    /// entries are, before git writes a file: how many, how large each
    /// and all, and no link or submodule.
    static func checkTree(_ listing: String) -> PackArchive.Problem? {
        var entries = 0, total = 0
        for record in listing.split(separator: "\0") {
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            let path = String(record[record.index(after: tab)...])
            guard fields.count == 4 else { continue }
            entries += 1
            guard entries <= PackArchive.entryLimit else { return .tooManyEntries }
            if fields[0] == "120000" { return .notPlain(path, what: .link) }
            if fields[0] == "160000" { return .notPlain(path, what: .other("is a submodule, which a pack may not hold")) }
            let size = Int(fields[3]) ?? 0
            guard size <= PackArchive.fileLimit else { return .fileTooLarge(path, bytes: size) }
            total += size
            guard total <= PackArchive.sizeLimit else { return .unpacksTooLarge }
        }
        return nil
    }
}
