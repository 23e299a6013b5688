import Foundation
import HavenConfig
import HavenCore
import HavenHooks
import HavenPacks
import HavenSystem

extension Runtime {
    /// This home's pack manager (SPEC §8), over the catalog this command loaded.
    public var packs: PackManager {
        PackManager(home: PackHome(root: layout.configRoot, display: layout.configDisplay, packs: layout.packs),
                    source: RuntimePackSource(runtime: self))
    }

    /// Every preset a person can add, as `pack/id`: the core pack's and each
    /// installed pack's `presets/` files.
    public var presetReferences: [String] {
        let packs = [("core", corePack)] + self.packs.installedNames.map { ($0, layout.packs + "/" + $0) }
        return packs.flatMap { pack, root in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/presets")) ?? [])
                .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }
                .map { pack + "/" + $0.dropLast(".yaml".count) }
        }.sorted()
    }

    /// `pack export`: the home's own trackers `ids` (all of them when
    /// empty) as the pack `name`; see `PackManager.export`.
    public func exportPack(_ ids: [String], name: String, version: String, output: String?,
                           currentDirectory: String) throws(RuntimeError) -> PackExport {
        let packs = self.packs
        let target: ExportTarget
        do {
            target = try packs.exportTarget(name: name, version: version, output: output, currentDirectory: currentDirectory)
        } catch {
            throw .packs(error)
        }
        var trackers: [TrackerDefinition] = []
        for id in ids {
            let tracker = try self.tracker(id)
            guard tracker.origin.pack == "local" else { throw .packs(.fromAnotherPack(id: id, pack: tracker.origin.pack)) }
            trackers.append(tracker)
        }
        do {
            return try packs.export(target, trackers: ids.isEmpty ? nil : trackers, currentDirectory: currentDirectory)
        } catch {
            throw .packs(error)
        }
    }
}

/// What the pack manager asks of the runtime, answered from it.
struct RuntimePackSource: PackCatalogSource {
    let runtime: Runtime

    var catalog: Catalog { runtime.catalog }
    var havenVersion: String { HavenVersion.current }

    func locations(currentDirectory: String) -> [PackLocation] {
        Runtime.packLocations(core: runtime.corePack, layout: runtime.layout, currentDirectory: currentDirectory)
    }

    func everything(currentDirectory: String) -> Catalog {
        Runtime.loadCatalog(core: runtime.corePack, layout: runtime.layout, currentDirectory: currentDirectory,
                            scope: .everything)
    }

    /// The packs' trackers and files, and, when one of them brings report
    /// templates, the templates as the report would load them.
    func problems(in catalog: Catalog, packs: Set<String>) -> [Diagnostic] {
        var diagnostics = Validation.check(catalog, packs: packs).diagnostics
        let locations = catalog.packs.map(\.location)
        if locations.contains(where: { packs.contains($0.id) && FileSystem.isDirectory($0.root + "/report") }) {
            do {
                _ = try ReportTemplateFiles(folders: Runtime.reportFolders(in: locations))
            } catch {
                diagnostics.append(error.diagnostic)
            }
        }
        return diagnostics
    }

    func hookPoints(in reference: HookReference) -> [String] { runtime.hooks.hookPoints(in: reference) }
}

/// What one pack holds, for `show PACK/` (loaded with the `.everything` scope).
public struct PackContents: Sendable {
    public var id: String
    public var manifest: PackManifest
    /// Its presets by `pack/id`, sorted.
    public var presets: [(reference: String, definition: TrackerDefinition)]
    public var levelSets: [(reference: String, levels: LevelSet)]
    public var rewards: [(reference: String, rule: RewardRule)]
}

extension Runtime {
    /// What the loaded pack `id` holds, nil when no pack of that id is loaded.
    public func contents(ofPack id: String) -> PackContents? {
        guard let pack = catalog.packs.first(where: { $0.location.id == id }) else { return nil }
        let prefix = id + "/"
        return PackContents(
            id: id, manifest: pack.manifest,
            presets: catalog.presets.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            levelSets: catalog.levelSets.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            rewards: catalog.rewards.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The names of the loaded packs (`core`, `local` and each installed one).
    public var loadedPacks: [String] { catalog.packs.map(\.location.id) }
}
