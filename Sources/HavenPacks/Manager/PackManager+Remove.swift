import Foundation
import HavenConfig
import HavenCore
import HavenSystem

/// What removing a pack would do.
public struct PackRemoval: Sendable {
    public let id: String
    /// Its trackers that would lose their definition, by id.
    public let trackers: [String]
    let folder: String
}

extension PackManager {
    /// Checks that a pack can go (SPEC §8): nothing else requires it and no
    /// tracker of the home extends it.
    public func planRemoval(of id: String) throws(PackError) -> PackRemoval {
        guard let pack = catalog.packs.first(where: { $0.location.kind == .installed && $0.location.id == id }) else {
            throw .notInstalled(id)
        }
        let requiring = catalog.packs.filter { $0.manifest.requires[id] != nil && $0.location.id != id }.map(\.location.id)
        let extending = catalog.trackers.filter { tracker in
            tracker.origin.pack == "local" && tracker.origin.extends.contains { $0.hasPrefix(id + "/") }
        }.map(\.origin.file)
        guard requiring.isEmpty && extending.isEmpty else {
            throw .stillNeeded(id: id, requiredBy: requiring.sorted(), extendedBy: extending.sorted())
        }
        return PackRemoval(id: id, trackers: catalog.trackers.filter { $0.origin.pack == id }.map(\.id),
                           folder: pack.location.root)
    }

    /// Removes a pack's folder and its lock line; entries are never deleted.
    public func remove(_ removal: PackRemoval) throws(PackError) {
        var lock = try readLock()
        lock.packs[removal.id] = nil
        // Out of `packs/` with the lock line, together; then deleted, with any version kept for rollback.
        let aside = Staging.name(for: home.root + "/.pack-\(removal.id)-removed")
        let kept = home.previous + "/" + removal.id
        do {
            try change([.init(from: removal.folder, to: aside)], lock: lock, leftovers: [aside, kept, kept + ".lock"])
        } catch {
            throw .cannotWrite(path: removal.folder, reason: PackManager.reason(error))
        }
    }

    /// Scaffolds a new pack folder that validates (SPEC §8 `pack new`).
    public func scaffold(_ id: String, in directory: String) throws(PackError) -> String {
        if let problem = PackManager.nameProblem(id, .another) { throw problem }
        let folder = directory + "/" + id
        guard PlainFile.kind(folder) == .missing else { throw .folderExists(id) }
        let version = source.havenVersion
        let major = Version(version)?.major ?? 0
        let files = [
            "pack.yaml": """
                # A Haven pack: share this folder (or push it to a git host) and others install it with
                #   haven pack install \(id)
                id: \(id)
                name: \(id)
                version: "0.1.0"
                description: What these trackers help with.
                haven: ">=\(version.split(separator: ".").prefix(2).joined(separator: ".")), <\(major + 1).0"

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
            throw .cannotWrite(path: folder, reason: error.localizedDescription)
        }
        return folder
    }
}
