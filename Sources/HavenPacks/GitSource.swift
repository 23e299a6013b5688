import Foundation
import HavenCore

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
    public static func fetch(_ url: String, ref: String?, into folder: String) throws(Problem) -> (commit: String, version: String?) {
        let tags = try versionTags(url)
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
        _ = try run(["clone", "--quiet", "--no-checkout", url, folder])
        if let target {
            // A tag or commit as it is; a branch other than the default one as the remote has it.
            do {
                _ = try run(["-C", folder, "checkout", "--quiet", "--detach", target])
            } catch {
                do {
                    _ = try run(["-C", folder, "checkout", "--quiet", "--detach", "origin/" + target])
                } catch {
                    throw .noMatch(ref: target, tags: tags.values.sorted())
                }
            }
        } else {
            _ = try run(["-C", folder, "checkout", "--quiet"])
        }
        let commit = try run(["-C", folder, "rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (commit, version?.description)
    }

    /// Clones `url` at exactly `commit` (a restore from the lock).
    public static func fetch(_ url: String, commit: String, into folder: String) throws(Problem) {
        _ = try run(["clone", "--quiet", "--no-checkout", url, folder])
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

    /// Runs git with `arguments`; its output, or what it said on failure.
    static func run(_ arguments: [String]) throws(Problem) -> String {
        guard let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw .gitMissing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C",
                               "HOME": NSTemporaryDirectory()]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .gitMissing
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // git's first `fatal:` or `error:` line says what went wrong; the lines after it are advice.
            let lines = said.split(separator: "\n").map(String.init)
            let line = lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.last
            throw .failed(line ?? "git exited \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension GitSource.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .gitMissing: return "git is not installed"
        case .failed(let said): return said
        case .noMatch(let ref, let tags):
            return "no tag, branch or commit matches '\(ref)'" + (tags.isEmpty ? "" : " (its version tags: "
                + tags.joined(separator: ", ") + ")")
        }
    }
}
