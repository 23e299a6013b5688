import HavenConfig
import HavenCore
import HavenSystem

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

extension PackManager {
    /// Asks each locked pack's source what it holds now (SPEC §8 `pack list
    /// --outdated`): git tags and branch heads, folder and archive contents.
    public func outdated() throws(PackError) -> [OutdatedPack] {
        var result: [OutdatedPack] = []
        for (id, entry) in try readLock().packs.sorted(by: { $0.key < $1.key }) {
            defer { if result.last?.id == id { result[result.count - 1].ref = entry.source.ref } }
            let current = entry.version
            switch (entry.source.kind, entry.source.url, entry.source.path) {
            case (.git, let url?, _):
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
                    throw PackManager.git(error, or: .cannotAskVersions(url: url, problem: error))
                }
            case (.folder, _, let path?):
                if FileSystem.isDirectory(path), (try? PackHash.h1(path)) != entry.hash {
                    result.append(OutdatedPack(id: id, current: current, wanted: nil, latest: nil))
                }
            case (.archive, _, let path?):
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
